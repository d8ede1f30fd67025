/** The loader of each deferred client, for `clientReady`. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * An API client whose code is fetched on its first call instead of with the app's entry: core's clients carry the
 * contract's valibot schemas and the HTTP layer (about 7 KB gzip), and a login page's first screen makes no call.
 * `methods` names every method of the client (checked against its type), each forwarded to the real client: at
 * once when it is loaded (so a call reads the token store when it is made, as `logout` must before the store is
 * cleared), else once it is. A failed load rejects the call and is tried again by the next one.
 */
export function deferredClient<C extends object>(load: () => Promise<C>, methods: Record<keyof C, true>): C {
  let client: C | null = null;
  let loading: Promise<C> | null = null;
  const get = () => {
    loading ??= load().then(
      (loaded) => {
        client = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const call = (target: C, name: string, args: unknown[]) =>
    (target as Record<string, (...a: unknown[]) => unknown>)[name]?.(...args);
  const facade: Record<string, (...args: unknown[]) => unknown> = {};
  for (const name of Object.keys(methods)) {
    facade[name] = (...args) => (client ? call(client, name, args) : get().then((c) => call(c, name, args)));
  }
  loaders.set(facade, get);
  return facade as C;
}

/**
 * Resolves once `client` can answer calls at once (at once for a client that is not deferred). The area guards
 * wait for it, so that every call from a signed-in page (logout first) runs synchronously.
 */
export async function clientReady(client: object): Promise<void> {
  await loaders.get(client)?.();
}
