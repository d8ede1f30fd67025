/**
 * The merchant API (DESIGN.md 2) and the back office's revocation: the API key's merchant, a checkout created (with
 * its idempotency key's stored answer in the same statement), the merchant's view of one, and its revocation.
 */
import {
  type CreateCheckoutRequest,
  type CreateCheckoutResponse,
  canDeactivateLink,
  cents,
  centsToReais,
  checkoutLinkMessages,
  checkoutPaths,
  type MerchantCheckoutView,
  merchantKoReason,
} from '@drip/core';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/index.ts';
import { errorBody } from '../../http/errors.ts';
import { CustomerService } from '../customers/service.ts';
// Read-only: the API key lookup, prepared (docs/modules.md).
import { merchants } from '../merchants/tables.ts';
import type { CheckoutCore } from './core.ts';
import type { AnswerSql } from './idempotency.ts';
import { checkoutErrors, checkoutNotFound, conflict } from './refusals.ts';
import { isUuid, linkFacts } from './rules.ts';
import { IdRows } from './statements.ts';
import { type CheckoutRow, checkouts } from './tables.ts';

/**
 * The statement every checkout sends first — the merchant API's key lookup — prepared once per database handle:
 * built by the query builder on every call, it cost more CPU than sending it (docs/benchmarks.md).
 */
function prepareHotStatements(db: Db) {
  const p = sql.placeholder;
  return {
    merchantForKey: db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.apiKey, p('key')), eq(merchants.status, 'ENABLED')))
      .limit(1)
      .prepare('drip_merchant_for_api_key'),
  };
}

export class MerchantApi {
  private readonly prepared: ReturnType<typeof prepareHotStatements>;

  constructor(private readonly core: CheckoutCore) {
    this.prepared = prepareHotStatements(core.d.db);
  }

  /** The merchant an API key belongs to (null for an unknown key or an archived merchant). */
  async merchantIdForApiKey(key: string): Promise<string | null> {
    if (key.length > 200) return null;
    const [row] = await this.prepared.merchantForKey.execute({ key });
    return row?.id ?? null;
  }

  /**
   * Creates a checkout for the merchant (DESIGN.md 2). 409 when the merchant order code was used. With
   * `storeAnswer` (the idempotency key's UPDATE, see IdempotencyStore.answerSql) the insert and the stored answer —
   * 201 and the checkout, or the 409 — are one statement.
   */
  async create(
    merchantId: string,
    body: CreateCheckoutRequest,
    storeAnswer?: AnswerSql,
    /** A Drip link created in the merchant portal: the creating user's e-mail (no idempotency key there). */
    creatorEmail?: string,
  ): Promise<CreateCheckoutResponse> {
    const at = this.core.d.clock.now();
    const now = at.toISOString();
    const expiresAt = new Date(at.getTime() + this.core.d.config.ttlHours * 3600_000).toISOString();
    const id = crypto.randomUUID();
    const created: CreateCheckoutResponse = {
      id,
      url: `${this.core.d.publicUrl}${checkoutPaths.hostedPage(id)}`,
      expiresAt,
    };
    // The 409's error is made only when it is raised (an Error captures its stack); its body is stored always.
    const duplicateMessage = checkoutErrors.duplicateOrderCode(body.merchantOrderCode);
    const duplicate = () => conflict(duplicateMessage, 'DUPLICATE_ORDER_CODE');
    const duplicateBody = errorBody('DUPLICATE_ORDER_CODE', duplicateMessage);
    const prefill = body.customer?.prefill;
    const products = body.products.map((p) => ({ name: p.name, quantity: p.quantity, amount: p.amount }));
    const prefillJson = prefill
      ? JSON.stringify({
          ...(prefill.cpf ? { cpf: prefill.cpf } : {}),
          ...(prefill.phone ? { phone: prefill.phone } : {}),
          ...(prefill.email ? { email: prefill.email.toLowerCase() } : {}),
          ...(prefill.name ? { name: prefill.name } : {}),
        })
      : null;
    const rows = v.parse(
      IdRows,
      await this.core.shaped.execute(this.core.d.db, {
        key: storeAnswer ? 'create-with-answer' : creatorEmail ? 'create-link' : 'create',
        build: () => {
          const p = sql.placeholder;
          const creator = creatorEmail ? sql`${p('creatorEmail')}` : sql`null`;
          // phone_only: the prefilled CPF is a customer with a verified phone and complete data (knownForPhoneOnly).
          const insert = sql`insert into ${checkouts} (id, merchant_id, merchant_order_code, amount, products, prefill, resolve_url, cancel_url, status, phase, phone_only, creator_email, expires_at, created_at, updated_at) values (${p('id')}, ${p('merchantId')}, ${p('orderCode')}, ${p('amount')}, ${p('products')}::jsonb, ${p('prefill')}::jsonb, ${p('resolveUrl')}, ${p('cancelUrl')}, 'PRISTINE', 'CUSTOMER_DATA', ${CustomerService.knownForPhoneOnlySql(sql`${p('prefillCpf')}::text`)}, ${creator}, ${p('expiresAt')}::timestamptz, ${p('now')}::timestamptz, ${p('now')}::timestamptz) on conflict (merchant_id, merchant_order_code) do nothing returning id::text as id`;
          if (!storeAnswer) return insert;
          const inserted = sql`exists (select 1 from c)`;
          return sql`with c as (${insert}), answer as (${storeAnswer.build(
            sql`case when ${inserted} then 201 else 409 end`,
            sql`case when ${inserted} then ${p('created')}::jsonb else ${p('duplicate')}::jsonb end`,
          )}) select id from c`;
        },
        values: {
          id,
          merchantId,
          orderCode: body.merchantOrderCode,
          amount: body.amount,
          products: JSON.stringify(products),
          prefill: prefillJson,
          prefillCpf: prefill?.cpf ?? null,
          resolveUrl: body.resolveUrl,
          cancelUrl: body.cancelUrl,
          expiresAt,
          now,
          ...(creatorEmail ? { creatorEmail } : {}),
          ...(storeAnswer
            ? {
                created: JSON.stringify(created),
                duplicate: JSON.stringify(duplicateBody),
                ...storeAnswer.values,
              }
            : {}),
        },
      }),
    ).rows;
    if (rows.length === 0) throw duplicate();
    return created;
  }

