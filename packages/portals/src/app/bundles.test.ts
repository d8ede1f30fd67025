// @vitest-environment node
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { build, type Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

// A guard on the production build's chunk graph, without a browser: what a portal page fetches before its first
// screen is the entry (index.html) and its static imports, plus the page's route chunks and their static imports
// (dynamic imports are fetched later, when needed). bench/portal-first-load.mjs measures the bytes.

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What the entry holds of each area: its login, recovery and guarded prefix routes (`area.tsx`) and its session
 * provider. The areas' page tables (`routes.tsx`) are not in it: they are area modules like the pages.
 */
const ROUTE_TABLES = new Set([
  'src/admin/area.tsx',
  'src/admin/context.tsx',
  'src/merchant/area.tsx',
  'src/merchant/context.tsx',
  'src/customer/area.tsx',
  'src/customer/context.tsx',
]);

let manifest: Manifest;
let indexHtml = '';
const modulesOf = new Map<string, string[]>();
const cssSize = new Map<string, number>();
const codeOf = new Map<string, string>();

/** The production build, in memory, with `plugins` added to the app's. */
async function buildPortals(plugins: Plugin[] = []) {
  const output = (await build({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'silent',
    plugins,
    build: { write: false, manifest: true, outDir: 'dist-bundles-test' },
  })) as Rolldown.RolldownOutput;
  const built = {
    manifest: {} as Manifest,
    modulesOf: new Map<string, string[]>(),
    cssSize: new Map<string, number>(),
    codeOf: new Map<string, string>(),
    html: '',
  };
  for (const file of output.output) {
    if (file.type === 'chunk') {
      built.codeOf.set(file.fileName, file.code);
      built.modulesOf.set(
        file.fileName,
        file.moduleIds.map((id) => (id.startsWith(root) ? id.slice(root.length) : id)),
      );
    } else if (file.fileName.endsWith('.css')) {
      built.cssSize.set(file.fileName, String(file.source).length);
    } else if (file.fileName === '.vite/manifest.json') {
      built.manifest = JSON.parse(String(file.source));
    } else if (file.fileName === 'index.html') {
      built.html = String(file.source);
    }
  }
  return built;
}

beforeAll(async () => {
  const built = await buildPortals();
  manifest = built.manifest;
  indexHtml = built.html;
  for (const [file, modules] of built.modulesOf) modulesOf.set(file, modules);
  for (const [file, size] of built.cssSize) cssSize.set(file, size);
  for (const [file, code] of built.codeOf) codeOf.set(file, code);
}, 120_000);

/** The manifest key of the chunk that holds a module (by its path from the package root). */
function chunkKeyOf(moduleId: string): string {
  const key = Object.keys(manifest).find((k) => modulesOf.get(manifest[k]?.file ?? '')?.includes(moduleId));
  return key ?? moduleId;
}

/** Every JS file fetched before the first screen of the page whose route chunks are `pages` (manifest keys). */
function firstLoadFiles(pages: string[]): string[] {
  return firstLoadKeys(pages).map((key) => manifest[key]?.file ?? '');
}

/** Every module fetched before the first screen of the page whose route chunks are `pages` (manifest keys). */
function firstLoadModules(pages: string[]): string[] {
  return firstLoadKeys(pages).flatMap((key) => modulesOf.get(manifest[key]?.file ?? '') ?? []);
}

function firstLoadKeys(pages: string[]): string[] {
  const seen = new Set<string>();
  const visit = (wanted: string) => {
    // A module that is also imported statically elsewhere (the kit's EmptyState) may share a chunk: its key is then
    // the chunk's.
    const key = manifest[wanted] ? wanted : chunkKeyOf(wanted);
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${wanted} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...pages]) visit(key);
  return [...seen];
}

const areaModules = (modules: string[], area: string) =>
  modules.filter((id) => id.startsWith(`src/${area}/`) && !ROUTE_TABLES.has(id));

