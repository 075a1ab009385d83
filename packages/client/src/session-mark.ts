/**
 * A short mark of a session token (FNV-1a, 32 bits, hex). A host's server puts it beside what it
 * read with the visitor's cookie (the widget's serverState), and the widget compares it with its
 * own cookie's: was the page drawn for this browser's session, or for another (another cookie of
 * the name, a page from a cache)? 32 bits of a 256-bit random token tell nothing of the token.
 */
export function sessionMark(token: string | null | undefined): string | null {
  if (!token) return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
