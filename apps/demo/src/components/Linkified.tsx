const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its http(s) URLs made into links, built as elements (never parsed as HTML). */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="outbox-text">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // The parts never move or change while shown: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a split text's parts are fixed
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
