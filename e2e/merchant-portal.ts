// The merchant portal's shared steps: a demo merchant's user, and both login steps with the Drip Token read from the
// sandbox inbox.
import { SESSION_KEYS } from '@drip/core';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';
import { type Demo, newMessage, outbox } from './sandbox.ts';

export type MerchantUser = Demo['merchants'][number]['users'][number];

/** An ADMIN (or a READ) user of the demo merchant called `name`, or of the first demo merchant. */
export function merchantUser(world: Demo, admin: boolean, name?: string): MerchantUser {
  const merchant = name ? world.merchants.find((m) => m.name === name) : world.merchants[0];
  const user = merchant?.users.find((u) => u.permissions.includes('ADMIN') === admin);
  if (!user)
    throw new Error(
      `the demo world needs ${admin ? 'an ADMIN' : 'a READ'} user at ${name ?? 'its first merchant'}`,
    );
  return user;
}

/** Both login steps on the merchant login page, the Drip Token read from the sandbox inbox. */
export async function signInMerchant(page: Page, user: Pick<MerchantUser, 'email' | 'password' | 'phone'>) {
  const before = await outbox(baseUrl(), user.phone);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel(/^Senha/).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText('Verificação de 2 etapas').waitFor();
  const sms = await newMessage(baseUrl(), user.phone, before);
  await page.getByLabel('Drip Token').fill(sms.code ?? '');
  await page.getByRole('button', { name: 'Confirmar' }).click();
}

/** The merchant portal's access token in the page's storage (where the login put it), for calls on its behalf. */
export async function merchantSessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    (key) => window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key),
    SESSION_KEYS.merchant.token,
  );
  if (!token) throw new Error('no merchant session in the page');
  return token;
}
