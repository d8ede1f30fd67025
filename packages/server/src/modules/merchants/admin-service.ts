/**
 * The back office's side of merchants (spec 2.2 and 7): onboarding and editing a merchant, its API key, its portal
 * users, and its terms (fees and settlement configurations, owned by settlements; cashbacks, owned by orders). Every
 * change commits with its audit entry in one transaction (docs/merchants-admin.md).
 */
import {
  type AdminCreateMerchantUserRequest,
  type AdminMerchant,
  type AdminMerchantDetails,
  type AdminMerchantRequest,
  type AdminMerchantUser,
  type AdminUpdateMerchantUserRequest,
  isoDateInSaoPaulo,
  MERCHANT_CATEGORIES_REQUIRED,
  MERCHANT_CATEGORY_UNKNOWN,
  MERCHANT_LOGOS,
  MERCHANT_TAG_UNKNOWN,
  type MerchantCashback,
  type MerchantCashbackRequest,
  type MerchantFee,
  type MerchantFeeRequest,
  type MerchantLogoField,
  type MerchantSettlementConfiguration,
  type MerchantSettlementConfigurationRequest,
  reaisOrNull,
  type TermState,
  termStates,
} from '@drip/core';
import { and, asc, count, eq, ilike, like, ne, or } from 'drizzle-orm';
import { normalizePhone } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { DbOrTx } from '../../db/types.ts';
import { DomainError, emailTaken, invalidFields } from '../../errors.ts';
import type { AuditService } from '../audit/service.ts';
import { randomToken } from '../auth/crypto.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { ImageService } from '../images/service.ts';
import { OrderService } from '../orders/service.ts';
import type { SettlementService } from '../settlements/service.ts';
import type { AdminActor } from './service.ts';
import { type MerchantRow, type MerchantUserRow, merchants, merchantUsers } from './tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const merchantNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Parceiro não encontrado');
const userNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Usuário não encontrado');
const feeNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Taxa não encontrada');
const cashbackNotFound = () => new DomainError('not_found', 'NOT_FOUND', 'Cashback não encontrado');
const configNotFound = () =>
  new DomainError('not_found', 'NOT_FOUND', 'Configuração de repasse não encontrada');

/** Postgres' unique violation (two admins creating the same e-mail at once: the index decides). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** `%` and `_` typed in the search are letters, not wildcards. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list's one search box finds a merchant by store name (any part, any case) or, when the text looks like a
 * document (CNPJ or CPF, whole or part: at least 3 digits and nothing but digits, '.', '/', '-' and spaces), by the
 * document's digits too; the row keeps them unmasked, so '11.222.333' finds '11222333000181'.
 */
function searchWhere(text: string) {
  const byName = ilike(merchants.name, `%${likeEscaped(text)}%`);
  const digits = text.replace(/\D/g, '');
  if (!/^[\d./\s-]+$/.test(text) || digits.length < 3) return byName;
  return or(byName, like(merchants.cnpj, `%${digits}%`));
}

