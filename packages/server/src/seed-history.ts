/**
 * The demo world's history (docs/demo-history.md): about 90 days of sales of the demo merchants (approved, denied
 * with a reason, abandoned), orders with instalments partly paid, and a few refunds carried out by the refund
 * engine, so that a newcomer's merchant portal (sales, extract, transfers) is never empty. `npm start` seeds it
 * once with the demo world; the server tests' `seededApp()` does not (they count the world's rows), unless asked.
 *
 * Deterministic: a seeded random generator; dates are relative to the server clock. The shoppers are history-only
 * customers (not Maria, João or Luíza, whose state the tests and journeys assume).
 */
import { addDaysIso, cents, type DENIAL_REASONS, isoDateInSaoPaulo } from '@drip/core';
import { eq, inArray } from 'drizzle-orm';
import type { ClockTravel } from './clock.ts';
import type { Db } from './db/index.ts';
import {
  DEMO_CASHBACK_RATES,
  type HistoryCheckout,
  insertCheckoutHistory,
} from './modules/checkouts/seed.ts';
import { customers } from './modules/customers/tables.ts';
import { merchants } from './modules/merchants/tables.ts';
import type { OrderRefunds } from './modules/orders/refunds.ts';
import { payHistoryInstalments } from './modules/orders/seed.ts';
import { OrderService } from './modules/orders/service.ts';
import type { SandboxPsp } from './modules/payments/sandbox-psp.ts';
import { type HistoryPayment, seedHistoryPayments } from './modules/payments/seed.ts';
import type { Payments } from './modules/payments/service.ts';
import type { SettlementService } from './modules/settlements/service.ts';

export const HISTORY_DAYS = 90;
/** Fee of the demo merchants in basis points (2,99 %), active from before the history. */
export const HISTORY_FEE_BPS = 299;

const DAY_MS = 86_400_000;

