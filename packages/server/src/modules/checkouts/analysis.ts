/**
 * The credit analysis of a checkout (docs/credit-analysis.md): in the token step of a returning customer (inside the
 * step's transaction), and after the verification Pix was booked (phase ANALYSIS: the background queue, or the
 * shopper's poll, runs it without holding a row lock while the bureau and anti-fraud ports answer).
 */
import { cents } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/types.ts';
import { CustomerService } from '../customers/service.ts';
import { AnalysisQueue } from './analysis-queue.ts';
import type { CheckoutCore } from './core.ts';
import { checkoutErrors, checkoutNotFound, conflict } from './refusals.ts';
import {
  type CheckoutSet,
  isOpen,
  isUuid,
  type MerchantFacts,
  maxInstalmentsOf,
  POLL_ANALYSIS_WAIT_MS,
} from './rules.ts';
import { AppliedRows, conditionalCheckoutUpdate } from './statements.ts';
import type { CheckoutRow, StoredPix } from './tables.ts';

/**
 * What a pending analysis did: decided (the row as written), or found nothing to do (not in ANALYSIS any more, or
 * another run wrote first). BUSY: the poll stopped waiting for it (timeout or failure; see pollPendingAnalysis).
 */
export type PendingAnalysisRun =
  | { outcome: 'RAN'; row: CheckoutRow; merchant: MerchantFacts }
  | { outcome: 'BUSY' }
  | { outcome: 'NOTHING' };

/** Thrown inside a step's transaction that found the checkout in phase ANALYSIS: the step is retried after it. */
export class AnalysisPending extends Error {}

export class CheckoutAnalysis {
  /** The pending credit analyses, run after the verification Pix's booking committed. */
  readonly analyses: AnalysisQueue<PendingAnalysisRun>;

  constructor(private readonly core: CheckoutCore) {
    this.analyses = new AnalysisQueue((id) => this.analyseOnce(id), core.d.log);
  }

  /** The token step of a returning customer: the analysis and its decision written in the step's transaction. */
  async analyseAndApply(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    customer: { id: string; birthDate: string | null; phoneOnFile: boolean },
    payer: { cpf: string; bankCode: string } | null,
    extra: CheckoutSet,
  ): Promise<CheckoutRow> {
    const decided = await this.decide(tx, row, merchant, customer, payer);
    return this.core.updateWith(tx, decided.record(), row, { ...extra, ...decided.set });
  }

  /**
   * Runs the credit analysis (snapshot, bureau and anti-fraud ports, rules) and answers the checkout's columns for
   * the decision, with the decision's INSERT (not run). A denial with a full-amount offer creates its Pix charge.
   * `tx` null: no transaction (the pending analysis, see analyseOnce).
   */
  async decide(
    tx: Tx | null,
    row: CheckoutRow,
    merchant: MerchantFacts,
    customer: { id: string; birthDate: string | null; phoneOnFile: boolean },
    payer: { cpf: string; bankCode: string } | null,
  ) {
    const data = row.customerData;
    if (!data) throw conflict(checkoutErrors.outOfOrder);
    const now = this.core.d.clock.now();
    const { decision, decisionId, record, recordIf, recordJson } = await this.core.d.credit.analyse(
      tx ?? this.core.d.db,
      {
        checkoutId: row.id,
        merchantId: row.merchantId,
        amount: cents(row.amount),
        checkoutExpiresAt: row.expiresAt,
        now,
        today: this.core.today(),
        customer: {
          id: customer.id,
          cpf: data.customerCpf,
          phone: data.customerPhone,
          email: data.customerEmail,
          addressCep: data.addressCep,
          birthDate: data.customerBirthDate ?? customer.birthDate,
          phoneOnFile: customer.phoneOnFile,
        },
        payer,
        merchant: {
          enabled: merchant.status === 'ENABLED',
          maxAmountPerOrder: merchant.maxAmountPerOrder === null ? null : cents(merchant.maxAmountPerOrder),
          customerLimit: merchant.customerLimit === null ? null : cents(merchant.customerLimit),
          skipAntifraud: merchant.skipAntifraud,
          skipProtectedScore: merchant.skipProtectedScore,
          skipFraudulentPhone: merchant.skipFraudulentPhone,
          skipFraudulentCpf: merchant.skipFraudulentCpf,
          skipFraudulentAddressCep: merchant.skipFraudulentAddressCep,
          skipFraudulentBankCode: merchant.skipFraudulentBankCode,
          skipOrderAmountRule: merchant.skipOrderAmountRule,
        },
      },
    );
    if (decision.type === 'approved') {
      const set: CheckoutSet = {
        status: 'MORE_INFO',
        creditDecisionId: decisionId,
        availableLimit: decision.available,
        phase: merchant.flexibleInstallments ? 'SELECTION' : 'CONFIRMATION',
        totalInstalments: merchant.flexibleInstallments ? null : maxInstalmentsOf(merchant),
      };
      return { set, record, recordIf, recordJson, fullAmountPix: null };
    }
    const koVariables = {
      ...(decision.koVariables.allowedAmount !== undefined
        ? { allowedAmount: decision.koVariables.allowedAmount }
        : {}),
      ...(decision.koVariables.blockedLimit !== undefined
        ? { blockedLimit: decision.koVariables.blockedLimit }
        : {}),
    };
    const waitlistStatus = decision.koVariables.waitlistStatus ?? null;
    let fullAmountPix: StoredPix | null = null;
    if (this.core.d.config.fullAmountOfferReasons.includes(decision.reason)) {
      fullAmountPix = await this.core.fullAmountPix(tx, row, data, merchant);
    }
    const set: CheckoutSet = {
      status: 'KO',
      phase: 'DONE',
      koReason: decision.reason,
      koVariables,
      waitlistStatus,
      creditDecisionId: decisionId,
      availableLimit: decision.available,
      fullAmountPix,
    };
    return { set, record, recordIf, recordJson, fullAmountPix };
  }

