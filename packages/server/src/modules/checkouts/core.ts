/**
 * What every part of the checkout uses: its dependencies, the load of a checkout (one query with its merchant and
 * cashback rate), the plain and the CTE-joined updates, the plan and answer of a row, and its Pix charges. The
 * parts (steps, analysis, payments, merchant API, ...) share one instance: one cache of shaped statements, one
 * prepared load.
 */
import { type Cents, cents, merchantKoReason, todayInSaoPaulo } from '@drip/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { type Shaped, ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx, Tx } from '../../db/types.ts';
import type { Logger } from '../../log.ts';
import type { CreditService } from '../credit/service.ts';
import { imageUrl } from '../images/service.ts';
import type { Notifications } from '../notifications/ports.ts';
import type { OrderService } from '../orders/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import type { CheckoutConfig } from './config.ts';
import type { ChargePurpose, PaymentsPort } from './payments-port.ts';
import { checkoutNotFound } from './refusals.ts';
import { koReasonOf, respond, toStoredPix, visibleStatus } from './respond.ts';
import {
  type CheckoutSet,
  isUuid,
  type Loaded,
  type MerchantFacts,
  type PendingMessage,
  planOf,
  VERIFICATION_AMOUNT,
  VERIFICATION_PIX_DESCRIPTION,
  type WireResponse,
} from './rules.ts';
import { loadQuery, type PlainLoadQuery, preparePlainLoad } from './statements.ts';
import { type CheckoutRow, checkouts, type StoredCustomerData, type StoredPix } from './tables.ts';

export interface CheckoutServiceDeps {
  db: Db;
  clock: Clock;
  notifications: Notifications;
  payments: PaymentsPort;
  credit: CreditService;
  orders: OrderService;
  config: CheckoutConfig;
  publicUrl: string;
  sandbox: boolean;
  /** Where the background analyses report their failures. */
  log: Pick<Logger, 'error'>;
  /** The merchant's webhooks (CHECKOUT_STATUS_CHANGED); absent in tests that build the service alone. */
  webhooks?: Pick<WebhookService, 'publish' | 'stage'> | undefined;
}

export class CheckoutCore {
  /** The statements built once per shape (db/shaped.ts): the conditional writes and the verification booking. */
  readonly shaped = new ShapedStatements();
  private plainLoadQuery: { today: string; query: PlainLoadQuery } | undefined;
  private todayCache: { minute: number; today: string } | undefined;

  constructor(readonly d: CheckoutServiceDeps) {}

  today(): string {
    // São Paulo's date changes on a minute boundary (whole-hour offset): the date of a minute is exact for all of it.
    const minute = Math.floor(this.d.clock.now().getTime() / 60_000);
    if (this.todayCache?.minute !== minute)
      this.todayCache = { minute, today: todayInSaoPaulo(this.d.clock) };
    return this.todayCache.today;
  }

  /** Loads a checkout locked for update, with its merchant and cashback rate, in one query. */
  async load(tx: Tx | Db, id: string, lock: boolean): Promise<Loaded> {
    if (!isUuid(id)) throw checkoutNotFound();
    let found: Awaited<ReturnType<CheckoutCore['plainLoad']>>[number] | undefined;
    if (!lock && tx === this.d.db) {
      [found] = await this.plainLoad(id);
    } else {
      const query = loadQuery(tx, id, this.today());
      [found] = lock ? await query.for('update', { of: checkouts }) : await query;
    }
    if (!found) throw checkoutNotFound();
    return {
      row: found.row,
      merchant: { ...found.merchant, cashbackRate: Number(found.cashbackRate) || 0 },
      version: String(found.version),
    };
  }

  /**
   * The plain (unlocked) load, the one most steps and every poll run: a prepared statement, built once a day (the
   * cashback rate depends on the date) instead of once per request — building this 60-column query was a visible
   * share of the server's CPU under load.
   */
  private plainLoad(id: string) {
    const today = this.today();
    if (this.plainLoadQuery?.today !== today) {
      this.plainLoadQuery = { today, query: preparePlainLoad(this.d.db, today) };
    }
    return this.plainLoadQuery.query.execute({ id });
  }

  async update(tx: Tx, id: string, set: CheckoutSet): Promise<CheckoutRow> {
    const [row] = await tx
      .update(checkouts)
      .set({ ...set, updatedAt: this.d.clock.now() })
      .where(eq(checkouts.id, id))
      .returning();
    if (!row) throw checkoutNotFound();
    if (set.status) await this.statusChanged(tx, row);
    return row;
  }

  /**
   * CHECKOUT_STATUS_CHANGED for a checkout that reached a final status, published in the caller's transaction. OK is
   * published by the order's own statement (every approved checkout creates its order there), not here.
   */
  async statusChanged(tx: DbOrTx, row: StatusFacts): Promise<void> {
    if (this.d.webhooks && isPublished(row.status))
      await this.d.webhooks.publish(tx, row.merchantId, 'CHECKOUT_STATUS_CHANGED', checkoutStatusData(row));
  }

