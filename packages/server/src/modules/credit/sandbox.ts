/**
 * Deterministic sandbox adapters of the `bureau` and `antifraud` ports, driven by the CPF (docs/sandbox.md lists
 * the magic CPFs). Any other valid CPF gets a limit of R$ 2.000,00, a good score and passes every rule.
 */
import { type Cents, cents } from '@drip/core';
import type { BureauResult, CreditSnapshot } from './rules.ts';

export interface BureauPort {
  query(cpf: string): Promise<BureauResult>;
}

export interface AntifraudPort {
  score(input: { cpf: string; phone: string; email: string | null }): Promise<number>;
}

/** What a magic CPF changes in the snapshot (sandbox only). */
export interface MagicProfile {
  label: string;
  bureau?: Partial<BureauResult>;
  antifraudScore?: number;
  /** Simulated Drip history of the customer (added to the real one). */
  history?: Partial<CreditSnapshot['history']>;
  /** Simulated Drip totals (added to the real ones). */
  drip?: Partial<CreditSnapshot['drip']>;
}

export const DEFAULT_SANDBOX_LIMIT: Cents = cents(200_000);
const DEFAULT_BUREAU: BureauResult = {
  score: 750,
  limit: DEFAULT_SANDBOX_LIMIT,
  negativated: false,
  birthDate: null,
  cpfStatus: 'REGULAR',
};
const DEFAULT_ANTIFRAUD_SCORE = 900;

/** Magic CPFs (valid check digits, pattern 9NN.000.000-DD). Keep docs/sandbox.md in step. */
export const MAGIC_CPFS: Record<string, MagicProfile> = {
  '90100000010': { label: 'LEGALLY_PROTECTED_MINOR (16 anos)', bureau: { birthDate: '2010-01-01' } },
  '90200000047': { label: 'ANTI_FRAUD_SCORE (score antifraude 120)', antifraudScore: 120 },
  '90300000073': {
    label: 'INVALID_CUSTOMER_DATA (CPF irregular na Receita)',
    bureau: { cpfStatus: 'IRREGULAR' },
  },
  '90400000008': { label: 'DEFAULT (negativado)', bureau: { negativated: true, score: 250 } },
  '90500000026': {
    label: 'ORDER_ABOVE_CUSTOMER_MAX_VALUE (limite R$ 100,00)',
    bureau: { limit: cents(10_000) },
  },
  '90600000052': { label: 'limite R$ 500,00', bureau: { limit: cents(50_000) } },
  '90700000089': { label: 'limite R$ 5.000,00, score 950', bureau: { limit: cents(500_000), score: 950 } },
  '90800000005': {
    label: 'LATE_INSTALMENTS (parcela em atraso)',
    history: { lateInstalments: 1, activeOrders: 1 },
  },
  '90900000031': {
    label: 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
    history: { activeOrdersWithFirstInstalmentUnpaid: 1, activeOrders: 1 },
  },
  '91000000001': { label: 'ALREADY_HAVE_ACTIVE_ORDER (3 pedidos ativos)', history: { activeOrders: 3 } },
  '91100000038': {
    label: 'MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER (R$ 2.900,00 em aberto, limite R$ 10.000,00)',
    bureau: { limit: cents(1_000_000) },
    history: { unpaidPrincipal: cents(290_000) },
  },
  '91200000064': {
    label: 'DRIP_MAX_VALUE_PER_DAY (teto diário atingido)',
    drip: { financedToday: cents(1e12) },
  },
  '91300000090': {
    label: 'DRIP_MAX_VALUE_GLOBAL (teto global atingido)',
    drip: { outstanding: cents(1e13) },
  },
  '91400000017': { label: 'BLOCKED_CUSTOMER_CPF (CPF na lista de bloqueio)' },
  '91500000043': { label: 'score de crédito 400 (faixa baixa, aprovado)', bureau: { score: 400 } },
  '91600000070': { label: 'limite R$ 0,00 (sem limite)', bureau: { limit: cents(0) } },
};

export function magicProfile(cpf: string): MagicProfile | undefined {
  return MAGIC_CPFS[cpf];
}

export const sandboxBureau: BureauPort = {
  async query(cpf) {
    return { ...DEFAULT_BUREAU, ...(magicProfile(cpf)?.bureau ?? {}) };
  },
};

export const sandboxAntifraud: AntifraudPort = {
  async score({ cpf }) {
    return magicProfile(cpf)?.antifraudScore ?? DEFAULT_ANTIFRAUD_SCORE;
  },
};

/** Seeded blocked values (docs/sandbox.md). */
export const SANDBOX_BLOCKS = [
  { kind: 'CPF', value: '91400000017', reason: 'FRAUD' },
  { kind: 'PHONE', value: '+5511900000666', reason: 'FRAUD' },
  { kind: 'CEP', value: '66666000', reason: 'FRAUD' },
  { kind: 'BANK_CODE', value: '380', reason: 'FRAUD' },
] as const;
