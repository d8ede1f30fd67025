import { describe, expect, it } from 'vitest';
import { createCheckoutClient, loadHighlightStores } from './checkout-client.ts';

type Call = { url: string; method: string | undefined; body: unknown };

function fakeFetch(status: number, body: unknown, calls: Call[]): typeof fetch {
  return async (input, init) => {
    calls.push({
      url: String(input),
      method: init?.method,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
}

describe('checkout client', () => {
  it('loads with PUT {} and parses reais into centavos', async () => {
    const calls: Call[] = [];
    const client = createCheckoutClient({
      baseUrl: 'https://drip.example',
      fetch: fakeFetch(
        200,
        { result: 'KO', fields: [{ fieldName: 'blockedLimit', fieldData: 12.34 }] },
        calls,
      ),
    });
    const result = await client.load('chk 1');
    expect(calls).toEqual([
      { url: 'https://drip.example/api/v1/checkouts/chk%201', method: 'PUT', body: {} },
    ]);
    expect(result.ok && result.data.fields[0]).toEqual({ fieldName: 'blockedLimit', fieldData: 1_234 });
  });

  it('normalises customer data before sending (digits CPF, E.164 phone)', async () => {
    const calls: Call[] = [];
    const client = createCheckoutClient({
      fetch: fakeFetch(200, { result: 'MORE_INFO', fields: [] }, calls),
    });
    await client.submitPhone('c1', { customerPhone: '(11) 98765-4321' });
    await client.resendToken('c1', 'WHATSAPP');
    await client.confirm('c1');
    expect(calls.map((c) => c.body)).toEqual([
      { customerPhone: '+5511987654321' },
      { phoneVerificationMethod: 'WHATSAPP', shouldResendPhoneVerificationCode: true },
      { checkoutConfirmed: true },
    ]);
  });

  it('returns failures as values with the HTTP status', async () => {
    const client = createCheckoutClient({ fetch: fakeFetch(500, { oops: true }, []) });
    const result = await client.load('c1');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.status).toBe(500);
    const bad = await createCheckoutClient({
      fetch: fakeFetch(200, { result: 'WHAT', fields: [] }, []),
    }).load('c1');
    expect(!bad.ok && bad.error.kind).toBe('parse');
  });

  it('waitlist, simulator and CEP paths', async () => {
    const calls: Call[] = [];
    const client = createCheckoutClient({ fetch: fakeFetch(200, { status: 'CONFIRMED' }, calls) });
    const waitlist = await client.updateWaitlist('c1', 'WAITING_RESPONSE', 'CONFIRMED');
    expect(waitlist.ok && waitlist.data.status).toBe('CONFIRMED');
    await client.simulate({ amount: '300.00', merchantId: 'm1' });
    await client.lookupCep('01310-930');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v1/checkouts/c1/update_waitlist',
      'GET /api/v1/instalments_simulator?amount=300.00&merchantId=m1',
      'GET /api/v1/cep/01310930',
    ]);
    expect(calls[0]?.body).toEqual({ oldStatus: 'WAITING_RESPONSE', newStatus: 'CONFIRMED' });
  });
});

describe('checkout client highlight stores', () => {
  it("reads the server's relay of the catalogue's 'Highlights' bucket, without any catalogue key", async () => {
    const seen: { url: string; key: string | null }[] = [];
    const result = await loadHighlightStores({
      baseUrl: 'https://drip.example',
      fetch: async (input, init) => {
        seen.push({ url: String(input), key: new Headers(init?.headers).get('X-Api-Key') });
        return new Response(JSON.stringify([{ id: 's1', name: 'Loja Aurora', logoUrl: null }]), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    expect(result.ok && result.data).toEqual([{ id: 's1', name: 'Loja Aurora', logoUrl: null }]);
    expect(seen).toEqual([{ url: 'https://drip.example/api/v1/highlight-stores', key: null }]);
  });
});