  /** The same publish as CTEs of a one-statement write, gated on its CTE `gate`; null when nothing is published. */
  statusStage(row: StatusFacts, gate: string): Shaped | null {
    if (!this.d.webhooks || !isPublished(row.status)) return null;
    return this.d.webhooks.stage(
      'whcs',
      row.merchantId,
      'CHECKOUT_STATUS_CHANGED',
      checkoutStatusData(row),
      gate,
    );
  }

  /**
   * Runs `first` (another module's write, e.g. the credit decision's INSERT) and the checkout's update in ONE
   * statement (a CTE), on the row locked by the caller's transaction; returns the row as updated.
   */
  async updateWith(tx: Tx, first: SQL, row: CheckoutRow, set: CheckoutSet): Promise<CheckoutRow> {
    const updatedAt = this.d.clock.now();
    const update = tx
      .update(checkouts)
      .set({ ...set, updatedAt })
      .where(eq(checkouts.id, row.id))
      .getSQL();
    await tx.execute(sql`with first as (${first}) ${update}`);
    const updated = { ...row, ...set, updatedAt };
    if (set.status) await this.statusChanged(tx, updated);
    return updated;
  }

  plan(row: CheckoutRow, merchant: MerchantFacts) {
    return planOf(row, merchant, this.today());
  }

  /** The `{result, fields}` answer for a checkout row (wire shape, reais). */
  respond(row: CheckoutRow, merchant: MerchantFacts): WireResponse {
    // The merchant's logo is an image name in the image store; the shopper's browser needs its URL.
    const logo = imageUrl(this.d.publicUrl, merchant.logo);
    return respond(row, { ...merchant, logo }, this.d.clock.now(), this.today());
  }

  /** Status as read now: an open checkout past its expiry is EXPIRED even before the job ran. */
  visibleStatus(row: CheckoutRow): CheckoutRow['status'] {
    return visibleStatus(row, this.d.clock.now());
  }

  koReasonOf(row: CheckoutRow) {
    return koReasonOf(row, this.d.clock.now());
  }

  async createPix(
    tx: Tx | null,
    row: CheckoutRow,
    purpose: ChargePurpose,
    amount: Cents,
    data: StoredCustomerData,
    description: string,
  ): Promise<StoredPix> {
    const charge = await this.d.payments.createCharge(
      tx,
      this.pixInput(row, purpose, amount, data, description),
    );
    return toStoredPix(charge);
  }

  /** The R$ 1,00 Pix that proves the CPF (given back once paid). */
  verificationPix(tx: Tx | null, row: CheckoutRow, data: StoredCustomerData): Promise<StoredPix> {
    return this.createPix(tx, row, 'VERIFICATION', VERIFICATION_AMOUNT, data, VERIFICATION_PIX_DESCRIPTION);
  }

  /** The Pix of the first instalment paid at checkout. */
  firstInstalmentPix(
    tx: Tx | null,
    row: CheckoutRow,
    amount: Cents,
    data: StoredCustomerData,
    merchant: Pick<MerchantFacts, 'name'>,
  ): Promise<StoredPix> {
    return this.createPix(
      tx,
      row,
      'FIRST_INSTALMENT',
      amount,
      data,
      `1ª parcela da compra na ${merchant.name}`,
    );
  }

  /** The Pix of the whole amount that a refused checkout may offer. */
  fullAmountPix(
    tx: Tx | null,
    row: CheckoutRow,
    data: StoredCustomerData,
    merchant: Pick<MerchantFacts, 'name'>,
  ): Promise<StoredPix> {
    return this.createPix(
      tx,
      row,
      'FULL_AMOUNT',
      cents(row.amount),
      data,
      `Pagamento à vista na ${merchant.name}`,
    );
  }

  /** What a checkout's Pix charge is asked with. */
  pixInput(
    row: CheckoutRow,
    purpose: ChargePurpose,
    amount: Cents,
    data: StoredCustomerData,
    description: string,
  ) {
    return {
      purpose,
      referenceId: row.id,
      amount,
      expiresInSeconds: this.d.config.pixTtlSeconds,
      payer: { cpf: data.customerCpf, name: data.customerName },
      description,
    };
  }

  /** Sends a message queued by a step, once its write is done. */
  async send(m: PendingMessage): Promise<void> {
    if (m.channel === 'EMAIL') {
      await this.d.notifications.email.send({
        to: m.to,
        subject: m.subject ?? 'Drip',
        body: m.body,
        ...(m.code ? { code: m.code } : {}),
      });
    } else {
      await this.d.notifications.sms.send({ to: m.to, body: m.body, ...(m.code ? { code: m.code } : {}) });
    }
  }
}

type StatusFacts = Pick<CheckoutRow, 'id' | 'merchantId' | 'merchantOrderCode' | 'status' | 'koReason'>;

/** The statuses a merchant hears about: the final ones except OK (see statusChanged). */
const isPublished = (status: CheckoutRow['status']) =>
  status === 'KO' || status === 'EXPIRED' || status === 'REVOKED';

/** CHECKOUT_STATUS_CHANGED's data; a refusal as its group (spec 8), never the individual reason. */
export function checkoutStatusData(row: StatusFacts & { orderId?: string | null }): Record<string, unknown> {
  return {
    checkoutId: row.id,
    merchantOrderCode: row.merchantOrderCode,
    status: row.status,
    koReason: merchantKoReason(row.koReason),
    orderId: row.orderId ?? null,
  };
}