/** The form's fields as the merchants row stores them. */
function rowValues(req: AdminMerchantRequest) {
  return {
    name: req.name,
    legalName: req.legalName,
    cnpj: req.cnpj,
    malgaClientId: req.malgaClientId,
    initials: req.initials,
    enableInApp: req.enableInApp,
    settlementPlatform: req.settlementPlatform,
    storeUrl: req.url,
    integrationType: req.integrationType,
    ecommPlatform: req.ecommPlatform,
    upfrontPaymentStatus: req.upfrontPaymentStatus,
    ordersPhone: req.ordersPhone,
    representativeName: req.representativeName,
    representativeBirthdate: req.representativeBirthdate,
    representativeCpf: req.representativeCpf,
    representativeEmail: req.representativeEmail,
    addressStreet: req.addressStreet,
    addressNumber: req.addressNumber,
    addressCep: req.addressCep,
    addressComplement: req.addressComplement,
    addressNeighborhood: req.addressNeighborhood,
    addressCity: req.addressCity,
    addressState: req.addressState,
    pixKeyType: req.pixKeyType,
    pixKey: req.pixKey,
    bankLegalName: req.bankLegalName,
    bankCode: req.bankCode,
    bankAccountTypeCode: req.bankAccountTypeCode,
    bankAccountAgencyNumber: req.bankAccountAgencyNumber,
    bankAccountNumber: req.bankAccountNumber,
    bankAccountNumberDigit: req.bankAccountNumberDigit,
    maxAmountPerOrder: req.maxAmountPerOrder,
    vtexAppKey: req.vTexAppKey,
    vtexAppToken: req.vTexAppToken,
    status: req.status,
    settlementPaymentType: req.settlementPaymentType,
    paymentPlatform: req.paymentPlatform,
    settlementWhenInstalmentPaid: req.settlementWhenInstalmentPaid,
    customerLimit: req.customerLimit,
    cancelMaxDays: req.cancelMaxDays,
    skipAntifraud: req.skipAntifraud,
    skipProtectedScore: req.skipProtectedScore,
    skipFraudulentPhone: req.skipFraudulentPhone,
    skipFraudulentCpf: req.skipFraudulentCpf,
    skipFraudulentAddressCep: req.skipFraudulentAddressCep,
    skipFraudulentBankCode: req.skipFraudulentBankCode,
    skipOrderAmountRule: req.skipOrderAmountRule,
    flexibleInstallments: req.flexibleInstallments,
    limitInstalmentsByCheckout: req.limitInstalmentsByCheckout,
    maxInstalments: req.maxInstalments,
  };
}

/** The merchant as the admin calls answer it; `urlOf` turns a stored image name into its public URL. */
export function toAdminMerchant(
  r: MerchantRow,
  urlOf: (name: string | null) => string | null,
): AdminMerchant {
  return {
    id: r.id,
    name: r.name,
    legalName: r.legalName,
    cnpj: r.cnpj,
    malgaClientId: r.malgaClientId,
    initials: r.initials,
    enableInApp: r.enableInApp,
    settlementPlatform: r.settlementPlatform,
    url: r.storeUrl,
    integrationType: r.integrationType,
    ecommPlatform: r.ecommPlatform,
    upfrontPaymentStatus: r.upfrontPaymentStatus,
    ordersPhone: r.ordersPhone,
    apiKey: r.apiKey,
    status: r.status,
    settlementPaymentType: r.settlementPaymentType,
    paymentPlatform: r.paymentPlatform,
    customerLimit: reaisOrNull(r.customerLimit),
    settlementWhenInstalmentPaid: r.settlementWhenInstalmentPaid,
    cancelMaxDays: r.cancelMaxDays,
    representativeName: r.representativeName,
    representativeBirthdate: r.representativeBirthdate,
    representativeCpf: r.representativeCpf,
    representativeEmail: r.representativeEmail,
    addressStreet: r.addressStreet,
    addressNumber: r.addressNumber,
    addressCep: r.addressCep,
    addressComplement: r.addressComplement,
    addressNeighborhood: r.addressNeighborhood,
    addressCity: r.addressCity,
    addressState: r.addressState,
    pixKey: r.pixKey,
    pixKeyType: r.pixKeyType,
    bankLegalName: r.bankLegalName,
    bankCode: r.bankCode,
    bankAccountTypeCode: r.bankAccountTypeCode,
    bankAccountAgencyNumber: r.bankAccountAgencyNumber,
    bankAccountNumber: r.bankAccountNumber,
    bankAccountNumberDigit: r.bankAccountNumberDigit,
    maxAmountPerOrder: reaisOrNull(r.maxAmountPerOrder),
    vTexAppKey: r.vtexAppKey,
    vTexAppToken: r.vtexAppToken,
    skipAntifraud: r.skipAntifraud,
    skipProtectedScore: r.skipProtectedScore,
    skipFraudulentPhone: r.skipFraudulentPhone,
    skipFraudulentCpf: r.skipFraudulentCpf,
    skipFraudulentAddressCep: r.skipFraudulentAddressCep,
    skipFraudulentBankCode: r.skipFraudulentBankCode,
    skipOrderAmountRule: r.skipOrderAmountRule,
    flexibleInstallments: r.flexibleInstallments,
    limitInstalmentsByCheckout: r.limitInstalmentsByCheckout,
    maxInstalments: r.maxInstalments,
    categoriesIds: r.categoryIds,
    tagsIds: r.tagIds,
    logoUrl: urlOf(r.logo),
    logoUrlB2b: urlOf(r.logoB2b),
    logoUrlBrand: urlOf(r.logoBrand),
    createdAt: r.createdAt.toISOString(),
  };
}

