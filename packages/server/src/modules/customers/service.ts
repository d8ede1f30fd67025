import { CustomerProfile, type CustomerUpdateProfileRequest } from '@drip/core';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { normalizeCpf, normalizeEmail } from '../../br.ts';
import type { Clock } from '../../clock.ts';
import type { DatabaseHandle, Db } from '../../db/index.ts';
import type { Issue } from '../../http/errors.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { AuthService, SessionSubject } from '../auth/service.ts';
import type { Notifications } from '../notifications/ports.ts';
import { type CustomerRow, customers } from './tables.ts';

export type ProfileUpdateResult =
  | { type: 'ok'; passwordUpdated: boolean; user: CustomerProfile }
  | { type: 'invalid'; issues: Issue[] }
  | { type: 'invalid_password' }
  | { type: 'not_found' };

const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

const PROFILE_SQL = `select id, name, email, cpf, phone, birth_date::text as "birthDate", address_cep as "addressCep",
  address_street as "addressStreet", address_number as "addressNumber", address_complement as "addressComplement",
  address_neighborhood as "addressNeighborhood", address_city as "addressCity", address_state as "addressState"
  from customers where id = $1`;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export function toCustomerProfile(row: Pick<CustomerRow, keyof CustomerProfile>): CustomerProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.cpf,
    phone: row.phone,
    birthDate: row.birthDate,
    addressCep: row.addressCep,
    addressStreet: row.addressStreet,
    addressNumber: row.addressNumber,
    addressComplement: row.addressComplement,
    addressNeighborhood: row.addressNeighborhood,
    addressCity: row.addressCity,
    addressState: row.addressState,
  };
}

/** 'YYYY-MM-DD' or 'DD/MM/YYYY' → 'YYYY-MM-DD' when it is a real past date. */
function parseBirthDate(input: string, today: Date): string | null {
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(input);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (br) [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > today.getTime()) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const emptyToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

export class CustomerService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      auth: AuthService;
      notifications: Notifications;
      /** See DatabaseHandle.readRow. */
      readRow: DatabaseHandle['readRow'];
    },
  ) {}

  private async activeByCpf(cpfInput: string): Promise<CustomerRow | undefined> {
    const cpf = normalizeCpf(cpfInput);
    if (!cpf) return undefined;
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.cpf, cpf));
    return row && row.status === 'ACTIVE' ? row : undefined;
  }

  async login(cpf: string, password: string): Promise<SessionSubject | null> {
    const row = await this.activeByCpf(cpf);
    const ok = await this.deps.passwords.verify(row?.passwordHash, password);
    return row && ok ? { sub: row.id, aud: 'customer' } : null;
  }

  async subject(id: string): Promise<SessionSubject | null> {
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.id, id));
    return row && row.status === 'ACTIVE' ? { sub: row.id, aud: 'customer' } : null;
  }

  async profile(id: string): Promise<CustomerProfile | null> {
    // The profile read is on every portal page: straight on the driver, parsed with the contract schema.
    if (!isUuid(id)) return null;
    const row = await this.deps.readRow('customer_profile_by_id', PROFILE_SQL, [id]);
    return row === undefined ? null : v.parse(CustomerProfile, row);
  }

  async updateProfile(id: string, req: CustomerUpdateProfileRequest): Promise<ProfileUpdateResult> {
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.id, id));
    if (!row) return { type: 'not_found' };
    const issues: Issue[] = [];
    const patch: Partial<typeof customers.$inferInsert> = {};
    if (req.name !== undefined) patch.name = req.name;
    if (req.email !== undefined) patch.email = normalizeEmail(req.email);
    const birth = emptyToNull(req.birthDate);
    if (birth !== undefined) {
      if (birth === null) patch.birthDate = null;
      else {
        const parsed = parseBirthDate(birth, this.deps.clock.now());
        if (parsed) patch.birthDate = parsed;
        else issues.push({ path: 'birthDate', message: 'A data de nascimento é inválida' });
      }
    }
    const cep = emptyToNull(req.addressCep);
    if (cep !== undefined) {
      if (cep === null) patch.addressCep = null;
      else {
        const digits = cep.replace(/\D/g, '');
        if (digits.length === 8 && /^[\d-]+$/.test(cep))
          patch.addressCep = `${digits.slice(0, 5)}-${digits.slice(5)}`;
        else issues.push({ path: 'addressCep', message: 'O CEP é inválido' });
      }
    }
    const state = emptyToNull(req.addressState);
    if (state !== undefined) {
      if (state === null) patch.addressState = null;
      else if (UFS.has(state.toUpperCase())) patch.addressState = state.toUpperCase();
      else issues.push({ path: 'addressState', message: 'O estado deve ser a sigla de uma UF' });
    }
    const texts = [
      'addressStreet',
      'addressNumber',
      'addressComplement',
      'addressNeighborhood',
      'addressCity',
    ] as const;
    for (const key of texts) {
      const value = emptyToNull(req[key]);
      if (value !== undefined) patch[key] = value;
    }
    if (issues.length > 0) return { type: 'invalid', issues };

    let passwordUpdated = false;
    if (req.newPassword !== undefined && req.currentPassword !== undefined) {
      if (!(await this.deps.passwords.verify(row.passwordHash, req.currentPassword)))
        return { type: 'invalid_password' };
      patch.passwordHash = await this.deps.passwords.hash(req.newPassword);
      passwordUpdated = true;
    }
    patch.updatedAt = this.deps.clock.now();
    const updated = await this.deps.db.transaction(async (tx) => {
      const [u] = await tx.update(customers).set(patch).where(eq(customers.id, id)).returning();
      // Spec: a password change logs the customer out; every refresh token of the customer stops working.
      if (passwordUpdated) await this.deps.auth.revokeUser('customer', id, tx);
      return u;
    });
    if (!updated) return { type: 'not_found' };
    return { type: 'ok', passwordUpdated, user: toCustomerProfile(updated) };
  }

  /**
   * Sends a 6-digit recovery token by SMS to the customer's phone. Unknown CPFs get the same answer (no account
   * enumeration, see docs/sessions.md).
   */
  async startRecovery(cpf: string): Promise<{ smsDelivered: boolean }> {
    const row = await this.activeByCpf(cpf);
    if (!row) return { smsDelivered: true };
    const code = await this.deps.auth.createCode('CUSTOMER_RECOVERY', row.id);
    const result = await this.deps.notifications.sms.send({
      to: row.phone,
      body: `Drip: seu código para redefinir a senha é ${code}. Ele vale por 10 minutos. Não compartilhe este código.`,
      code,
    });
    return { smsDelivered: result.delivered };
  }

  /** Checks the token without using it up (a wrong token counts an attempt). */
  async validateRecovery(cpf: string, token: string): Promise<{ isValid: boolean }> {
    const row = await this.activeByCpf(cpf);
    if (!row) return { isValid: false };
    return { isValid: (await this.deps.auth.checkCode('CUSTOMER_RECOVERY', row.id, token, false)) === 'ok' };
  }

  /** Uses the token up, sets the password and ends every session of the customer. */
  async resetPassword(cpf: string, token: string, password: string): Promise<boolean> {
    const row = await this.activeByCpf(cpf);
    if (!row) return false;
    if ((await this.deps.auth.checkCode('CUSTOMER_RECOVERY', row.id, token, true)) !== 'ok') return false;
    const passwordHash = await this.deps.passwords.hash(password);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({ passwordHash, updatedAt: this.deps.clock.now() })
        .where(eq(customers.id, row.id));
      await this.deps.auth.revokeUser('customer', row.id, tx);
    });
    return true;
  }
}
