import { stylesheet as css } from '../styles/stylesheet';

type StyleTarget = Document | ShadowRoot;

/** One <style> element per document head or shadow root, shared by every widget mounted there. */
const users = new WeakMap<StyleTarget, { element: HTMLStyleElement; count: number }>();

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
    element.textContent = css;
    if (isDocument(target)) target.head.appendChild(element);
    else target.prepend(element);
    entry = { element, count: 0 };
    users.set(target, entry);
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
      users.delete(target);
    }
  };
}
