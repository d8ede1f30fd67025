/**
 * A fake `fetch` for `GET /api/v1/instalments_simulator`, for the tests and the stories: it answers from the query
 * (like the server, wire amounts in reais) and records the URLs it was called with. No network.
 */
import { type CheckoutClient, createCheckoutClient } from '@drip/core';

/** The wire response for R$ 300,00 in 3x with 5 % cashback on the last instalment, flexible up to 6x. */
export const simulatorWireResponse = {
  cashbackRate: 0.05,
  totalAmount: 300,
  flexibleInstallments: true,
  maxInstalments: 6,
  instalments: [
    { number: 1, dueDate: '2026-12-22', amount: 100, cashbackAmount: 0 },
    { number: 2, dueDate: '2027-01-21', amount: 100, cashbackAmount: 0 },
    { number: 3, dueDate: '2027-02-20', amount: 100, cashbackAmount: 15 },
  ],
};

export type SimulatorAnswer = { status: number; body: unknown } | 'network-error' | 'pending';

export function fakeSimulatorFetch(
  answer: (url: URL) => SimulatorAnswer = () => ({
    status: 200,
    body: simulatorWireResponse,
  }),
) {
  const calls: URL[] = [];
  const fetchFn: typeof fetch = async (input) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://drip.test');
    calls.push(url);
    const reply = answer(url);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'pending') return new Promise<Response>(() => undefined);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchFn, calls };
}

/** A checkout client over `fakeSimulatorFetch(answer)`. */
export function fakeSimulatorClient(answer?: (url: URL) => SimulatorAnswer): {
  client: CheckoutClient;
  calls: URL[];
} {
  const fake = fakeSimulatorFetch(answer);
  return { client: createCheckoutClient({ fetch: fake.fetch }), calls: fake.calls };
}
