import { useId, useState } from 'react';

/**
 * Code to copy: shown whole (it wraps, so it reads on a phone too), and a button that puts it on
 * the clipboard and says whether it did. A new code (the choices changed) starts unsaid: the page
 * gives each code its own block (key).
 */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  const id = useId();
  const [said, setSaid] = useState('');
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => setSaid('Copied.'),
      () => setSaid('Could not copy: select the code and copy it yourself.'),
    );
  return (
    <section className="code-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <pre>
        <code>{code}</code>
      </pre>
      <p className="code-actions">
        <button type="button" onClick={() => void copy()}>
          Copy the {title} code
        </button>{' '}
        <span role="status">{said}</span>
      </p>
    </section>
  );
}
