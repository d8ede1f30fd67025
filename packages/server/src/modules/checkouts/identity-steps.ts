/**
 * The shopper's identity steps (docs/identity.md): the customer data (or only the phone of a known customer), the
 * Drip Token sent and resent, and the token checked — which creates the CPF's customer and moves a first purchase
 * to the verification Pix, or analyses a returning customer at once.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { VerificationChannel } from '@drip/core';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/types.ts';
import { DomainError } from '../../errors.ts';
import { CustomerService } from '../customers/service.ts';
import { storeOutboxMessage } from '../notifications/outbox.ts';
import type { CheckoutAnalysis } from './analysis.ts';
import type { CheckoutCore } from './core.ts';
import { checkoutErrors, conflict } from './refusals.ts';
import {
  type CheckoutSet,
  cleanCustomerData,
  hashToken,
  type MerchantFacts,
  type PendingMessage,
  TOKEN_MAX_ATTEMPTS,
  TOKEN_RESEND_COOLDOWN_MS,
  TOKEN_TTL_MS,
  tokenText,
  type WireResponse,
} from './rules.ts';
import { CustomerRows, ReturningRows } from './statements.ts';
import type { CheckoutRow, StoredCustomerData } from './tables.ts';

export class IdentitySteps {
  constructor(
    private readonly core: CheckoutCore,
    private readonly analysis: CheckoutAnalysis,
  ) {}

  async submitCustomerData(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    data: StoredCustomerData,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    if (row.phase !== 'CUSTOMER_DATA' && row.phase !== 'TOKEN') throw conflict(checkoutErrors.outOfOrder);
    const clean = cleanCustomerData(data);
    // The token step's hint (see the column), as the optimistic path computes it in its write.
    const [known] = v.parse(
      ReturningRows,
      await tx.execute(
        sql`select ${CustomerService.returningCustomerSql(sql`${clean.customerCpf}`, sql`${clean.customerPhone}`)} as returning`,
      ),
    ).rows;
    const set = { customerData: clean, returningCustomer: known?.returning ?? null };
    return this.sendNewToken(tx, { ...row, ...set }, merchant, 'SMS', set, outbox);
  }

  async submitPhoneOnly(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    phone: string,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    // The phone form is asked when the merchant prefilled a known customer's CPF (`phone_only`), or again at the
    // token step to correct the phone. The rest of the data is the customer's on file; the token step then decides
    // whether this phone proves the CPF (docs/identity.md).
    if (row.phase !== 'CUSTOMER_DATA' && row.phase !== 'TOKEN') throw conflict(checkoutErrors.outOfOrder);
    const known = row.customerData ?? (row.phoneOnly ? await this.customerOnFile(tx, row) : null);
    if (!known) throw conflict(checkoutErrors.outOfOrder);
    const customerData = { ...known, customerPhone: phone };
    return this.sendNewToken(tx, { ...row, customerData }, merchant, 'SMS', { customerData }, outbox);
  }

  /** The data on file of the customer whose CPF the merchant prefilled (a phone-only checkout), or null. */
  async customerOnFile(tx: Tx, row: CheckoutRow): Promise<StoredCustomerData | null> {
    const cpf = row.prefill?.cpf;
    if (!cpf) return null;
    const onFile = await CustomerService.checkoutDataOnFile(tx, cpf);
    return onFile ? cleanCustomerData(onFile) : null;
  }

  async sendNewToken(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    channel: VerificationChannel,
    extra: CheckoutSet,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    const data = row.customerData;
    if (!data) throw conflict(checkoutErrors.outOfOrder);
    const { set, code } = this.newTokenSet(row.id, channel, extra);
    const updated = await this.core.update(tx, row.id, set);
    await this.deliverToken(tx, channel, data, merchant.name, code, outbox);
    return this.core.respond(updated, merchant);
  }

  /** The columns of a new Drip Token (and its code, to send once the write is done). */
  newTokenSet(
    id: string,
    channel: VerificationChannel,
    extra: CheckoutSet,
  ): { set: CheckoutSet; code: string } {
    const now = this.core.d.clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return {
      code,
      set: {
        ...extra,
        status: 'MORE_INFO',
        phase: 'TOKEN',
        tokenHash: hashToken(id, code),
        tokenChannel: channel,
        tokenSentAt: now,
        tokenExpiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
        tokenAttempts: 0,
      },
    };
  }

  /** Queues an SMS or e-mail token for after the write (WhatsApp is stored in the step's transaction instead). */
  queueToken(
    channel: 'SMS' | 'EMAIL',
    data: StoredCustomerData,
    merchantName: string,
    code: string,
    outbox: PendingMessage[],
  ): void {
    const text = tokenText(code, merchantName);
    if (channel === 'SMS') outbox.push({ channel: 'SMS', to: data.customerPhone, body: text, code });
    else
      outbox.push({ channel: 'EMAIL', to: data.customerEmail, subject: 'Seu Drip Token', body: text, code });
  }

  async deliverToken(
    tx: Tx,
    channel: VerificationChannel,
    data: StoredCustomerData,
    merchantName: string,
    code: string,
    outbox: PendingMessage[],
  ): Promise<void> {
    const text = tokenText(code, merchantName);
    if (channel === 'SMS' || channel === 'EMAIL') {
      this.queueToken(channel, data, merchantName, code, outbox);
    } else {
      // WhatsApp has no adapter yet: the message is stored in the outbox like SMS and e-mail.
      await storeOutboxMessage(
        tx,
        { channel: 'WHATSAPP', to: data.customerPhone, body: text, code },
        { sandbox: this.core.d.sandbox, now: this.core.d.clock.now() },
      );
    }
  }

  async resendToken(
    tx: Tx,
    row: CheckoutRow,
    merchant: MerchantFacts,
    channel: VerificationChannel,
    outbox: PendingMessage[],
  ): Promise<WireResponse> {
    if (row.phase !== 'TOKEN') throw conflict(checkoutErrors.outOfOrder);
    const now = this.core.d.clock.now().getTime();
    const availableAt = (row.tokenSentAt?.getTime() ?? 0) + TOKEN_RESEND_COOLDOWN_MS;
    if (availableAt > now) {
      const seconds = Math.ceil((availableAt - now) / 1000);
      throw new DomainError('too_many', 'RESEND_COOLDOWN', checkoutErrors.resendCooldown(seconds), {
        retryAfterSeconds: seconds,
      });
    }
    return this.sendNewToken(tx, row, merchant, channel, {}, outbox);
  }

  async submitToken(tx: Tx, row: CheckoutRow, merchant: MerchantFacts, code: string): Promise<WireResponse> {
    if (row.phase !== 'TOKEN' || !row.tokenHash || !row.customerData) {
      if (row.tokenVerifiedAt) throw conflict(checkoutErrors.tokenUsed, 'TOKEN_USED');
      throw conflict(checkoutErrors.outOfOrder);
    }
    if (row.tokenAttempts >= TOKEN_MAX_ATTEMPTS) {
      throw new DomainError('too_many', 'TOKEN_LOCKED', checkoutErrors.tokenLocked);
    }
    if (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= this.core.d.clock.now().getTime()) {
      throw new DomainError('gone', 'TOKEN_EXPIRED', checkoutErrors.tokenExpired);
    }
    const expected = Buffer.from(row.tokenHash, 'hex');
    const given = Buffer.from(hashToken(row.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const updated = await this.core.update(tx, row.id, { tokenAttempts: row.tokenAttempts + 1 });
      return { ...(await this.core.respond(updated, merchant)), isValid: false };
    }
    const now = this.core.d.clock.now();
    const data = row.customerData;
    const customer = await this.upsertCustomer(tx, data);
    const verified = {
      ...row,
      customerId: customer.id,
      tokenHash: null,
      tokenVerifiedAt: now,
    };
    const base = { customerId: customer.id, tokenHash: null, tokenVerifiedAt: now };
    if (!customer.phoneOnFile) {
      // A new CPF, or a known CPF whose verified phone on file is not this one: the token proved a phone, not the
      // CPF. Nothing of the customer changed; the payer-CPF Pix proves the CPF before any analysis.
      const pix = await this.core.verificationPix(tx, verified, data);
      const updated = await this.core.update(tx, row.id, {
        ...base,
        phase: 'VERIFICATION_PIX',
        verificationPix: pix,
      });
      return { ...(await this.core.respond(updated, merchant)), isValid: true };
    }
    const analysed = await this.analysis.analyseAndApply(tx, verified, merchant, customer, null, base);
    return { ...this.core.respond(analysed, merchant), isValid: true };
  }

  /**
   * The customer of the CPF after the phone was verified (CustomerService.checkoutUpsert): created when new, its data
   * updated only when this phone is its verified phone on file, which `phoneOnFile` tells.
   */
  async upsertCustomer(
    tx: Tx,
    data: StoredCustomerData,
  ): Promise<{ id: string; phoneOnFile: boolean; birthDate: string | null }> {
    const upsert = CustomerService.checkoutUpsert(this.core.d.db, data, this.core.d.clock.now(), '');
    const [row] = v.parse(CustomerRows, await this.core.shaped.execute(tx, upsert)).rows;
    if (!row) throw new Error('customer upsert returned nothing');
    return row;
  }
}
