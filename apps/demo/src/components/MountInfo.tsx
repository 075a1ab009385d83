import { Fragment, type ReactNode } from 'react';

/** Says which mount a page shows and with what configuration, so a reader can reproduce it. */
export function MountInfo({ mount, component, config, note }: { mount: string; component: string; config: unknown; note?: ReactNode }) {
  // On a narrow screen a long name wraps between its words ('Passkey', 'Registration'), never inside one.
  const words = component.split(/(?=[A-Z])/);
  return (
    <section className="mount-info" aria-label="Mount and configuration">
      <h1>
        Mount: {mount}{' '}
        <code>
          &lt;
          {words.map((word, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed tag name never move
            <Fragment key={index}>
              {index > 0 && <wbr />}
              {word}
            </Fragment>
          ))}
          &gt;
        </code>
      </h1>
      {note && <p>{note}</p>}
      <details>
        <summary>Configuration</summary>
        <pre data-testid="mount-config">{JSON.stringify(config, null, 2)}</pre>
      </details>
    </section>
  );
}
