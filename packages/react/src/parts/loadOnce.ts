/**
 * Code fetched once and shared by every part that draws it: `load()` starts the fetch (after a
 * failure the next call tries again), `ready()` is what arrived, or null. A part drawn once the code
 * is in draws it at once, where React's lazy() would draw its fallback for a frame on its first use.
 */
export function loadOnce<T>(fetch: () => Promise<T>): { load(): Promise<T>; ready(): T | null } {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= fetch().then(
        (value) => (loaded = value),
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
    ready: () => loaded,
  };
}
