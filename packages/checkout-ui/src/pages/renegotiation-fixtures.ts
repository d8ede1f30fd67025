/** A fake `POST /api/v1/debts/start-negotiation` answering `status` (tests and stories). */
export function negotiationFetch(status: number) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({
      method: init?.method ?? 'GET',
      path: new URL(url, 'http://localhost').pathname,
      body: raw === undefined ? undefined : JSON.parse(raw),
    });
    const body =
      status === 201
        ? { id: 'neg-1', createdAt: '2026-07-01T12:00:00.000Z' }
        : status === 204
          ? null
          : { error: { code: `HTTP_${status}`, message: 'Falhou' } };
    return new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchFn, calls };
}
