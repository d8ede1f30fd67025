/** The admin back office (spec 7, "Admin"). */
import * as v from 'valibot';
import { AdminLoginRequest, AdminUpdateUserRequest, AdminUser, TokenPair } from '../contract/auth.ts';
import { DeadTasks, DeadTasksQuery, RetriedTask } from '../contract/jobs.ts';
import { EmbedDomains, EmbedDomainsRequest } from '../contract/merchants.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { IdParam, logoutEndpoint, MerchantIdParam, refreshEndpoint } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Admin';

export const adminLogin = endpoint('admin.login', {
  method: 'POST',
  path: `${ADMIN_API}/login`,
  audience: 'anonymous',
  tag,
  summary: 'Logs an admin in with e-mail and password',
  body: AdminLoginRequest,
  clientNormalises: true,
  response: TokenPair,
});

export const adminRefresh = refreshEndpoint('admin.refresh', `${ADMIN_API}/login`, tag);

export const adminLogout = logoutEndpoint('admin.logout', `${ADMIN_API}/logout`, tag);

export const adminGetUser = endpoint('admin.getUser', {
  method: 'GET',
  path: `${ADMIN_API}/user`,
  audience: 'admin',
  tag,
  summary: "The signed-in admin's profile",
  response: AdminUser,
});

export const adminUpdateUser = endpoint('admin.updateUser', {
  method: 'PUT',
  path: `${ADMIN_API}/user`,
  audience: 'admin',
  tag,
  summary: "Changes the signed-in admin's profile or password",
  body: AdminUpdateUserRequest,
  clientNormalises: true,
  response: AdminUser,
});

export const MerchantStatusChange = v.object({ id: v.string(), status: v.string() });

export const adminDisableMerchant = endpoint('admin.disableMerchant', {
  method: 'PUT',
  path: `${ADMIN_API}/merchants/:merchantId/disable`,
  audience: 'admin',
  tag,
  summary: 'Archives a merchant (audited)',
  params: MerchantIdParam,
  response: MerchantStatusChange,
});

export const adminEnableMerchant = endpoint('admin.enableMerchant', {
  method: 'PUT',
  path: `${ADMIN_API}/merchants/:merchantId/enable`,
  audience: 'admin',
  tag,
  summary: 'Re-enables an archived merchant (audited)',
  params: MerchantIdParam,
  response: MerchantStatusChange,
});

export const adminGetEmbedDomains = endpoint('admin.getEmbedDomains', {
  method: 'GET',
  path: `${ADMIN_API}/merchants/:merchantId/embed_domains`,
  audience: 'admin',
  tag,
  summary: 'The origins where the merchant may embed the checkout',
  params: MerchantIdParam,
  response: EmbedDomains,
});

export const adminSetEmbedDomains = endpoint('admin.setEmbedDomains', {
  method: 'PUT',
  path: `${ADMIN_API}/merchants/:merchantId/embed_domains`,
  audience: 'admin',
  tag,
  summary: "Replaces the merchant's embed origins (audited)",
  params: MerchantIdParam,
  body: EmbedDomainsRequest,
  response: EmbedDomains,
});

export const adminDeadTasks = endpoint('admin.deadTasks', {
  method: 'GET',
  path: `${ADMIN_API}/jobs/dead`,
  audience: 'admin',
  tag,
  summary: 'The queued tasks that failed for good (refunds, devoluções, webhooks, payouts), the latest first',
  description:
    'A task is DEAD after its last try (or at once when it was refused for good); what it was doing shows as failed ' +
    'to its user (e.g. a refund FAILED with its reason). `diedSinceStart` counts the deaths seen by this instance.',
  query: DeadTasksQuery,
  response: DeadTasks,
});

export const adminRetryDeadTask = endpoint('admin.retryDeadTask', {
  method: 'POST',
  path: `${ADMIN_API}/jobs/dead/:id/retry`,
  audience: 'admin',
  tag,
  summary: 'Puts a dead task back in its queue with all its tries (audited)',
  description:
    "The task's queue reopens what the death ended (a FAILED refund is pending again) and its worker takes it " +
    'within seconds.',
  params: IdParam,
  response: RetriedTask,
  errors: {
    404: 'Tarefa parada não encontrada',
    409: 'A tarefa não pode voltar agora (ex.: o lojista já pediu o mesmo estorno de novo)',
  },
});

export const adminEndpoints = {
  adminLogin,
  adminRefresh,
  adminLogout,
  adminGetUser,
  adminUpdateUser,
  adminDisableMerchant,
  adminEnableMerchant,
  adminGetEmbedDomains,
  adminSetEmbedDomains,
  adminDeadTasks,
  adminRetryDeadTask,
};
