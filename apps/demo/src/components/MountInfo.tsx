/** Says which mount a page shows and with what configuration, so a reader can reproduce it. */
export function MountInfo({ mount, component, config, note }: { mount: string; component: string; config: unknown; note?: string }) {
  return (
    <section className="mount-info" aria-label="Mount and configuration">
      <h1>
        Mount: {mount} <code>&lt;{component}&gt;</code>
      </h1>
      {note && <p>{note}</p>}
      <details>
        <summary>Configuration</summary>
        <pre data-testid="mount-config">{JSON.stringify(config, null, 2)}</pre>
      </details>
    </section>
  );
}
