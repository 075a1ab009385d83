import { stylesheet as css } from '../styles/stylesheet';

type StyleTarget = Document | ShadowRoot;

/** One <style> element per document head or shadow root, shared by every widget mounted there. */
const users = new WeakMap<StyleTarget, { element: HTMLStyleElement; count: number }>();
/** The elements in use, to add the later rules to. */
const elements = new Set<HTMLStyleElement>();
/** The rules that arrived after the first paint (src/later/), once they have; added at most once. */
let later = '';

/** Adds the later screens' rules to every stylesheet in use and to those made from now on. */
export function addStyles(rules: string): void {
  if (later.includes(rules)) return;
  later += `\n${rules}`;
  for (const element of elements) element.textContent += `\n${rules}`;
}

/**
 * Puts the stylesheet into document.head, or into the shadow root the widget renders in. The
 * nonce lets it pass a strict Content-Security-Policy (style-src 'nonce-…'). Returns a release
 * function; the element is removed when its last widget goes.
 */
export function injectStyles(target: StyleTarget, nonce: string | undefined): () => void {
  // nodeType 9 is a Document (instanceof fails across realms, e.g. iframes and test DOMs).
  const isDocument = (t: StyleTarget): t is Document => t.nodeType === 9;
  let entry = users.get(target);
  if (!entry) {
    const doc = isDocument(target) ? target : target.ownerDocument;
    const element = doc.createElement('style');
    element.setAttribute('data-vestibule', '');
    if (nonce) {
      element.setAttribute('nonce', nonce);
      element.nonce = nonce;
    }
    element.textContent = css + later;
    if (isDocument(target)) target.head.appendChild(element);
    else target.prepend(element);
    entry = { element, count: 0 };
    users.set(target, entry);
    elements.add(element);
  }
  entry.count += 1;
  const current = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.count -= 1;
    if (current.count === 0) {
      current.element.remove();
      elements.delete(current.element);
      users.delete(target);
    }
  };
}
