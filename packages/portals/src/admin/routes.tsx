import type { RouteObject } from 'react-router';
import { lazyPage } from '../shared/lazyPage.tsx';
import type { AppQueries } from '../shared/queries.tsx';
import type { AdminDeps } from './context.tsx';

/**
 * One import() per module, shared by the routes that show it: the bundler writes each import() site's list of
 * dependencies into the chunk that holds it (this table's, fetched with the area's first page).
 */
const merchantFormPages = () => import('./merchants/MerchantFormPage.tsx');
const merchantUserFormPages = () => import('./merchants/MerchantUserFormPage.tsx');
const termFormPages = () => import('./merchants/TermFormPage.tsx');
/** The promotion screens go through one loader module (promotions/pages.ts says why). */
const promotionPages = () => import('./promotions/pages.ts');
// The catalogue's lists in one module, the store details (its dialogs) and the forms in another: a list's first
// load carries no form and no dialog, and the entry one import() site less than a module each.
const catalogueViews = () => import('./catalogue/views.ts');
const catalogueForms = () => import('./catalogue/forms.ts');
// The store form is its own import() site too: its choices are native selects, while the category and tag forms
// keep Mantine's Select, whose combobox and popover (≈ 24 KB) it would otherwise fetch with them.
const storeForm = () => import('./catalogue/StoreForm.tsx');
// The store details are their own import() site: with the forms they fetched every form control (the selects'
// combobox and popover code, the number and masked inputs), none of which they show.
const storeDetails = () => import('./catalogue/StoreDetails.tsx');

/**
 * Spec 2.2: the admin pages under `/admin` (the login, the guard, the layout and the home redirect are in
 * `area.tsx`); the ones not built yet show an honest empty state. This table is a chunk of its own, fetched on the
 * first visit into the area: a page added here leaves every login's first load alone.
 */
