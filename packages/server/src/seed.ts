import type { MerchantPermission } from '@drip/core';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { admins } from './modules/admins/tables.ts';
import { randomToken } from './modules/auth/crypto.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import { seedCatalogueWorld } from './modules/catalogue/seed.ts';
import { seedCheckoutWorld } from './modules/checkouts/seed.ts';
import { customers } from './modules/customers/tables.ts';
import { merchants, merchantUsers } from './modules/merchants/tables.ts';
import { seedInstalmentWorld } from './modules/orders/seed.ts';

/** The password of every demo account, so that the README and the start-up banner can print it. */
export const DEMO_PASSWORD = 'drip-demo-123';

export const DEMO_ADMIN = { email: 'admin@drip.dev', name: 'Administradora Drip' };

interface DemoMerchantUser {
  email: string;
  name: string;
  post: string;
  phone: string;
  permissions: MerchantPermission[];
}

export const DEMO_MERCHANTS = [
  {
    name: 'Loja Aurora',
    legalName: 'Aurora Comércio de Roupas Ltda.',
    cnpj: '11222333000181',
    initials: 'LA',
    flexibleInstallments: true,
    maxInstalments: 12,
    upfrontPaymentStatus: 'OPTIONAL',
    maxAmountPerOrder: 500_000,
    storeUrl: 'https://aurora.demo',
    users: [
      {
        email: 'admin@aurora.demo',
        name: 'Ana Aurora',
        post: 'Sócia',
        phone: '+5511987654321',
        permissions: ['ADMIN', 'READ'],
      },
      {
        email: 'leitura@aurora.demo',
        name: 'Lucas Leitura',
        post: 'Financeiro',
        phone: '+5511976543210',
        permissions: ['READ'],
      },
    ],
  },
  {
    name: 'Casa Pitanga',
    legalName: 'Casa Pitanga Utilidades Domésticas Ltda.',
    cnpj: '45723174000110',
    initials: 'CP',
    flexibleInstallments: false,
    maxInstalments: 3,
    upfrontPaymentStatus: 'DISABLED',
    maxAmountPerOrder: 200_000,
    storeUrl: 'https://pitanga.demo',
    users: [
      {
        email: 'admin@pitanga.demo',
        name: 'Paula Pitanga',
        post: 'Gerente',
        phone: '+5521987651234',
        permissions: ['ADMIN', 'READ'],
      },
      {
        email: 'leitura@pitanga.demo',
        name: 'Pedro Leitura',
        post: 'Atendimento',
        phone: '+5521976541234',
        permissions: ['READ'],
      },
    ],
  },
] as const satisfies readonly {
  name: string;
  legalName: string;
  cnpj: string;
  initials: string;
  flexibleInstallments: boolean;
  maxInstalments: number;
  upfrontPaymentStatus: 'DISABLED' | 'OPTIONAL' | 'MANDATORY';
  maxAmountPerOrder: number;
  storeUrl: string;
  users: readonly DemoMerchantUser[];
}[];

/** CPFs with valid check digits (test numbers, not real people). */
export const DEMO_CUSTOMERS = [
  {
    name: 'Maria da Silva',
    cpf: '52998224725',
    phone: '+5511912345678',
    email: 'maria.silva@cliente.demo',
    birthDate: '1990-05-14',
    addressCep: '01310-100',
    addressStreet: 'Avenida Paulista',
    addressNumber: '1578',
    addressComplement: 'Apto 42',
    addressNeighborhood: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
  },
  {
    name: 'João Pereira',
    cpf: '11144477735',
    phone: '+5521998765432',
    email: 'joao.pereira@cliente.demo',
    birthDate: '1985-11-02',
    addressCep: '22070-011',
    addressStreet: 'Avenida Atlântica',
    addressNumber: '1702',
    addressComplement: null,
    addressNeighborhood: 'Copacabana',
    addressCity: 'Rio de Janeiro',
    addressState: 'RJ',
  },
  {
    name: 'Luíza Araújo',
    cpf: '39053344705',
    phone: '+5531991234567',
    email: 'luiza.araujo@cliente.demo',
    birthDate: '1998-01-30',
    addressCep: '30130-010',
    addressStreet: 'Avenida Afonso Pena',
    addressNumber: '1212',
    addressComplement: 'Sala 3',
    addressNeighborhood: 'Centro',
    addressCity: 'Belo Horizonte',
    addressState: 'MG',
  },
] as const;