describe('portal bundles', () => {
  it('gives each route its own chunk, outside the entry', () => {
    const entry = modulesOf.get(manifest['index.html']?.file ?? '') ?? [];
    for (const page of [
      'src/admin/LoginPage.tsx',
      'src/admin/AdminLayout.tsx',
      'src/merchant/LoginPage.tsx',
      'src/merchant/SalesPages.tsx',
      'src/customer/LoginPage.tsx',
      'src/customer/OrdersPage.tsx',
    ]) {
      expect(manifest[page]?.isDynamicEntry, page).toBe(true);
      expect(entry, page).not.toContain(page);
    }
  });

  it("keeps the admin and merchant areas out of the customer login's first load", () => {
    const modules = firstLoadModules(['src/customer/LoginPage.tsx']);
    expect(modules).toContain('src/customer/LoginPage.tsx');
    expect(areaModules(modules, 'admin')).toEqual([]);
    expect(areaModules(modules, 'merchant')).toEqual([]);
  });

  it("keeps the other areas out of the admin and merchant logins' first load", () => {
    const admin = firstLoadModules(['src/admin/LoginPage.tsx']);
    expect(areaModules(admin, 'merchant')).toEqual([]);
    expect(areaModules(admin, 'customer')).toEqual([]);
    const merchant = firstLoadModules(['src/merchant/LoginPage.tsx']);
    expect(areaModules(merchant, 'admin')).toEqual([]);
    expect(areaModules(merchant, 'customer')).toEqual([]);
  });

  it('loads the toasts, phone metadata and input masks only with the pages that need them', () => {
    const adminLogin = firstLoadModules(['src/admin/LoginPage.tsx']);
    const fromPackage = (name: string) => adminLogin.filter((id) => id.includes(`/node_modules/${name}/`));
    expect(fromPackage('@mantine/notifications')).toEqual([]);
    expect(fromPackage('libphonenumber-js')).toEqual([]);
    expect(fromPackage('imask')).toEqual([]);
  });

  it("keeps the API clients, the contract's schemas and valibot out of the entry (a login's first screen makes no call)", () => {
    const entry = firstLoadModules([]);
    expect(entry).not.toContain('src/app/clients.ts');
    expect(entry.filter((id) => id.includes('/node_modules/valibot/'))).toEqual([]);
    expect(entry.filter((id) => /packages\/core\/src\/(contract|api\/(http|clients|jwt))/.test(id))).toEqual(
      [],
    );
  });

  it("keeps what only signed-in pages use out of every login's first load", () => {
    for (const login of [
      'src/admin/LoginPage.tsx',
      'src/merchant/LoginPage.tsx',
      'src/customer/LoginPage.tsx',
    ]) {
      const modules = firstLoadModules([login]);
      expect(modules, login).toContain(login);
      const fromPackage = (name: string) => modules.filter((id) => id.includes(`/node_modules/${name}/`));
      // TanStack Query (the logins submit with useSubmit), the kit's lists, forms and dates, the
      // phone metadata, the schemas.
      expect(
        modules.filter((id) => id.startsWith('src/shared/kit/')),
        login,
      ).toEqual([]);
      for (const name of [
        '@tanstack/query-core',
        '@tanstack/table-core',
        '@mantine/form',
        'date-fns',
        'libphonenumber-js',
        'valibot',
      ]) {
        expect(fromPackage(name), `${login}: ${name}`).toEqual([]);
      }
      expect(modules, login).not.toContain('src/app/clients.ts');
    }
  });

  it("defers the customer login's help panel and CPF mask until after its first screen", () => {
    const modules = firstLoadModules(['src/customer/LoginPage.tsx']);
    expect(modules).toContain('src/shared/CpfInput.tsx');
    expect(modules).not.toContain('src/customer/HelpDrawer.tsx');
    expect(modules.filter((id) => id.includes('/@mantine/core/esm/components/Drawer/'))).toEqual([]);
    expect(modules.filter((id) => /\/node_modules\/(react-)?imask\//.test(id))).toEqual([]);
  });

  it('keeps the phone metadata out of the customer orders list (its schema shares a module with phone schemas)', () => {
    const modules = firstLoadModules(['src/customer/CustomerLayout.tsx', 'src/customer/OrdersPage.tsx']);
    expect(modules).toContain('src/customer/OrdersPage.tsx');
    // The chunks still list the module (the minifier drops the unused schemas and the metadata): look at the code.
    // "country_calling_codes" is a key of libphonenumber-js's metadata.
    const code = firstLoadFiles(['src/customer/CustomerLayout.tsx', 'src/customer/OrdersPage.tsx'])
      .map((file) => codeOf.get(file) ?? '')
      .join('\n');
    expect(code.includes('compras para exibir'), "the orders page's code").toBe(true);
    expect(code.includes('country_calling_codes'), "libphonenumber-js's metadata").toBe(false);
  });

  it("keeps the sales chart (recharts) out of the merchant orders list's first load", () => {
    const modules = firstLoadModules([
      'src/merchant/MerchantLayout.tsx',
      'src/merchant/SalesPages.tsx',
      'src/merchant/sales/OrdersListPage.tsx',
    ]);
    expect(modules).toContain('src/merchant/sales/OrdersListPage.tsx');
    expect(modules.filter((m) => /recharts|@mantine\/charts|SalesChart/.test(m))).toEqual([]);
  });

  it("keeps the combobox, the amount box's number format, the form helpers and the refund schemas out of the merchant orders list's first load", () => {
    const modules = firstLoadModules([
      'src/merchant/MerchantLayout.tsx',
      'src/merchant/SalesPages.tsx',
      'src/merchant/sales/OrdersListPage.tsx',
    ]);
    expect(modules).toContain('src/merchant/sales/OrdersListPage.tsx');
    expect(
      modules.filter((m) =>
        /@mantine\/core\/esm\/components\/(Combobox|Select|NativeSelect|NumberInput|SegmentedControl|FloatingIndicator)\//.test(
          m,
        ),
      ),
    ).toEqual([]);
    expect(modules.filter((m) => m.includes('/node_modules/react-number-format/'))).toEqual([]);
    expect(modules).not.toContain('src/shared/kit/form.tsx');
    expect(modules).not.toContain('src/merchant/sales/AmountFilter.tsx');
    const refunds = (m: string) => /core\/src\/(endpoints\/merchant-refunds|contract\/refunds)\.ts$/.test(m);
    expect(modules.filter(refunds)).toEqual([]);
    // The same look-ups find them where they belong: the order's details refund, the link form is a form.
    const details = firstLoadModules(['src/merchant/sales/OrderDetailsPage.tsx']);
    expect(details.filter(refunds).length).toBeGreaterThan(0);
    expect(firstLoadModules(['src/merchant/links/CreateLinkPage.tsx'])).toContain(
      'src/shared/kit/NumberInputs.tsx',
    );
  });

  it("keeps the month picker (@mantine/dates, dayjs) out of the extract's and the orders list's first load", () => {
    const layout = ['src/merchant/MerchantLayout.tsx', 'src/merchant/SalesPages.tsx'];
    const extract = firstLoadModules([...layout, 'src/merchant/SettlementsTab.tsx']);
    expect(extract).toContain('src/merchant/SettlementsTab.tsx');
    const orders = firstLoadModules([...layout, 'src/merchant/sales/OrdersListPage.tsx']);
    expect(orders).not.toContain('src/merchant/SettlementsTab.tsx');
    for (const modules of [extract, orders])
      expect(modules.filter((m) => /@mantine\/dates|\/dayjs\/|ExportExtractModal/.test(m))).toEqual([]);
    expect(manifest['src/merchant/settlements/ExportExtractModal.tsx']?.isDynamicEntry).toBe(true);
  });

  it("keeps the merchant term forms out of the admin merchants list's and details' first load", () => {
    const layout = ['src/admin/AdminLayout.tsx'];
    const list = firstLoadModules([...layout, 'src/admin/merchants/MerchantsPage.tsx']);
    const details = firstLoadModules([...layout, 'src/admin/merchants/MerchantDetailsPage.tsx']);
    expect(list).toContain('src/admin/merchants/MerchantsPage.tsx');
    expect(details).toContain('src/admin/merchants/MerchantDetailsPage.tsx');
    for (const modules of [list, details]) {
      expect(modules).not.toContain('src/admin/merchants/TermFormPage.tsx');
      expect(modules).not.toContain('src/shared/kit/form.tsx');
      expect(modules.filter((id) => id.includes('/@mantine/core/esm/components/Combobox/'))).toEqual([]);
    }
  });

  it("keeps the merchants list out of the merchant forms' first load, and the form controls out of the store details'", () => {
    const layout = ['src/admin/AdminLayout.tsx'];
    for (const form of ['MerchantFormPage.tsx', 'MerchantUserFormPage.tsx', 'TermFormPage.tsx']) {
      const modules = firstLoadModules([...layout, `src/admin/merchants/${form}`]);
      expect(modules).toContain(`src/admin/merchants/${form}`);
      expect(modules).not.toContain('src/admin/merchants/MerchantsPage.tsx');
    }
    const details = firstLoadModules([...layout, 'src/admin/catalogue/StoreDetails.tsx']);
    expect(details).toContain('src/admin/catalogue/StoreDetails.tsx');
    expect(details).not.toContain('src/admin/catalogue/StoreForm.tsx');
    expect(details.filter((id) => id.includes('/@mantine/core/esm/components/Combobox/'))).toEqual([]);
    expect(details.filter((id) => id.includes('/@mantine/core/esm/components/NumberInput/'))).toEqual([]);
    expect(details.filter((id) => /\/node_modules\/(react-)?imask\//.test(id))).toEqual([]);
  });

  it("keeps the customers list (its search form's Select) out of the customer details' and edit's first load", () => {
    for (const page of ['CustomerDetailsPage.tsx', 'CustomerEditPage.tsx']) {
      const modules = firstLoadModules(['src/admin/AdminLayout.tsx', `src/admin/customers/${page}`]);
      expect(modules).toContain(`src/admin/customers/${page}`);
      expect(modules).not.toContain('src/admin/customers/CustomersPage.tsx');
    }
  });

  it("keeps the phone metadata (the edit's phone check) out of the customer pages' first load", () => {
    for (const page of ['CustomersPage.tsx', 'CustomerDetailsPage.tsx', 'CustomerEditPage.tsx']) {
      const chunks = ['src/admin/AdminLayout.tsx', `src/admin/customers/${page}`];
      expect(firstLoadModules(chunks)).toContain(`src/admin/customers/${page}`);
      expect(firstLoadModules(chunks), page).not.toContain('src/admin/api/customerUpdate.ts');
      const code = firstLoadFiles(chunks)
        .map((file) => codeOf.get(file) ?? '')
        .join('\n');
      // "country_calling_codes" is a key of libphonenumber-js's metadata.
      expect(code.includes('country_calling_codes'), `${page}: libphonenumber-js's metadata`).toBe(false);
    }
    // The edit fetches it when someone starts editing.
    expect(manifest['src/admin/api/customerUpdate.ts']?.isDynamicEntry).toBe(true);
  });

  it("keeps Mantine's Menu (its Popover, Floating UI) out of the customers list's and details' first load", () => {
    for (const page of ['CustomersPage.tsx', 'CustomerDetailsPage.tsx']) {
      const modules = firstLoadModules(['src/admin/AdminLayout.tsx', `src/admin/customers/${page}`]);
      expect(modules).toContain(`src/admin/customers/${page}`);
      expect(
        modules.filter((id) => /@mantine\/core\/esm\/components\/(Menu|Popover)\//.test(id)),
        page,
      ).toEqual([]);
      expect(
        modules.filter((id) => id.includes('/node_modules/@floating-ui/')),
        page,
      ).toEqual([]);
      expect(modules).toContain('src/shared/kit/ActionsMenu.tsx');
    }
    // The 'Ações' button fetches it.
    expect(manifest['src/shared/kit/ActionsMenuDropdown.tsx']?.isDynamicEntry).toBe(true);
  });

  it("keeps imask out of the store form's first load: it has no masked field", () => {
    const modules = firstLoadModules(['src/admin/AdminLayout.tsx', 'src/admin/catalogue/StoreForm.tsx']);
    expect(modules).toContain('src/admin/catalogue/StoreForm.tsx');
    expect(modules.filter((id) => /\/node_modules\/(react-)?imask\//.test(id))).toEqual([]);
  });

  it("keeps the phone metadata out of the status badges' and the merchant form's first load", () => {
    // Core's status labels and upfront levels sat in the checkout contract, which imports the phone schemas.
    for (const page of [
      ['src/admin/AdminLayout.tsx', 'src/admin/merchants/MerchantFormPage.tsx'],
      ['src/admin/AdminLayout.tsx', 'src/admin/catalogue/views.ts'],
    ]) {
      const code = firstLoadFiles(page)
        .map((file) => codeOf.get(file) ?? '')
        .join('\n');
      expect(code.includes('country_calling_codes'), page.join()).toBe(false);
    }
  });

  it("keeps Mantine's Select (combobox, popover, Floating UI) out of the merchant and store forms' first load", () => {
    for (const form of ['src/admin/merchants/MerchantFormPage.tsx', 'src/admin/catalogue/StoreForm.tsx']) {
      const modules = firstLoadModules(['src/admin/AdminLayout.tsx', form]);
      expect(modules).toContain(form);
      // Their choices are native selects (the kit's ChoiceSelect).
      expect(
        modules.filter((id) => id.includes('/@mantine/core/esm/components/NativeSelect/')).length,
      ).toBeGreaterThan(0);
      expect(
        modules.filter((id) => id.includes('/@mantine/core/esm/components/Select/')),
        form,
      ).toEqual([]);
      expect(
        modules.filter((id) => id.includes('/node_modules/@floating-ui/')),
        form,
      ).toEqual([]);
      expect(modules, form).not.toContain('src/admin/catalogue/TagForms.tsx');
    }
  });

  it("keeps the catalogue forms and the store details' dialogs out of the catalogue lists' first load", () => {
    const views = firstLoadModules(['src/admin/AdminLayout.tsx', 'src/admin/catalogue/views.ts']);
    expect(views).toContain('src/admin/catalogue/StoreViews.tsx');
    expect(views).toContain('src/admin/catalogue/TagList.tsx');
    for (const other of ['StoreForm.tsx', 'CategoryForms.tsx', 'TagForms.tsx', 'StoreDetails.tsx'])
      expect(views).not.toContain(`src/admin/catalogue/${other}`);
    expect(views).not.toContain('src/shared/kit/ImageUpload.tsx');
    expect(views.filter((id) => id.includes('/@mantine/core/esm/components/Combobox/'))).toEqual([]);
    expect(views.filter((id) => id.includes('/@mantine/core/esm/components/Modal/'))).toEqual([]);
    expect(views.filter((id) => id.includes('/node_modules/@floating-ui/'))).toEqual([]);
  });

  it("keeps the order operations' dialogs (Modal, the money and date inputs) out of the admin order details' first load", () => {
    const modules = firstLoadModules(['src/admin/AdminLayout.tsx', 'src/admin/orders/OrderDetailsPage.tsx']);
    expect(modules).toContain('src/admin/orders/operations/InstalmentOperations.tsx');
    for (const dialogs of ['OrderModals.tsx', 'InstalmentsModals.tsx', 'InstalmentModals.tsx', 'PixView.tsx'])
      expect(modules).not.toContain(`src/admin/orders/operations/${dialogs}`);
    expect(modules.filter((id) => id.includes('/@mantine/core/esm/components/Modal/'))).toEqual([]);
    expect(modules.filter((id) => id.includes('/@mantine/core/esm/components/NumberInput/'))).toEqual([]);
  });

  it("keeps Floating UI (popover positioning) out of the table pages' first load: Mantine's ScrollArea needs none of it", () => {
    const pages = [
      [
        'src/merchant/MerchantLayout.tsx',
        'src/merchant/SalesPages.tsx',
        'src/merchant/sales/OrdersListPage.tsx',
      ],
      ['src/customer/CustomerLayout.tsx', 'src/customer/OrdersPage.tsx'],
      ['src/admin/AdminLayout.tsx', 'src/admin/merchants/MerchantsPage.tsx'],
    ];
    for (const page of pages) {
      const modules = firstLoadModules(page);
      expect(modules).toContain(page[page.length - 1]);
      // The table is there, with its scroll container: the guard looks where Floating UI used to come from.
      expect(
        modules.filter((id) => id.includes('/@mantine/core/esm/components/ScrollArea/')).length,
      ).toBeGreaterThan(0);
      expect(
        modules.filter((id) => id.includes('/node_modules/@floating-ui/')),
        page.join(),
      ).toEqual([]);
    }
    // The searchable selects still have it, in the chunk the kit's SearchSelect fetches after the first screen.
    const picker = firstLoadModules(['src/shared/kit/SearchSelectPicker.tsx']);
    expect(picker.filter((id) => id.includes('/node_modules/@floating-ui/dom/')).length).toBeGreaterThan(0);
  });

  it("keeps the searchable pickers, the number-format code, imask and the promotion's products section out of the admin forms' and the orders list's first load", () => {
    for (const page of [
      'src/admin/merchants/MerchantFormPage.tsx',
      'src/admin/promotions/PromotionFormPage.tsx',
      'src/admin/catalogue/StoreForm.tsx',
      'src/admin/orders/OrdersPage.tsx',
    ]) {
      const modules = firstLoadModules(['src/admin/AdminLayout.tsx', page]);
      expect(modules).toContain(page);
      expect(
        modules.filter((id) => /@mantine\/core\/esm\/components\/(Select|NumberInput)\//.test(id)),
        page,
      ).toEqual([]);
      expect(
        modules.filter((id) =>
          /\/node_modules\/(@floating-ui|react-number-format|imask|react-imask)\//.test(id),
        ),
        page,
      ).toEqual([]);
    }
    const promotion = firstLoadModules([
      'src/admin/AdminLayout.tsx',
      'src/admin/promotions/PromotionFormPage.tsx',
    ]);
    expect(promotion).not.toContain('src/admin/promotions/ProductsSection.tsx');
    expect(promotion.filter((id) => id.includes('/@mantine/core/esm/components/Modal/'))).toEqual([]);
    // Where they went: fetched after the first screen.
    expect(manifest['src/shared/kit/SearchSelectPicker.tsx']?.isDynamicEntry).toBe(true);
    expect(manifest['src/admin/promotions/ProductsSection.tsx']?.isDynamicEntry).toBe(true);
  });

  it("keeps the merchant guard's login redirect rules out of the entry (they travel with the login page)", () => {
    expect(firstLoadModules([])).not.toContain('src/merchant/redirect.ts');
    expect(firstLoadModules(['src/merchant/LoginPage.tsx'])).toContain('src/merchant/redirect.ts');
  });

  it("keeps the mobile menu and the toasts out of a back-office page's first load", () => {
    const modules = firstLoadModules(['src/admin/AdminLayout.tsx', 'src/shared/EmptyState.tsx']);
    expect(modules).toContain('src/shared/AreaShell.tsx');
    expect(modules).not.toContain('src/shared/AreaMenu.tsx');
    expect(modules.filter((id) => id.includes('/@mantine/core/esm/components/Drawer/'))).toEqual([]);
    expect(modules.filter((id) => id.includes('/node_modules/@mantine/notifications/'))).toEqual([]);
  });

  it("ships Mantine's styles with the components: the entry's stylesheet holds only the base", () => {
    const entryCss = manifest['index.html']?.css ?? [];
    expect(entryCss.length).toBe(1);
    // The whole of Mantine's styles is about 290 KB, its static CSS variables 24 KB; the entry's stylesheet holds the
    // base (baseline, global rules, the app's own: about 5 KB) and the styles of the few components the entry
    // renders itself (loader, error and 404 pages: buttons, titles, alerts), about 17 KB in all.
    expect(cssSize.get(entryCss[0] ?? '')).toBeLessThan(24_000);
    const loginCss = new Set<string>();
    const visit = (key: string, seen = new Set<string>()) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const css of manifest[key]?.css ?? []) loginCss.add(css);
      for (const imported of manifest[key]?.imports ?? []) visit(imported, seen);
    };
    visit('src/admin/LoginPage.tsx');
    loginCss.delete(entryCss[0] ?? '');
    expect(loginCss.size).toBeGreaterThan(0);
  });

  it("keeps the areas' page tables out of the entry: an import() site there would be fetched by every login", () => {
    const entry = firstLoadModules([]);
    const entryCode = codeOf.get(manifest['index.html']?.file ?? '') ?? '';
    for (const area of ['admin', 'merchant', 'customer']) {
      expect(entry, area).toContain(`src/${area}/area.tsx`);
      expect(entry, area).not.toContain(`src/${area}/routes.tsx`);
      expect(manifest[`src/${area}/routes.tsx`]?.isDynamicEntry, area).toBe(true);
    }
    // Nor the pages' chunk names (the import() sites and their dependency lists): only the logins', the recovery
    // pages', the layouts' and the tables'.
    for (const page of [
      'src/admin/merchants/MerchantsPage.tsx',
      'src/admin/merchants/TermFormPage.tsx',
      'src/admin/ProfilePage.tsx',
      'src/merchant/SalesPages.tsx',
      'src/merchant/links/LinksPage.tsx',
      'src/customer/OrdersPage.tsx',
    ]) {
      const file = manifest[chunkKeyOf(page)]?.file ?? '';
      expect(file, page).not.toBe('');
      expect(entryCode.includes(file.slice(file.lastIndexOf('/') + 1)), page).toBe(false);
    }
  });

  it("preloads an area's page table from index.html on a direct load of its pages, not of its login", () => {
    const script = /<script>(.*?)<\/script>/s.exec(indexHtml)?.[1] ?? '';
    const table = (area: string) => `/${manifest[`src/${area}/routes.tsx`]?.file}`;
    const preloaded = (path: string) => {
      const links: { rel: string; href: string; crossOrigin?: string }[] = [];
      const document = {
        createElement: () => ({ rel: '', href: '' }),
        head: { append: (link: (typeof links)[number]) => links.push(link) },
      };
      new Function('location', 'document', script)({ pathname: path }, document);
      return links.map((link) => `${link.rel} ${link.href}`);
    };
    expect(preloaded('/admin/merchants/m1')).toEqual([`modulepreload ${table('admin')}`]);
    expect(preloaded('/admin')).toEqual([`modulepreload ${table('admin')}`]);
    expect(preloaded('/parceira/pedidos')).toEqual([`modulepreload ${table('merchant')}`]);
    expect(preloaded('/cliente/pedidos/1')).toEqual([`modulepreload ${table('customer')}`]);
    for (const path of [
      '/admin/login',
      '/parceira/login',
      '/parceira/recuperar-login',
      '/cliente/login',
      '/',
      '/x',
    ])
      expect(preloaded(path), path).toEqual([]);
  });
});

/** How many pages a helper might add to the admin area in one go. */
const DUMMY_PAGES = 30;

/**
 * The admin table with `DUMMY_PAGES` more pages, each in a module of its own: what the admin area's coming screens
 * (stores, categories, promotions, customers...) will add.
 */
function moreAdminPages(): Plugin {
  const prefix = 'virtual:dummy-admin-page-';
  return {
    name: 'test:more-admin-pages',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : null),
    load: (id) =>
      id.startsWith(`\0${prefix}`)
        ? `import { createElement } from 'react';\nexport const Page = () => createElement('p', null, '${id.slice(prefix.length + 1)}');\n`
        : null,
    transform(code, id) {
      if (!id.endsWith('/src/admin/routes.tsx')) return null;
      const table = 'export function adminRoutes(';
      if (!code.includes(table)) this.error(`${id} no longer has ${table}: review this test`);
      const pages = Array.from(
        { length: DUMMY_PAGES },
        (_, i) => `{ path: 'dummy-${i}', ...lazyPage(() => import('${prefix}${i}'), (m) => m.Page) }`,
      );
      return {
        code: `${code.replace(table, 'function adminRoutesBefore(')}
export function adminRoutes(deps: AdminDeps, queries: AppQueries): RouteObject[] {
  return [...adminRoutesBefore(deps, queries), ${pages.join(', ')}];
}
`,
        map: null,
      };
    },
  };
}

/** The bytes of JS and CSS a login page fetches before its first screen: the entry and the login's chunks. */
function loginFirstLoad(built: Awaited<ReturnType<typeof buildPortals>>, login: string) {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = built.manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', login]) visit(key);
  const files = new Set<string>();
  for (const key of seen) {
    const chunk = built.manifest[key];
    files.add(chunk?.file ?? '');
    for (const css of chunk?.css ?? []) files.add(css);
  }
  let bytes = 0;
  for (const file of files) bytes += built.codeOf.get(file)?.length ?? built.cssSize.get(file) ?? 0;
  return { chunks: seen.size, bytes };
}

describe('portal bundles with more admin pages', () => {
  let more: Awaited<ReturnType<typeof buildPortals>>;
  beforeAll(async () => {
    more = await buildPortals([moreAdminPages()]);
  }, 180_000);

  it(`leaves every login's first load as it was with ${DUMMY_PAGES} more admin pages`, () => {
    const now = { manifest, modulesOf, cssSize, codeOf, html: indexHtml };
    // The pages are there, each a chunk of its own.
    const dummies = Object.values(more.manifest).filter((chunk) => chunk.src?.includes('dummy-admin-page-'));
    expect(dummies.length).toBe(DUMMY_PAGES);
    for (const login of [
      'src/admin/LoginPage.tsx',
      'src/merchant/LoginPage.tsx',
      'src/customer/LoginPage.tsx',
    ]) {
      expect(loginFirstLoad(more, login), login).toEqual(loginFirstLoad(now, login));
    }
  });
});
