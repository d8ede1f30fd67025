/** Wire fixtures of the public instalment page (tests and stories): `GET /api/v1/installments/details/{id}`. */
import { orderPaths } from '@drip/core';

export interface InstalmentDetailsWire {
  merchantName: string;
  installment: {
    id: string;
    number: number;
    total: number;
    amount: number;
    status: 'PENDING' | 'PAID';
    dueDate: string;
    late: boolean;
    qrCode: string | null;
    qrcodeText: string | null;
  };
}

export function instalmentDetailsFixture(
  overrides: Partial<InstalmentDetailsWire['installment']> = {},
): InstalmentDetailsWire {
  return {
    merchantName: 'Loja Aurora',
    installment: {
      id: 'inst-2',
      number: 2,
      total: 3,
      amount: 100,
      status: 'PENDING',
      dueDate: '2026-07-15',
      late: false,
      qrCode: '/api/v1/pix/qr/tx2.png',
      qrcodeText: '00020126PIX-TX2',
      ...overrides,
    },
  };
}

/** A `fetch` answering the details call with `details`, or 404 when null; records the paths asked. */
export function instalmentFetch(details: InstalmentDetailsWire | null) {
  const paths: string[] = [];
  const fetchFn: typeof fetch = async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    paths.push(path);
    const found = details !== null && path === orderPaths.instalmentDetails(details.installment.id);
    return new Response(
      JSON.stringify(found ? details : { error: { code: 'NOT_FOUND', message: 'Parcela não encontrada' } }),
      { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } },
    );
  };
  return { fetch: fetchFn, paths };
}
