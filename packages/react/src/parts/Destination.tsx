import { Fragment } from 'react';

/**
 * Where something was sent, in bold. A long email address may wrap, but at its '@' and dots
 * (a <wbr> before each), never inside a name; only a single part too long for the line is broken
 * (overflow-wrap: break-word in the stylesheet). A phone number moves to the next line whole.
 */
export function Destination({ value, phone = false }: { value: string; phone?: boolean }) {
  if (phone) return <b className="vst-destination vst-destination--phone">{value}</b>;
  const parts = value.split(/(?=[@.])/);
  return (
    <b className="vst-destination">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </b>
  );
}