const LOGO_FIELDS = Object.keys(MERCHANT_LOGOS) as MerchantLogoField[];

/** A 422 on one field of the form (the form shows it beside the field). */
const refused = (code: string, path: string, message: string) =>
  new DomainError('unprocessable', code, message, { issues: [{ path, message }] });

function toAdminUser(r: MerchantUserRow): AdminMerchantUser {
  return {
    id: r.id,
    merchantId: r.merchantId,
    email: r.email,
    phone: r.phone,
    name: r.name,
    post: r.post,
    authenticationPreference: r.authenticationPreference,
    communications: r.communications,
    permissions: r.permissions,
    status: r.status,
  };
}

interface FeeRow {
  id: string;
  merchantId: string;
  rateBps: number;
  expirationDate: string | null;
  createdAt: Date;
}
interface CashbackRow {
  id: string;
  merchantId: string;
  ratio: number;
  expirationDate: string | null;
  createdAt: Date;
}
interface ConfigRow {
  id: string;
  merchantId: string;
  transferDelayInDays: number;
  payAllInOneSettlement: boolean;
  expirationDate: string | null;
  createdAt: Date;
}

const toFee = (r: FeeRow, state: TermState): MerchantFee => ({
  id: r.id,
  merchantId: r.merchantId,
  amount: r.rateBps / 100,
  expirationDate: r.expirationDate,
  createdAt: r.createdAt.toISOString(),
  state,
});
const toCashback = (r: CashbackRow, state: TermState): MerchantCashback => ({
  id: r.id,
  merchantId: r.merchantId,
  ratio: r.ratio,
  expirationDate: r.expirationDate,
  createdAt: r.createdAt.toISOString(),
  state,
});
const toConfig = (r: ConfigRow, state: TermState): MerchantSettlementConfiguration => ({
  id: r.id,
  merchantId: r.merchantId,
  transferDelayInDays: r.transferDelayInDays,
  payAllInOneSettlement: r.payAllInOneSettlement,
  expirationDate: r.expirationDate,
  createdAt: r.createdAt.toISOString(),
  state,
});

/** Percent with two decimals → basis points, exactly (2.99 → 299). */
const bpsOf = (percent: number) => Math.round(percent * 100);