export const DEMO_MERCHANT_USER_EMAILS: string[] = DEMO_MERCHANTS.flatMap((m) => m.users.map((u) => u.email));
export const DEMO_CUSTOMER_CPFS: string[] = DEMO_CUSTOMERS.map((c) => c.cpf);

/**
 * Key of the seed's transaction-scoped advisory lock (the two-int form, namespace apart from the jobs' 720450 and the
 * webhooks' 720451): instances started at once against one empty PostgreSQL (`npm run cluster`) seed it once.
 */
const SEED_LOCK = sql`select pg_advisory_xact_lock(720452, 0)`;

/** Seeds the demo world when the database has no admin. Returns true when it seeded. */
export async function seed(db: Db, passwords: PasswordHasher, sandbox = true): Promise<boolean> {
  const [anyAdmin] = await db.select({ id: admins.id }).from(admins).limit(1);
  if (anyAdmin) return false;
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  const apiKeyPrefix = sandbox ? 'sk_sandbox_' : 'sk_live_';
  return await db.transaction(async (tx) => {
    // Another instance may have seeded while this one hashed the password: look again under the lock.
    await tx.execute(SEED_LOCK);
    const [seededMeanwhile] = await tx.select({ id: admins.id }).from(admins).limit(1);
    if (seededMeanwhile) return false;
    await tx.insert(admins).values({ email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, passwordHash });
    for (const m of DEMO_MERCHANTS) {
      const [merchant] = await tx
        .insert(merchants)
        .values({
          name: m.name,
          legalName: m.legalName,
          cnpj: m.cnpj,
          initials: m.initials,
          flexibleInstallments: m.flexibleInstallments,
          maxInstalments: m.maxInstalments,
          upfrontPaymentStatus: m.upfrontPaymentStatus,
          maxAmountPerOrder: m.maxAmountPerOrder,
          storeUrl: m.storeUrl,
          apiKey: `${apiKeyPrefix}${randomToken(24)}`,
          allowedEmbedDomains: ['http://localhost:3001', 'http://127.0.0.1:3001'],
        })
        .returning({ id: merchants.id });
      if (!merchant) throw new Error(`seed: could not create merchant ${m.name}`);
      await tx.insert(merchantUsers).values(
        m.users.map((u) => ({
          merchantId: merchant.id,
          email: u.email,
          name: u.name,
          post: u.post,
          phone: u.phone,
          passwordHash,
          permissions: [...u.permissions],
          communications: [
            { communicationType: 'ORDER_CREATED', notify: true },
            { communicationType: 'ORDER_CANCELED', notify: true },
            { communicationType: 'SETTLEMENT_CREATED', notify: true },
          ],
        })),
      );
    }
    // Demo customers are known people: their phone on file counts as verified (docs/identity.md).
    await tx
      .insert(customers)
      .values(DEMO_CUSTOMERS.map((c) => ({ ...c, passwordHash, phoneVerifiedAt: new Date() })));
    const now = new Date();
    await seedCheckoutWorld(tx, now);
    await seedInstalmentWorld(tx, now);
    await seedCatalogueWorld(tx, now);
    return true;
  });
}

/** The demo world as /sandbox/demo shows it (accounts whose password was changed still show the demo password). */
export async function demoWorld(db: Db) {
  const [admin] = await db.select({ email: admins.email }).from(admins).orderBy(admins.createdAt).limit(1);
  const users = await db
    .select()
    .from(merchantUsers)
    .where(inArray(merchantUsers.email, DEMO_MERCHANT_USER_EMAILS));
  const merchantIds = [...new Set(users.map((u) => u.merchantId))];
  const merchantRows = merchantIds.length
    ? await db.select().from(merchants).where(inArray(merchants.id, merchantIds)).orderBy(merchants.name)
    : [];
  const customerRows = await db.select().from(customers).where(inArray(customers.cpf, DEMO_CUSTOMER_CPFS));
  return {
    admin: { email: admin?.email ?? DEMO_ADMIN.email, password: DEMO_PASSWORD },
    merchants: merchantRows.map((m) => ({
      id: m.id,
      name: m.name,
      apiKey: m.apiKey,
      users: users
        .filter((u) => u.merchantId === m.id)
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((u) => ({
          id: u.id,
          email: u.email,
          password: DEMO_PASSWORD,
          phone: u.phone,
          permissions: u.permissions,
        })),
    })),
    customers: DEMO_CUSTOMERS.flatMap((d) => {
      const c = customerRows.find((r) => r.cpf === d.cpf);
      return c ? [{ id: c.id, name: c.name, cpf: c.cpf, phone: c.phone, password: DEMO_PASSWORD }] : [];
    }),
  };
}