/** mulberry32: a small seeded generator, the same history on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return { next, int, pick };
}

/** A CPF with valid check digits from nine base digits. */
export function cpfFrom(base9: string): string {
  const digits = base9.split('').map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (digits[i] ?? 0) * (len + 1 - i);
    const r = (sum * 10) % 11;
    digits.push(r === 10 ? 0 : r);
  }
  return digits.join('');
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Isabela',
  'Jorge',
  'Karina',
  'Leonardo',
  'Marina',
  'Nicolas',
  'Olívia',
  'Paulo',
  'Renata',
  'Sérgio',
  'Tatiane',
  'Vinícius',
];
const LAST_NAMES = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Duarte',
  'Esteves',
  'Ferreira',
  'Gomes',
  'Lima',
  'Moreira',
  'Nogueira',
  'Oliveira',
  'Ribeiro',
  'Santos',
  'Teixeira',
  'Vieira',
];
const CITIES = [
  {
    cep: '01310-100',
    street: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
  {
    cep: '20040-020',
    street: 'Avenida Rio Branco',
    neighborhood: 'Centro',
    city: 'Rio de Janeiro',
    state: 'RJ',
  },
  {
    cep: '30130-010',
    street: 'Avenida Afonso Pena',
    neighborhood: 'Centro',
    city: 'Belo Horizonte',
    state: 'MG',
  },
  { cep: '80010-000', street: 'Rua XV de Novembro', neighborhood: 'Centro', city: 'Curitiba', state: 'PR' },
  {
    cep: '40020-000',
    street: 'Avenida Sete de Setembro',
    neighborhood: 'Centro',
    city: 'Salvador',
    state: 'BA',
  },
] as const;

const CATALOGUE: Record<string, readonly { name: string; amount: number }[]> = {
  'Loja Aurora': [
    { name: 'Vestido midi', amount: 25_000 },
    { name: 'Sandália', amount: 10_000 },
    { name: 'Calça jeans', amount: 18_990 },
    { name: 'Camisa de linho', amount: 15_900 },
    { name: 'Jaqueta', amount: 42_000 },
    { name: 'Bolsa de couro', amount: 33_500 },
    { name: 'Tênis', amount: 29_990 },
  ],
  'Casa Pitanga': [
    { name: 'Jogo de panelas', amount: 8_990 },
    { name: 'Liquidificador', amount: 21_900 },
    { name: 'Jogo de cama', amount: 17_450 },
    { name: 'Cafeteira', amount: 31_000 },
    { name: 'Toalhas (kit)', amount: 7_990 },
    { name: 'Aspirador de pó', amount: 49_900 },
  ],
};

/** Denial reasons the history uses, the usual ones most often. */
const DENIALS: readonly (typeof DENIAL_REASONS)[number][] = [
  'DEFAULT',
  'DEFAULT',
  'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
  'ORDER_ABOVE_CUSTOMER_MAX_VALUE',
  'ANTI_FRAUD_SCORE',
  'LATE_INSTALMENTS',
  'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
  'BLOCKED_BANK_CODE',
  'INVALID_CUSTOMER_DATA',
];

export interface HistoryServices {
  orderRefunds: Pick<OrderRefunds, 'request' | 'carryOut'>;
  settlements: Pick<SettlementService, 'addFee' | 'run' | 'payoutQueue'>;
  /** The history's Pix are paid at the sandbox PSP: only seeded when it is the PSP Drip uses. */
  payments: Pick<Payments, 'pix'>;
  sandboxPsp: SandboxPsp | null;
}

export interface HistorySummary {
  customers: number;
  checkouts: number;
  orders: number;
  paidInstalments: number;
  refunds: number;
}

/**
 * Seeds the history of the demo merchants (once: it does nothing when a history customer exists). The refunds go
 * through the refund engine (request, then carried out at once) after the history is committed. With `travel`, the
 * settlements of each past day are made on that day (the clock moved there and back); the settlements job then books
 * the refunds' `Cancelamento` rows and today's transfer on its next run (at start-up).
 */
export async function seedHistory(
  db: Db,
  services: HistoryServices,
  now: Date,
  options: { days?: number; seed?: number; travel?: ClockTravel | null } = {},
): Promise<HistorySummary | null> {
  const days = options.days ?? HISTORY_DAYS;
  // Every paid instalment of the history was paid by a Pix the PSP knows, as a live one (a refund gives it back
  // through that PSP): with a real PSP there is no sandbox bank to have paid them, so there is no history.
  const psp = services.payments.pix.kind === 'sandbox' ? services.sandboxPsp : null;
  if (!psp) return null;
  const rnd = generator(options.seed ?? 20_260_301);
  const shoppers = Array.from({ length: 24 }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ana';
    const last = LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'Santos';
    const place = CITIES[i % CITIES.length] ?? CITIES[0];
    const slug = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    return {
      name: `${first} ${last}`,
      cpf: cpfFrom(String(700_000_100 + i * 37)),
      phone: `+55119700${String(10_000 + i).slice(1)}`,
      email: `${slug}@historico.demo`,
      birthDate: `19${70 + (i % 25)}-0${1 + (i % 9)}-1${i % 9}`,
      addressCep: place.cep,
      addressStreet: place.street,
      addressNumber: String(100 + i * 13),
      addressComplement: null,
      addressNeighborhood: place.neighborhood,
      addressCity: place.city,
      addressState: place.state,
    };
  });
  const [already] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.cpf, shoppers[0]?.cpf ?? ''));
  if (already) return null;
  const merchantRows = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      maxInstalments: merchants.maxInstalments,
      upfront: merchants.upfrontPaymentStatus,
    })
    .from(merchants)
    .where(inArray(merchants.name, Object.keys(CATALOGUE)));
  if (merchantRows.length === 0) return null;

  const start = new Date(now.getTime() - (days + 1) * DAY_MS);
  for (const m of merchantRows)
    await services.settlements.addFee(m.id, { rateBps: HISTORY_FEE_BPS, at: start });

  const today = isoDateInSaoPaulo(now);
  const orderService = new OrderService(db);
  const refundable: { merchantId: string; orderId: string }[] = [];
  const summary: HistorySummary = {
    customers: shoppers.length,
    checkouts: 0,
    orders: 0,
    paidInstalments: 0,
    refunds: 0,
  };

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(customers)
      .values(shoppers.map((s) => ({ ...s, phoneVerifiedAt: start, createdAt: start, updatedAt: start })))
      .returning({ id: customers.id, cpf: customers.cpf });
    const people = shoppers.map((s) => ({ ...s, id: inserted.find((r) => r.cpf === s.cpf)?.id ?? '' }));
    const rows: HistoryCheckout[] = [];
    const paid: { orderId: string; number: number; paidAt: Date; chargeId: string }[] = [];
    const charges: HistoryPayment[] = [];
    const payerOf = new Map<string, HistoryPayment['payer']>();
    for (const m of merchantRows.sort((a, b) => a.name.localeCompare(b.name))) {
      const catalogue = CATALOGUE[m.name] ?? [];
      const store = m.name === 'Loja Aurora' ? 'aurora' : 'pitanga';
      const perDay = m.name === 'Loja Aurora' ? 4 : 2;
      let seq = 0;
      for (let d = days; d >= 1; d--) {
        const n = rnd.int(Math.max(0, perDay - 2), perDay + 1);
        for (let k = 0; k < n; k++) {
          seq++;
          // 09:00 to 21:59 in São Paulo (UTC−3), d days ago.
          const created = new Date(now.getTime() - d * DAY_MS);
          created.setUTCHours(12 + rnd.int(0, 12), rnd.int(0, 59), rnd.int(0, 59), 0);
          if (created.getTime() >= now.getTime()) created.setTime(now.getTime() - DAY_MS);
          const products = Array.from({ length: rnd.int(1, 3) }, () => {
            const p = rnd.pick(catalogue);
            return { name: p.name, quantity: rnd.int(1, 2), amount: p.amount };
          });
          const amount = products.reduce((a, p) => a + p.amount * p.quantity, 0);
          const shopper = rnd.pick(people);
          const code = `HIST-${store.toUpperCase()}-${String(seq).padStart(4, '0')}`;
          const checkoutId = crypto.randomUUID();
          const customerData = {
            customerPhone: shopper.phone,
            customerCpf: shopper.cpf,
            customerName: shopper.name,
            customerEmail: shopper.email,
            addressCep: shopper.addressCep,
            addressStreet: shopper.addressStreet,
            addressNumber: shopper.addressNumber,
            addressNeighborhood: shopper.addressNeighborhood,
            addressCity: shopper.addressCity,
            addressState: shopper.addressState,
          };
          const base = {
            id: checkoutId,
            merchantId: m.id,
            merchantOrderCode: code,
            amount,
            products,
            resolveUrl: `https://${store}.demo/pedido/ok`,
            cancelUrl: `https://${store}.demo/carrinho`,
            expiresAt: new Date(created.getTime() + DAY_MS),
            createdAt: created,
            updatedAt: created,
          };
          const roll = rnd.next();
          if (roll < 0.16) {
            // Abandoned: the shopper left before the analysis; the expiry job's shape.
            rows.push({ ...base, status: 'EXPIRED', phase: 'DONE', koReason: 'EXPIRED' });
            continue;
          }
          if (roll < 0.34) {
            rows.push({
              ...base,
              status: 'KO',
              phase: 'DONE',
              koReason: rnd.pick(DENIALS),
              customerData,
              customerId: shopper.id,
              payerCpf: shopper.cpf,
            });
            continue;
          }
          const totalInstalments =
            m.maxInstalments <= 3 ? 3 : rnd.pick([2, 3, 3, 4, 6].filter((x) => x <= m.maxInstalments));
          const upfront = m.upfront !== 'DISABLED' && rnd.next() < 0.4;
          const day = isoDateInSaoPaulo(created);
          const firstDueDate = upfront ? day : addDaysIso(day, 30);
          const payer = { cpf: shopper.cpf, name: shopper.name, bankCode: '260' };
          const upfrontCharge = upfront ? crypto.randomUUID() : null;
          const order = await orderService.createInstalmentOrder(tx, {
            checkoutId,
            merchantId: m.id,
            customerId: shopper.id,
            merchantOrderCode: code,
            total: cents(amount),
            products: products.map((p) => ({
              name: p.name,
              quantity: p.quantity,
              unitAmount: cents(p.amount),
            })),
            totalInstalments,
            firstDueDate,
            cashbackRate: DEMO_CASHBACK_RATES[m.name] ?? 0,
            upfrontPayment: upfrontCharge ? { chargeId: upfrontCharge, paidAt: created } : null,
            now: created,
          });
          summary.orders++;
          payerOf.set(order.id, payer);
          const first = order.instalments[0];
          if (upfrontCharge && first)
            charges.push({
              id: upfrontCharge,
              purpose: 'FIRST_INSTALMENT',
              referenceId: checkoutId,
              amount: cents(first.amount - first.cashbackAmount),
              description: `1ª parcela da compra na ${m.name}`,
              createdAt: new Date(created.getTime() - 120_000),
              paidAt: created,
              payer,
            });
          let anyPaid = upfront;
          for (const [i, inst] of order.instalments.entries()) {
            if (inst.status === 'PAID' || inst.dueDate >= today) continue;
            // Most shoppers pay on or a little before the due date; about one in twelve is late.
            if (rnd.next() < 0.08) continue;
            const paidAt = new Date(`${addDaysIso(inst.dueDate, -rnd.int(0, 3))}T15:00:00Z`);
            if (paidAt.getTime() <= created.getTime())
              paidAt.setTime(created.getTime() + 3_600_000 * (i + 1));
            paid.push({ orderId: order.id, number: inst.number, paidAt, chargeId: crypto.randomUUID() });
            anyPaid = true;
          }
          // A few orders with nothing paid are refunded at once (the portal's 'Estornado'); the others stay
          // refundable, their payments given back through the PSP like a live sale's.
          if (!anyPaid && rnd.next() < 0.2) refundable.push({ merchantId: m.id, orderId: order.id });
          rows.push({
            ...base,
            status: 'OK',
            phase: 'DONE',
            customerData,
            customerId: shopper.id,
            payerCpf: shopper.cpf,
            payerBankCode: '260',
            payerVerifiedAt: created,
            totalInstalments,
            firstDueDate,
            upfront: upfront ? 'YES' : 'NO',
            orderId: order.id,
          });
        }
      }
    }
    await insertCheckoutHistory(tx, rows);
    const paidRows = await payHistoryInstalments(tx, paid);
    const orderOfCharge = new Map(paid.map((p) => [p.chargeId, p.orderId]));
    for (const r of paidRows)
      charges.push({
        id: r.chargeId,
        purpose: 'INSTALMENT',
        referenceId: r.instalmentId,
        amount: cents(r.amount),
        description: 'Parcela da compra',
        createdAt: new Date(r.paidAt.getTime() - 300_000),
        paidAt: r.paidAt,
        payer: payerOf.get(orderOfCharge.get(r.chargeId) ?? '') ?? { cpf: '', name: '', bankCode: '260' },
      });
    await seedHistoryPayments(tx, psp, charges);
    summary.checkouts = rows.length;
    summary.paidInstalments = paid.length;
  });

  // The settlements of each past day, made on that day: a transfer belongs to the day it was made, and the sandbox
  // bank records it then (without this, the first run would pay the whole history today, in one transfer).
  if (options.travel) {
    try {
      for (let d = days + 1; d >= 1; d--) {
        // 23:30 in São Paulo, after the day's sales.
        options.travel.to(new Date(`${addDaysIso(today, -d + 1)}T02:30:00Z`));
        await services.settlements.run();
        await services.settlements.payoutQueue.drain();
      }
    } finally {
      options.travel.back();
    }
  }

  // A few refunds, through the engine: requested, then carried out at once (the queue's task finds them DONE).
  for (const r of refundable.slice(0, 8)) {
    const { refund } = await services.orderRefunds.request(r.merchantId, r.orderId, { type: 'FULL' }, null);
    if ((await services.orderRefunds.carryOut(refund.id)) === 'DONE') summary.refunds++;
  }
  return summary;
}
