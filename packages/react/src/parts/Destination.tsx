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
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order; a piece may repeat ('.example' in a.example@b.example) and the list is only ever replaced whole
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </b>
  );
}
