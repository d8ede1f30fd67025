// The admin back office's shared steps: signing in, and the merchant form filled the way an operator types it.
import type { Page } from 'playwright-core';
import type { Demo } from './sandbox.ts';

/** The login page's one step, with the demo world's operator (the start-up banner prints the same). */
export async function signInAdmin(page: Page, admin: Demo['admin']): Promise<void> {
  await page.goto('/admin/login');
  await page.getByText('Faça login para acessar sua conta').waitFor();
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel(/^Senha/).fill(admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/admin/orders');
}

/**
 * Picks `option` in the select whose label starts with `label` (a required one ends with its asterisk): a native one
 * (the kit's ChoiceSelect) or Mantine's searchable Select.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  // The select's list also carries the label, hence the first.
  const field = page.getByLabel(new RegExp(`^${label}`)).first();
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') {
    await field.selectOption({ label: option });
    return;
  }
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export interface NewMerchant {
  name: string;
  legalName: string;
  /** Digits. */
  cnpj: string;
  initials: string;
  settlementPlatform: string;
  representativeCpf: string;
  /** A CNPJ Pix key, digits. */
  pixKey: string;
  /** The name of a catalogue category (required on create) the merchant's store is listed under. */
  category: string;
}

/** Picks `option` (its text) in the native select labelled `label` inside `scope`. */
async function choose(page: Page, scope: string, label: string, option: string): Promise<void> {
  await page
    .getByRole('region', { name: scope })
    .getByRole('combobox', { name: label })
    .selectOption({ label: option });
}

/**
 * 'Novo comerciante': every field an operator must fill to create a merchant, section by section, the rest left
 * at the form's defaults (status 'Ativo', upfront disabled, flexible instalments up to 3). Does not submit.
 * Whole values are filled, not typed key by key: each key re-renders the whole form, seconds on a loaded machine.
 */
export async function fillMerchantForm(page: Page, merchant: NewMerchant): Promise<void> {
  const main = page.getByRole('region', { name: 'Dados do comerciante' });
  await main.getByLabel(/^Nome/).fill(merchant.name);
  await main.getByLabel(/^Razão social/).fill(merchant.legalName);
  await main.getByLabel(/^CNPJ ou CPF/).fill(merchant.cnpj);
  await main.getByLabel(/^Iniciais/).fill(merchant.initials);
  await main.getByLabel(/^Plataforma de repasse/).fill(merchant.settlementPlatform);

  const representative = page.getByRole('region', { name: 'Representante legal' });
  await representative.getByLabel(/^CPF/).fill(merchant.representativeCpf);

  await choose(page, 'Conta bancária', 'Tipo de chave PIX', 'CNPJ');
  await page
    .getByRole('region', { name: 'Conta bancária' })
    .getByLabel(/^Chave PIX/)
    .fill(merchant.pixKey);

  await page
    .getByRole('region', { name: 'Loja no app' })
    .getByLabel('Categoria 1')
    .selectOption({ label: merchant.category });
}
