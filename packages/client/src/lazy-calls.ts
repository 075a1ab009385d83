/**
 * A namespace of the client whose members are all asynchronous calls (`client.passwords`,
 * `client.otps.sms`, `client.oauth.google`), made by `load` on the first call. Its code is then a
 * chunk of its own that a page downloads when it first makes one of those calls: a sign-in page
 * offering magic links never downloads the account page's or the passwords' calls, and none of
 * them weigh on the first paint.
 *
 * The namespace reads as before: a member read gives a function that is also the namespace below
 * it (`otps.sms` then `.loginOrCreate`); calling one waits for the namespace, then makes the real
 * call with the same arguments and answers what it answers. `then` reads as absent, so a
 * namespace is never taken for a promise. A load that fails (a network blip) rejects that call
 * and the next call loads again.
 */
export function lazyCalls<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  const loaded = (): Promise<T> => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  const member = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? member([...path, key]) : undefined),
      apply: async (_target, _this, args: unknown[]) => {
        let owner = (await loaded()) as Record<string, unknown>;
        for (const key of path.slice(0, -1)) owner = owner[key] as Record<string, unknown>;
        const call = owner[path[path.length - 1]!];
        if (typeof call !== 'function') throw new TypeError(`Vestibule client: ${path.join('.')} is not a call.`);
        return call.apply(owner, args);
      },
    });
  return member([]) as T;
}