export function adminRoutes(deps: AdminDeps, queries: AppQueries): RouteObject[] {
  return [
    {
      path: 'orders',
      ...lazyPage(
        () => import('./orders/OrdersPage.tsx'),
        (m) => m.OrdersPage,
      ),
    },
    {
      path: 'orders/:orderId',
      ...lazyPage(
        () => import('./orders/OrderDetailsPage.tsx'),
        (m) => m.AdminOrderDetailsPage,
      ),
    },
    {
      path: 'merchants',
      ...lazyPage(
        () => import('./merchants/MerchantsPage.tsx'),
        (m) => m.MerchantsPage,
      ),
    },
    {
      path: 'merchants/create',
      ...lazyPage(merchantFormPages, (m) => m.MerchantCreatePage),
    },
    {
      path: 'merchants/:merchantId',
      ...lazyPage(
        () => import('./merchants/MerchantDetailsPage.tsx'),
        (m) => m.MerchantDetailsPage,
      ),
    },
    {
      path: 'merchants/:merchantId/edit',
      ...lazyPage(merchantFormPages, (m) => m.MerchantEditPage),
    },
    {
      path: 'merchants/:merchantId/users/create',
      ...lazyPage(merchantUserFormPages, (m) => m.MerchantUserFormPage),
    },
    {
      path: 'merchants/:merchantId/users/:merchantUserId/edit',
      ...lazyPage(merchantUserFormPages, (m) => m.MerchantUserFormPage),
    },
    {
      path: 'merchants/:merchantId/fees/create',
      ...lazyPage(termFormPages, (m) => m.FeeFormPage),
    },
    {
      path: 'merchants/:merchantId/fees/:merchantFeeId/edit',
      ...lazyPage(termFormPages, (m) => m.FeeFormPage),
    },
    {
      path: 'merchants/:merchantId/cashbacks/create',
      ...lazyPage(termFormPages, (m) => m.CashbackFormPage),
    },
    {
      path: 'merchants/:merchantId/cashbacks/:merchantCashbackId/edit',
      ...lazyPage(termFormPages, (m) => m.CashbackFormPage),
    },
    {
      path: 'merchants/:merchantId/settlement_configurations/create',
      ...lazyPage(termFormPages, (m) => m.SettlementConfigurationFormPage),
    },
    {
      path: 'merchants/:merchantId/settlement_configurations/:merchantSettlementConfigurationId/edit',
      ...lazyPage(termFormPages, (m) => m.SettlementConfigurationFormPage),
    },
    { path: 'stores', ...lazyPage(catalogueViews, (m) => m.StoresPage) },
    { path: 'stores/create', ...lazyPage(storeForm, (m) => m.StoreCreatePage) },
    { path: 'stores/:storeId', ...lazyPage(storeDetails, (m) => m.StoreDetailsPage) },
    { path: 'stores/:storeId/edit', ...lazyPage(storeForm, (m) => m.StoreEditPage) },
    { path: 'store-categories', ...lazyPage(catalogueViews, (m) => m.CategoriesPage) },
    { path: 'store-categories/create', ...lazyPage(catalogueForms, (m) => m.CategoryCreatePage) },
    { path: 'store-categories/edit/:id', ...lazyPage(catalogueForms, (m) => m.CategoryEditPage) },
    { path: 'store-tags', ...lazyPage(catalogueViews, (m) => m.TagsPage) },
    { path: 'store-tags/create', ...lazyPage(catalogueForms, (m) => m.TagCreatePage) },
    { path: 'store-tags/edit/:id', ...lazyPage(catalogueForms, (m) => m.TagEditPage) },
    {
      path: 'customers',
      ...lazyPage(
        () => import('./customers/CustomersPage.tsx'),
        (m) => m.CustomersPage,
      ),
    },
    {
      path: 'customers/:customerId',
      ...lazyPage(
        () => import('./customers/CustomerDetailsPage.tsx'),
        (m) => m.CustomerDetailsPage,
      ),
    },
    {
      path: 'customers/:customerId/edit',
      ...lazyPage(
        () => import('./customers/CustomerEditPage.tsx'),
        (m) => m.CustomerEditPage,
      ),
    },
    {
      path: 'promotions',
      ...lazyPage(
        () => promotionPages().then((p) => p.loadPromotionsPage()),
        (m) => m.PromotionsPage,
      ),
    },
    {
      path: 'promotions/create',
      ...lazyPage(
        () => promotionPages().then((p) => p.loadPromotionFormPages()),
        (m) => m.PromotionCreatePage,
      ),
    },
    {
      path: 'promotions/:id',
      ...lazyPage(
        () => promotionPages().then((p) => p.loadPromotionDetailsPage()),
        (m) => m.PromotionDetailsPage,
      ),
    },
    {
      path: 'promotions/:id/edit',
      ...lazyPage(
        () => promotionPages().then((p) => p.loadPromotionFormPages()),
        (m) => m.PromotionEditPage,
      ),
    },
    {
      path: 'block-user',
      ...lazyPage(
        () => import('./risk/BlockUserPage.tsx'),
        (m) => m.BlockUserPage,
      ),
    },
    {
      path: 'whitelist',
      ...lazyPage(
        () => import('./risk/WhitelistPage.tsx'),
        (m) => m.WhitelistPage,
      ),
    },
    {
      path: 'debt-list',
      ...lazyPage(
        () => import('./risk/DebtListPage.tsx'),
        (m) => m.DebtListPage,
      ),
    },
    {
      path: 'add-debt-negotiation-payment',
      ...lazyPage(
        () => import('./risk/DebtPaymentPage.tsx'),
        (m) => m.DebtPaymentPage,
      ),
    },
    {
      // Not in the top navigation (the spec fixes it): linked from the profile's 'Operações' (docs/jobs.md).
      path: 'dead-tasks',
      ...lazyPage(
        () => import('./jobs/DeadTasksPage.tsx'),
        (m) => m.DeadTasksPage,
      ),
    },
    {
      path: 'profile',
      loader: async () => {
        // Child loaders run beside the area guard: prefetch only with a session, or the 401 of an
        // anonymous prefetch would log out and drop the guard's redirect target.
        if (deps.session.hasSession()) {
          const [{ adminUserQueryOptions }, queryClient] = await Promise.all([
            import('./api/user.ts'),
            queries.load(),
          ]);
          void queryClient.prefetchQuery(adminUserQueryOptions(deps.client));
        }
        return null;
      },
      ...lazyPage(
        () => import('./ProfilePage.tsx'),
        (m) => m.AdminProfilePage,
      ),
    },
  ];
}
