import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const CHARGE_PURPOSES = [
  'VERIFICATION',
  'FIRST_INSTALMENT',
  'FULL_AMOUNT',
  'INSTALMENT',
  'UNIQUE_PAYMENT',
] as const;
export const CHARGE_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED', 'CANCELED', 'REFUNDED'] as const;

/** A Pix charge (an API Pix `cob`) that Drip asked its PSP for. Money in bigint centavos. */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** API Pix txid: 26 to 35 letters and digits. */
    txid: text('txid').notNull().unique(),
    purpose: text('purpose', { enum: CHARGE_PURPOSES }).notNull(),
    /** The id of what the charge pays (checkout, instalment...), owned by the module that asked for it. */
    referenceId: text('reference_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    brCode: text('br_code').notNull(),
    /** The PSP's payload location (the URL inside the BR Code). */
    location: text('location').notNull(),
    description: text('description').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CHARGE_STATUSES }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    payerCpf: text('payer_cpf'),
    payerName: text('payer_name'),
    payerBankCode: text('payer_bank_code'),
    payerIspb: text('payer_ispb'),
    endToEndId: text('end_to_end_id').unique(),
    /** Set when money arrived for a charge that could not be booked (canceled or paid after expiry). */
    refundReason: text('refund_reason'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /**
     * When Drip last asked the PSP for this unpaid charge (reconciliation, docs/pix.md); a check after its expiry
     * (plus a margin) is the last one.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('pix_charges_reference_idx').on(t.purpose, t.referenceId, t.createdAt),
    index('pix_charges_active_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * Every confirmed Pix received (one row per endToEndId: the idempotency key of webhook processing), with what
 * was done with it.
 */
export const pixPayments = pgTable(
  'pix_payments',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    txid: text('txid').notNull(),
    chargeId: uuid('charge_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** BOOKED: the charge is paid; REFUND: money kept apart to be returned; AMOUNT_MISMATCH: booked nothing. */
    outcome: text('outcome', { enum: ['BOOKED', 'REFUND', 'AMOUNT_MISMATCH'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw').notNull(),
  },
  (t) => [index('pix_payments_txid_idx').on(t.txid)],
);

/** Devoluções asked of the PSP. The id is the API Pix devolução id (idempotent PUT). */
export const pixRefunds = pgTable(
  'pix_refunds',
  {
    id: text('id').primaryKey(),
    chargeId: uuid('charge_id').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', {
      enum: ['REQUESTED', 'EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'],
    }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pix_refunds_charge_idx').on(t.chargeId), index('pix_refunds_status_idx').on(t.status)],
);

// ------------------------------------------------------------------------------------------------ sandbox PSP

/** The sandbox PSP's cobs (API Pix shape). Not Drip's data: what a PSP would keep on its side. */
export const pspSandboxCobs = pgTable('psp_sandbox_cobs', {
  txid: text('txid').primaryKey(),
  revisao: integer('revisao').notNull().default(0),
  location: text('location').notNull().unique(),
  status: text('status', {
    enum: ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'],
  }).notNull(),
  valor: bigint('valor', { mode: 'number' }).notNull(),
  chave: text('chave').notNull(),
  expiracao: integer('expiracao').notNull(),
  devedorCpf: text('devedor_cpf'),
  devedorNome: text('devedor_nome'),
  solicitacaoPagador: text('solicitacao_pagador'),
  pixCopiaECola: text('pix_copia_e_cola').notNull(),
  criacao: timestamp('criacao', { withTimezone: true }).notNull(),
});

export const pspSandboxPix = pgTable(
  'psp_sandbox_pix',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    txid: text('txid').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    horario: timestamp('horario', { withTimezone: true }).notNull(),
    pagadorCpf: text('pagador_cpf').notNull(),
    pagadorNome: text('pagador_nome').notNull(),
    ispb: text('ispb').notNull(),
    bankCode: text('bank_code').notNull(),
    infoPagador: text('info_pagador'),
  },
  (t) => [index('psp_sandbox_pix_txid_idx').on(t.txid)],
);

export const pspSandboxDevolucoes = pgTable('psp_sandbox_devolucoes', {
  /** `${endToEndId}/${id}` */
  key: text('key').primaryKey(),
  endToEndId: text('end_to_end_id').notNull(),
  id: text('id').notNull(),
  rtrId: text('rtr_id').notNull(),
  valor: bigint('valor', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] }).notNull(),
  solicitacao: timestamp('solicitacao', { withTimezone: true }).notNull(),
  liquidacao: timestamp('liquidacao', { withTimezone: true }),
});
