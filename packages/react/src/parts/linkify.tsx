import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits a message into text and links: every http(s) URL becomes an <a> that opens in a new tab.
 * The result is React nodes built from plain strings, so any HTML in the message stays text.
 */
export function linkify(message: string, newTabHint: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    if (start > last) nodes.push(message.slice(last, start));
    nodes.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer" className="vst-link">
        {url}
        <span className="vst-visually-hidden"> {newTabHint}</span>
      </a>,
    );
    last = start + url.length;
  }
  if (last < message.length) nodes.push(message.slice(last));
  return nodes;
}