  /**
   * The checkout a merchant created with this order code, as `create` answered it, or null. A caller that derives the
   * order code from its own key (the platform connectors) finds here the checkout an interrupted earlier call made.
   */
  async byOrderCode(merchantId: string, merchantOrderCode: string): Promise<CreateCheckoutResponse | null> {
    const [row] = await this.core.d.db
      .select({ id: checkouts.id, expiresAt: checkouts.expiresAt })
      .from(checkouts)
      .where(and(eq(checkouts.merchantId, merchantId), eq(checkouts.merchantOrderCode, merchantOrderCode)))
      .limit(1);
    if (!row) return null;
    return {
      id: row.id,
      url: `${this.core.d.publicUrl}${checkoutPaths.hostedPage(row.id)}`,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** The merchant's view of one of its checkouts (404 for another merchant's). */
  async merchantView(merchantId: string, id: string): Promise<v.InferInput<typeof MerchantCheckoutView>> {
    const row = await this.readOwn(merchantId, id);
    const order = row.orderId ? await this.core.d.orders.orderView(row.orderId) : null;
    return {
      id: row.id,
      status: this.core.visibleStatus(row),
      merchantOrderCode: row.merchantOrderCode,
      amount: centsToReais(cents(row.amount)),
      // The refusal's group (spec 8): the merchant never reads an individual reason.
      koReason:
        row.status === 'KO' || row.status === 'EXPIRED' ? merchantKoReason(this.core.koReasonOf(row)) : null,
      order: order
        ? {
            id: order.id,
            status: order.status,
            instalments: order.instalments.map((i) => ({
              number: i.number,
              dueDate: i.dueDate,
              amount: centsToReais(i.amount),
              status: i.status,
            })),
          }
        : null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async readOwn(merchantId: string, id: string): Promise<CheckoutRow> {
    if (!isUuid(id)) throw checkoutNotFound();
    const [row] = await this.core.d.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.merchantId, merchantId)))
      .limit(1);
    if (!row) throw checkoutNotFound();
    return row;
  }

  /**
   * 'Desativar' (merchant back office, ADMIN): a link still 'Criado' becomes REVOKED, by the rule the portal's button
   * follows (`canDeactivateLink`, spec 4) on the same link view; anything else is a 409. Asking again answers the
   * same. The update re-checks the rule in SQL: a shopper opening the link meanwhile wins.
   */
  async revoke(merchantId: string, id: string): Promise<{ id: string; status: CheckoutRow['status'] }> {
    const row = await this.readOwn(merchantId, id);
    if (row.status === 'REVOKED') return { id, status: 'REVOKED' };
    const refused = () => conflict(checkoutLinkMessages.cannotDeactivate, 'LINK_NOT_DEACTIVATABLE');
    if (!canDeactivateLink(linkFacts(this.core.visibleStatus(row)))) throw refused();
    const now = this.core.d.clock.now();
    return this.core.d.db.transaction(async (tx) => {
      const updated = await tx
        .update(checkouts)
        .set({ status: 'REVOKED', updatedAt: now })
        .where(
          and(eq(checkouts.id, id), eq(checkouts.status, 'PRISTINE'), sql`${checkouts.expiresAt} > ${now}`),
        )
        .returning({ id: checkouts.id });
      if (updated.length === 0) throw refused();
      await this.core.statusChanged(tx, { ...row, status: 'REVOKED' });
      return { id, status: 'REVOKED' as const };
    });
  }
}