  /**
   * Runs the credit analysis of a checkout in phase ANALYSIS (the verification Pix booked) and answers what it did.
   * Within this process it joins a run in progress for the same checkout; across processes the write is
   * conditional (see analyseOnce): concurrent runs produce one decision.
   */
  runPendingAnalysis(checkoutId: string): Promise<PendingAnalysisRun> {
    if (!isUuid(checkoutId)) return Promise.reject(checkoutNotFound());
    return this.analyses.run(checkoutId);
  }

  /**
   * One pending analysis, without a transaction and without holding a row lock while the bureau and anti-fraud
   * ports answer: a plain read (with the row version `xmin`), nothing done unless the checkout is open and still in
   * phase ANALYSIS; the analysis as the booking ran it before (payer as booked, same rules); then ONE statement
   * writes the checkout's decision columns `where xmin = version` and inserts the decision only if that update
   * applied. A run that lost the race (another run, or any other write meanwhile) writes nothing: NOTHING.
   */
  async analyseOnce(checkoutId: string): Promise<PendingAnalysisRun> {
    const { row, merchant, version } = await this.core.load(this.core.d.db, checkoutId, false);
    if (!isOpen(row.status) || row.phase !== 'ANALYSIS' || !row.customerId) return { outcome: 'NOTHING' };
    const payer = { cpf: row.payerCpf ?? '', bankCode: row.payerBankCode ?? '' };
    const decided = await this.decide(
      null,
      row,
      merchant,
      { id: row.customerId, birthDate: null, phoneOnFile: false },
      payer,
    );
    const updatedAt = this.core.d.clock.now();
    const guard = conditionalCheckoutUpdate(row.id, version, { ...decided.set, updatedAt }, 'guard_');
    // The payer-CPF Pix proved the CPF: the phone verified in this checkout and its data become the customer's, in
    // the decision's statement (only if its write applied).
    const bind = row.customerData && row.payerCpf === row.customerData.customerCpf ? row.customerData : null;
    const bound = CustomerService.bindProvenContact('guard', 'bind_');
    // A denial is the merchant's CHECKOUT_STATUS_CHANGED, published by the same statement (only if it applied).
    const published = this.core.statusStage({ ...row, ...decided.set }, 'guard');
    const webhook = published ? sql`, ${published.build()}` : sql``;
    const written = v.parse(
      AppliedRows,
      await this.core.shaped.execute(this.core.d.db, {
        key: `analysis-decided:${guard.key}:${bind ? bound.key : 'unbound'}:${published?.key ?? ''}`,
        build: () =>
          bind
            ? sql`with guard as (${guard.build()}), bound as (${bound.build()})${webhook} ${decided.recordIf('guard')} returning 1 as applied`
            : sql`with guard as (${guard.build()})${webhook} ${decided.recordIf('guard')} returning 1 as applied`,
        values: {
          ...guard.values,
          decision: decided.recordJson,
          ...(bind ? bound.values(row.customerId, bind, updatedAt) : {}),
          ...published?.values,
        },
      }),
    );
    if (written.rows.length === 0) {
      // Another run decided first (or the checkout changed): this run's full-amount charge was never shown.
      if (decided.fullAmountPix) await this.core.d.payments.cancelCharge(decided.fullAmountPix.chargeId);
      return { outcome: 'NOTHING' };
    }
    return { outcome: 'RAN', row: { ...row, ...decided.set, updatedAt }, merchant };
  }

  /**
   * The poll's run of a pending analysis (or the run in progress in this process, joined). It waits for it at most
   * POLL_ANALYSIS_WAIT_MS, then answers "still waiting" (BUSY) so that the page polls again instead of holding a
   * request open for as long as the bureau takes; a failure is logged and answered the same way.
   */
  async pollPendingAnalysis(id: string): Promise<PendingAnalysisRun> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<PendingAnalysisRun>((resolve) => {
      timer = setTimeout(() => resolve({ outcome: 'BUSY' }), POLL_ANALYSIS_WAIT_MS);
    });
    const run = this.runPendingAnalysis(id).catch((err: unknown): PendingAnalysisRun => {
      this.core.d.log.error('pending credit analysis failed', {
        checkoutId: id,
        error: err instanceof Error ? err.message : String(err),
      });
      return { outcome: 'BUSY' };
    });
    try {
      return await Promise.race([run, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