export class MerchantAdminService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      audit: AuditService;
      passwords: PasswordHasher;
      auth: AuthService;
      settlements: SettlementService;
      /** The store catalogue: the merchant's categories and tags are its ids, checked through its service. */
      catalogue: CatalogueService;
      /** The image port's service: the three logos are PNGs checked by content (docs/images.md). */
      images: ImageService;
      /** `sk_sandbox_` in the sandbox, `sk_live_` otherwise (as the seed's keys). */
      apiKeyPrefix: string;
    },
  ) {}

  private newApiKey(): string {
    return `${this.d.apiKeyPrefix}${randomToken(24)}`;
  }

  private audit(
    tx: DbOrTx,
    actor: AdminActor,
    action: string,
    entityType: string,
    entityId: string,
    details?: Record<string, unknown>,
  ) {
    return this.d.audit.record(
      {
        actorType: 'ADMIN',
        actorId: actor.adminId,
        action,
        entityType,
        entityId,
        ...(details ? { details } : {}),
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      tx,
    );
  }

  private async merchantRow(db: DbOrTx, id: string): Promise<MerchantRow> {
    if (!UUID.test(id)) throw merchantNotFound();
    const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
    if (!row) throw merchantNotFound();
    return row;
  }

  private today(): string {
    return isoDateInSaoPaulo(this.d.clock.now());
  }

  private out(row: MerchantRow): AdminMerchant {
    return toAdminMerchant(row, (name) => this.d.images.urlOf(name));
  }

  /**
   * The logos to store: a new PNG is checked and stored (422 otherwise), the current URL keeps the current image,
   * and an empty or absent value keeps it too (spec 2.2: the existing image stays when none is chosen). Done before
   * the transaction, as the catalogue does: a refused image leaves nothing behind.
   */
  private async logos(req: AdminMerchantRequest, current?: MerchantRow) {
    // Only the logos that change are set: a kept one is left out of the write, so that an edit saved at the same time
    // by another admin keeps the image it chose.
    const out: Partial<Record<MerchantLogoField, string>> = {};
    for (const field of LOGO_FIELDS) {
      const value = req[field]?.trim() ?? '';
      if (value === '') continue;
      const kept = current?.[field] ?? null;
      try {
        const name = await this.d.images.accept(value, kept);
        if (name !== kept) out[field] = name;
      } catch (err) {
        // The image port's 422, said on the field that carried the image.
        if (err instanceof DomainError) throw refused(err.code, field, err.message);
        throw err;
      }
    }
    return out;
  }

  /** The categories and tags to store, checked against the catalogue in the caller's transaction (422 otherwise). */
  private async selection(tx: DbOrTx, categoriesIds: readonly string[], tagsIds: readonly string[]) {
    const chosen = await this.d.catalogue.merchantSelection(tx, categoriesIds, tagsIds);
    if (chosen.ok) return { categoryIds: chosen.categoryIds, tagIds: chosen.tagIds };
    throw chosen.unknown === 'categoriesIds'
      ? refused('CATEGORY_NOT_FOUND', 'categoriesIds', MERCHANT_CATEGORY_UNKNOWN)
      : refused('TAG_NOT_FOUND', 'tagsIds', MERCHANT_TAG_UNKNOWN);
  }

  // ------------------------------------------------------------ merchants

  async list(q: { page: number; size: number; name?: string | undefined }) {
    const where = q.name ? searchWhere(q.name) : undefined;
    // The count and the page side by side: on PostgreSQL each takes a connection of the pool.
    const [[total], rows] = await Promise.all([
      this.d.db.select({ n: count() }).from(merchants).where(where),
      this.d.db
        .select({
          id: merchants.id,
          name: merchants.name,
          initials: merchants.initials,
          cnpj: merchants.cnpj,
          status: merchants.status,
          createdAt: merchants.createdAt,
        })
        .from(merchants)
        .where(where)
        .orderBy(asc(merchants.name), asc(merchants.id))
        .limit(q.size)
        .offset(q.page * q.size),
    ]);
    const totalElements = total?.n ?? 0;
    return {
      content: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      totalElements,
      totalPages: Math.ceil(totalElements / q.size),
      number: q.page,
    };
  }

  async create(req: AdminMerchantRequest, actor: AdminActor): Promise<AdminMerchant> {
    // Spec 5: categories are required on create (an edit may leave a merchant without them, as the seed's are).
    if (!req.categoriesIds?.length)
      throw refused('CATEGORIES_REQUIRED', 'categoriesIds', MERCHANT_CATEGORIES_REQUIRED);
    const now = this.d.clock.now();
    const logos = await this.logos(req);
    return this.d.db.transaction(async (tx) => {
      const chosen = await this.selection(tx, req.categoriesIds ?? [], req.tagsIds ?? []);
      const [row] = await tx
        .insert(merchants)
        .values({
          ...rowValues(req),
          ...logos,
          ...chosen,
          apiKey: this.newApiKey(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('merchant insert returned no row');
      await this.audit(tx, actor, 'MERCHANT_CREATED', 'merchant', row.id, { name: row.name });
      return this.out(row);
    });
  }

  async details(id: string): Promise<AdminMerchantDetails> {
    const row = await this.merchantRow(this.d.db, id);
    const [users, fees, cashbacks, configs] = await Promise.all([
      this.d.db
        .select()
        .from(merchantUsers)
        .where(eq(merchantUsers.merchantId, id))
        .orderBy(asc(merchantUsers.createdAt)),
      this.d.settlements.fees(id),
      OrderService.cashbacks(this.d.db, id),
      this.d.settlements.configurations(id),
    ]);
    const today = this.today();
    const feeStates = termStates(fees, today);
    const cashbackStates = termStates(cashbacks, today);
    const configStates = termStates(configs, today);
    const names = await this.d.catalogue.merchantSelectionNames(row.categoryIds, row.tagIds);
    return {
      ...this.out(row),
      ...names,
      backofficeUsers: users.map(toAdminUser),
      fees: fees.map((f, i) => toFee(f, feeStates[i] ?? 'OTHER')),
      cashback: cashbacks.map((c, i) => toCashback(c, cashbackStates[i] ?? 'OTHER')),
      settlementConfigurations: configs.map((c, i) => toConfig(c, configStates[i] ?? 'OTHER')),
    };
  }

  /** The whole form replaces the row; the next checkout, analysis, refund and settlement read it. */
  async update(id: string, req: AdminMerchantRequest, actor: AdminActor): Promise<AdminMerchant> {
    const logos = await this.logos(req, await this.merchantRow(this.d.db, id));
    return this.d.db.transaction(async (tx) => {
      const before = await this.merchantRow(tx, id);
      const values = {
        ...rowValues(req),
        ...logos,
        // Absent lists keep the current ones; the tags are checked against the categories kept.
        ...(await this.selection(tx, req.categoriesIds ?? before.categoryIds, req.tagsIds ?? before.tagIds)),
      };
      const [row] = await tx
        .update(merchants)
        .set({ ...values, updatedAt: this.d.clock.now() })
        .where(eq(merchants.id, id))
        .returning();
      if (!row) throw merchantNotFound();
      // The names of the fields that changed, not their values (the VTEX token is a secret).
      const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(row[k]),
      );
      await this.audit(tx, actor, 'MERCHANT_UPDATED', 'merchant', id, { changed });
      return this.out(row);
    });
  }

  /**
   * A new API key: the merchant API looks the key up on every call (checkouts/merchant-api.ts, no cache), so the old
   * key is refused from this commit on.
   */
  async resetApiKey(id: string, actor: AdminActor): Promise<{ id: string; apiKey: string }> {
    if (!UUID.test(id)) throw merchantNotFound();
    return this.d.db.transaction(async (tx) => {
      const [row] = await tx
        .update(merchants)
        .set({ apiKey: this.newApiKey(), updatedAt: this.d.clock.now() })
        .where(eq(merchants.id, id))
        .returning({ id: merchants.id, apiKey: merchants.apiKey });
      if (!row) throw merchantNotFound();
      await this.audit(tx, actor, 'MERCHANT_API_KEY_RESET', 'merchant', id);
      return row;
    });
  }

  // ------------------------------------------------------------ fees

  private async feeById(merchantId: string, feeId: string): Promise<MerchantFee> {
    if (!UUID.test(merchantId) || !UUID.test(feeId)) throw feeNotFound();
    const all = await this.d.settlements.fees(merchantId);
    const states = termStates(all, this.today());
    const i = all.findIndex((f) => f.id === feeId);
    const row = all[i];
    if (!row) throw feeNotFound();
    return toFee(row, states[i] ?? 'OTHER');
  }

  fee(merchantId: string, feeId: string): Promise<MerchantFee> {
    return this.feeById(merchantId, feeId);
  }

  async createFee(merchantId: string, req: MerchantFeeRequest, actor: AdminActor): Promise<MerchantFee> {
    const id = await this.d.db.transaction(async (tx) => {
      await this.merchantRow(tx, merchantId);
      const row = await this.d.settlements.addFee(
        merchantId,
        { rateBps: bpsOf(req.amount), expirationDate: req.expirationDate },
        tx,
      );
      if (!row) throw new Error('fee insert returned no row');
      await this.audit(tx, actor, 'MERCHANT_FEE_CREATED', 'merchant_fee', row.id, {
        merchantId,
        rateBps: row.rateBps,
        expirationDate: row.expirationDate,
      });
      return row.id;
    });
    return this.feeById(merchantId, id);
  }

  async updateFee(merchantId: string, feeId: string, req: MerchantFeeRequest, actor: AdminActor) {
    if (!UUID.test(merchantId) || !UUID.test(feeId)) throw feeNotFound();
    await this.d.db.transaction(async (tx) => {
      const row = await this.d.settlements.updateFee(
        merchantId,
        feeId,
        { rateBps: bpsOf(req.amount), expirationDate: req.expirationDate },
        tx,
      );
      if (!row) throw feeNotFound();
      await this.audit(tx, actor, 'MERCHANT_FEE_UPDATED', 'merchant_fee', feeId, {
        merchantId,
        rateBps: row.rateBps,
        expirationDate: row.expirationDate,
      });
    });
    return this.feeById(merchantId, feeId);
  }

  // ------------------------------------------------------------ cashbacks

  private async cashbackById(merchantId: string, cashbackId: string): Promise<MerchantCashback> {
    if (!UUID.test(merchantId) || !UUID.test(cashbackId)) throw cashbackNotFound();
    const all = await OrderService.cashbacks(this.d.db, merchantId);
    const states = termStates(all, this.today());
    const i = all.findIndex((c) => c.id === cashbackId);
    const row = all[i];
    if (!row) throw cashbackNotFound();
    return toCashback(row, states[i] ?? 'OTHER');
  }

  cashback(merchantId: string, cashbackId: string): Promise<MerchantCashback> {
    return this.cashbackById(merchantId, cashbackId);
  }

  async createCashback(merchantId: string, req: MerchantCashbackRequest, actor: AdminActor) {
    const id = await this.d.db.transaction(async (tx) => {
      await this.merchantRow(tx, merchantId);
      const row = await OrderService.addCashback(tx, {
        merchantId,
        ratio: req.ratio,
        expirationDate: req.expirationDate,
        at: this.d.clock.now(),
      });
      await this.audit(tx, actor, 'MERCHANT_CASHBACK_CREATED', 'merchant_cashback', row.id, {
        merchantId,
        ratio: row.ratio,
        expirationDate: row.expirationDate,
      });
      return row.id;
    });
    return this.cashbackById(merchantId, id);
  }

  async updateCashback(
    merchantId: string,
    cashbackId: string,
    req: MerchantCashbackRequest,
    actor: AdminActor,
  ) {
    if (!UUID.test(merchantId) || !UUID.test(cashbackId)) throw cashbackNotFound();
    await this.d.db.transaction(async (tx) => {
      const row = await OrderService.updateCashback(tx, merchantId, cashbackId, req);
      if (!row) throw cashbackNotFound();
      await this.audit(tx, actor, 'MERCHANT_CASHBACK_UPDATED', 'merchant_cashback', cashbackId, {
        merchantId,
        ratio: row.ratio,
        expirationDate: row.expirationDate,
      });
    });
    return this.cashbackById(merchantId, cashbackId);
  }

  // ------------------------------------------------------------ settlement configurations

  private async configById(merchantId: string, configId: string): Promise<MerchantSettlementConfiguration> {
    if (!UUID.test(merchantId) || !UUID.test(configId)) throw configNotFound();
    const all = await this.d.settlements.configurations(merchantId);
    const states = termStates(all, this.today());
    const i = all.findIndex((c) => c.id === configId);
    const row = all[i];
    if (!row) throw configNotFound();
    return toConfig(row, states[i] ?? 'OTHER');
  }

  configuration(merchantId: string, configId: string) {
    return this.configById(merchantId, configId);
  }

  async createConfiguration(
    merchantId: string,
    req: MerchantSettlementConfigurationRequest,
    actor: AdminActor,
  ) {
    const id = await this.d.db.transaction(async (tx) => {
      await this.merchantRow(tx, merchantId);
      const row = await this.d.settlements.addConfiguration(merchantId, req, tx);
      if (!row) throw new Error('configuration insert returned no row');
      await this.audit(
        tx,
        actor,
        'MERCHANT_SETTLEMENT_CONFIGURATION_CREATED',
        'merchant_settlement_configuration',
        row.id,
        {
          merchantId,
          ...req,
        },
      );
      return row.id;
    });
    return this.configById(merchantId, id);
  }

  async updateConfiguration(
    merchantId: string,
    configId: string,
    req: MerchantSettlementConfigurationRequest,
    actor: AdminActor,
  ) {
    if (!UUID.test(merchantId) || !UUID.test(configId)) throw configNotFound();
    await this.d.db.transaction(async (tx) => {
      const row = await this.d.settlements.updateConfiguration(merchantId, configId, req, tx);
      if (!row) throw configNotFound();
      await this.audit(
        tx,
        actor,
        'MERCHANT_SETTLEMENT_CONFIGURATION_UPDATED',
        'merchant_settlement_configuration',
        configId,
        {
          merchantId,
          ...req,
        },
      );
    });
    return this.configById(merchantId, configId);
  }

  // ------------------------------------------------------------ merchant users

  private phoneOf(input: string): string {
    const phone = normalizePhone(input);
    if (!phone) throw invalidFields([{ path: 'phone', message: 'O telefone é inválido' }]);
    return phone;
  }

  async user(id: string): Promise<AdminMerchantUser> {
    if (!UUID.test(id)) throw userNotFound();
    const [row] = await this.d.db.select().from(merchantUsers).where(eq(merchantUsers.id, id));
    if (!row) throw userNotFound();
    return toAdminUser(row);
  }

  async createUser(req: AdminCreateMerchantUserRequest, actor: AdminActor): Promise<AdminMerchantUser> {
    const phone = this.phoneOf(req.phone);
    const passwordHash = await this.d.passwords.hash(req.password);
    try {
      return await this.d.db.transaction(async (tx) => {
        await this.merchantRow(tx, req.merchantId);
        const [taken] = await tx
          .select({ id: merchantUsers.id })
          .from(merchantUsers)
          .where(eq(merchantUsers.email, req.email));
        if (taken) throw emailTaken('email');
        const now = this.d.clock.now();
        const [row] = await tx
          .insert(merchantUsers)
          .values({
            merchantId: req.merchantId,
            email: req.email,
            phone,
            name: req.name,
            post: req.post,
            passwordHash,
            authenticationPreference: req.authenticationPreference,
            communications: req.communications,
            permissions: [...new Set(req.permissions)],
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('merchant user insert returned no row');
        await this.audit(tx, actor, 'MERCHANT_USER_CREATED', 'merchant_user', row.id, {
          merchantId: row.merchantId,
          permissions: row.permissions,
        });
        return toAdminUser(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken('email');
      throw err;
    }
  }

  /** A change of permissions, status or password ends the user's sessions (their token carries the old ones). */
  async updateUser(id: string, req: AdminUpdateMerchantUserRequest, actor: AdminActor) {
    if (!UUID.test(id)) throw userNotFound();
    const phone = this.phoneOf(req.phone);
    const passwordHash = req.password ? await this.d.passwords.hash(req.password) : null;
    try {
      return await this.d.db.transaction(async (tx) => {
        const [before] = await tx.select().from(merchantUsers).where(eq(merchantUsers.id, id));
        if (!before) throw userNotFound();
        const [taken] = await tx
          .select({ id: merchantUsers.id })
          .from(merchantUsers)
          .where(and(eq(merchantUsers.email, req.email), ne(merchantUsers.id, id)));
        if (taken) throw emailTaken('email');
        const permissions = [...new Set(req.permissions)];
        const [row] = await tx
          .update(merchantUsers)
          .set({
            email: req.email,
            phone,
            name: req.name,
            post: req.post,
            authenticationPreference: req.authenticationPreference,
            communications: req.communications,
            permissions,
            ...(req.status ? { status: req.status } : {}),
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: this.d.clock.now(),
          })
          .where(eq(merchantUsers.id, id))
          .returning();
        if (!row) throw userNotFound();
        const permissionsChanged =
          JSON.stringify([...before.permissions].sort()) !== JSON.stringify([...permissions].sort());
        const ends = permissionsChanged || passwordHash !== null || row.status !== before.status;
        if (ends) await this.d.auth.revokeUser('merchant', id, tx);
        await this.audit(tx, actor, 'MERCHANT_USER_UPDATED', 'merchant_user', id, {
          merchantId: row.merchantId,
          permissions,
          passwordChanged: passwordHash !== null,
          sessionsEnded: ends,
        });
        return toAdminUser(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken('email');
      throw err;
    }
  }
}
