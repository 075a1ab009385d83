/**
 * The page's localStorage, or null where there is none (a server, a worker) or the page may not use
 * it (a sandboxed frame, blocked storage: reading the property itself throws there).
 */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
