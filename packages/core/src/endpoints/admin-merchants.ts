/** The back office's merchant calls (spec 7, "Admin"): merchants, merchant users, fees, cashbacks, settlement terms. */
import * as v from 'valibot';
import {
  AdminApiKeyReset,
  AdminCatalogueOptions,
  AdminCreateMerchantUserRequest,
  AdminMerchant,
  AdminMerchantDetails,
  AdminMerchantRequest,
  AdminMerchantsPage,
  AdminMerchantsQuery,
  AdminMerchantUser,
  AdminUpdateMerchantUserRequest,
  MerchantCashback,
  MerchantCashbackRequest,
  MerchantFee,
  MerchantFeeRequest,
  MerchantSettlementConfiguration,
  MerchantSettlementConfigurationRequest,
} from '../contract/admin-merchants.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { IdParam, MerchantIdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Admin merchants';
const MERCHANTS = `${ADMIN_API}/merchants`;
const notFound = 'Parceiro não encontrado';

export const adminMerchants = endpoint('admin.merchants', {
  method: 'GET',
  path: MERCHANTS,
  audience: 'admin',
  tag,
  summary: 'Pages the merchants, searched by store name',
  query: AdminMerchantsQuery,
  response: AdminMerchantsPage,
});

export const adminCreateMerchant = endpoint('admin.createMerchant', {
  method: 'POST',
  path: MERCHANTS,
  audience: 'admin',
  tag,
  summary: 'Onboards a merchant with a new API key (audited)',
  body: AdminMerchantRequest,
  response: AdminMerchant,
  status: 201,
  errors: { 422: 'Categoria ou tag desconhecida, categorias ausentes, ou imagem que não é PNG válido' },
});

export const adminMerchant = endpoint('admin.merchant', {
  method: 'GET',
  path: `${MERCHANTS}/:merchantId`,
  audience: 'admin',
  tag,
  summary: 'A merchant with its users, fees, cashbacks and settlement configurations',
  params: MerchantIdParam,
  response: AdminMerchantDetails,
  errors: { 404: notFound },
});

export const adminUpdateMerchant = endpoint('admin.updateMerchant', {
  method: 'PUT',
  path: `${MERCHANTS}/:merchantId`,
  audience: 'admin',
  tag,
  summary: "Replaces a merchant's form fields (audited); the next checkout reads them",
  params: MerchantIdParam,
  body: AdminMerchantRequest,
  response: AdminMerchant,
  errors: {
    404: notFound,
    422: 'Categoria ou tag desconhecida, ou imagem que não é PNG válido',
  },
});

/**
 * The merchant form's store categories and tags. The catalogue's own calls take the catalogue key, which must not
 * reach a browser; this admin call reads the same list through the admin session.
 */
export const adminCatalogueOptions = endpoint('admin.catalogueOptions', {
  method: 'GET',
  path: `${ADMIN_API}/merchant-catalogue-options`,
  audience: 'admin',
  tag,
  summary: 'The active store categories with their subcategories and tags, for the merchant form',
  response: AdminCatalogueOptions,
});

export const adminResetMerchantApiKey = endpoint('admin.resetMerchantApiKey', {
  method: 'PUT',
  path: `${MERCHANTS}/:merchantId/reset_api_key`,
  audience: 'admin',
  tag,
  summary: 'Gives the merchant a new API key; the old one is refused from then on (audited)',
  params: MerchantIdParam,
  response: AdminApiKeyReset,
  errors: { 404: notFound },
});

const FeeParams = v.object({ merchantId: v.string(), feeId: v.string() });
const CashbackParams = v.object({ merchantId: v.string(), cashbackId: v.string() });
const ConfigParams = v.object({ merchantId: v.string(), configId: v.string() });

export const adminCreateMerchantFee = endpoint('admin.createMerchantFee', {
  method: 'POST',
  path: `${MERCHANTS}/:merchantId/fees`,
  audience: 'admin',
  tag,
  summary: 'A new fee (percent); orders made from now on pay it while it is the active one (audited)',
  params: MerchantIdParam,
  body: MerchantFeeRequest,
  response: MerchantFee,
  status: 201,
  errors: { 404: notFound },
});

export const adminMerchantFee = endpoint('admin.merchantFee', {
  method: 'GET',
  path: `${MERCHANTS}/:merchantId/fees/:feeId`,
  audience: 'admin',
  tag,
  summary: 'One fee of the merchant',
  params: FeeParams,
  response: MerchantFee,
  errors: { 404: 'Taxa não encontrada' },
});

export const adminUpdateMerchantFee = endpoint('admin.updateMerchantFee', {
  method: 'PUT',
  path: `${MERCHANTS}/:merchantId/fees/:feeId`,
  audience: 'admin',
  tag,
  summary: 'Changes a fee (audited); sales already in the extract keep the fee they were booked with',
  params: FeeParams,
  body: MerchantFeeRequest,
  response: MerchantFee,
  errors: { 404: 'Taxa não encontrada' },
});

export const adminCreateMerchantCashback = endpoint('admin.createMerchantCashback', {
  method: 'POST',
  path: `${MERCHANTS}/:merchantId/cashback`,
  audience: 'admin',
  tag,
  summary: 'A new cashback rate (fraction); the next checkout shows and grants it while active (audited)',
  params: MerchantIdParam,
  body: MerchantCashbackRequest,
  response: MerchantCashback,
  status: 201,
  errors: { 404: notFound },
});

export const adminMerchantCashback = endpoint('admin.merchantCashback', {
  method: 'GET',
  path: `${MERCHANTS}/:merchantId/cashback/:cashbackId`,
  audience: 'admin',
  tag,
  summary: 'One cashback rate of the merchant',
  params: CashbackParams,
  response: MerchantCashback,
  errors: { 404: 'Cashback não encontrado' },
});

export const adminUpdateMerchantCashback = endpoint('admin.updateMerchantCashback', {
  method: 'PUT',
  path: `${MERCHANTS}/:merchantId/cashback/:cashbackId`,
  audience: 'admin',
  tag,
  summary: 'Changes a cashback rate (audited); orders already made keep theirs',
  params: CashbackParams,
  body: MerchantCashbackRequest,
  response: MerchantCashback,
  errors: { 404: 'Cashback não encontrado' },
});

export const adminCreateSettlementConfiguration = endpoint('admin.createSettlementConfiguration', {
  method: 'POST',
  path: `${MERCHANTS}/:merchantId/settlement_configurations`,
  audience: 'admin',
  tag,
  summary: 'New settlement terms; sales made from now on are planned with them while active (audited)',
  description: 'Transfers already planned keep their dates (docs/settlements.md, "Changing the terms").',
  params: MerchantIdParam,
  body: MerchantSettlementConfigurationRequest,
  response: MerchantSettlementConfiguration,
  status: 201,
  errors: { 404: notFound },
});

export const adminSettlementConfiguration = endpoint('admin.settlementConfiguration', {
  method: 'GET',
  path: `${MERCHANTS}/:merchantId/settlement_configurations/:configId`,
  audience: 'admin',
  tag,
  summary: 'One settlement configuration of the merchant',
  params: ConfigParams,
  response: MerchantSettlementConfiguration,
  errors: { 404: 'Configuração de repasse não encontrada' },
});

export const adminUpdateSettlementConfiguration = endpoint('admin.updateSettlementConfiguration', {
  method: 'PUT',
  path: `${MERCHANTS}/:merchantId/settlement_configurations/:configId`,
  audience: 'admin',
  tag,
  summary: 'Changes settlement terms (audited); transfers already planned keep their dates',
  params: ConfigParams,
  body: MerchantSettlementConfigurationRequest,
  response: MerchantSettlementConfiguration,
  errors: { 404: 'Configuração de repasse não encontrada' },
});

export const adminCreateMerchantUser = endpoint('admin.createMerchantUser', {
  method: 'POST',
  path: `${ADMIN_API}/merchant_users`,
  audience: 'admin',
  tag,
  summary:
    'A merchant portal user of the merchant (audited); signs in with the e-mail, password and SMS code',
  body: AdminCreateMerchantUserRequest,
  response: AdminMerchantUser,
  status: 201,
  errors: { 404: notFound, 409: 'Este e-mail já está em uso' },
});

export const adminMerchantUser = endpoint('admin.merchantUser', {
  method: 'GET',
  path: `${ADMIN_API}/merchant_users/:id`,
  audience: 'admin',
  tag,
  summary: 'One merchant portal user',
  params: IdParam,
  response: AdminMerchantUser,
  errors: { 404: 'Usuário não encontrado' },
});

export const adminUpdateMerchantUser = endpoint('admin.updateMerchantUser', {
  method: 'PUT',
  path: `${ADMIN_API}/merchant_users/:id`,
  audience: 'admin',
  tag,
  summary: "Changes a merchant portal user (audited); new permissions or password end the user's sessions",
  params: IdParam,
  body: AdminUpdateMerchantUserRequest,
  response: AdminMerchantUser,
  errors: { 404: 'Usuário não encontrado', 409: 'Este e-mail já está em uso' },
});

export const adminMerchantEndpoints = {
  adminMerchants,
  adminCreateMerchant,
  adminMerchant,
  adminUpdateMerchant,
  adminCatalogueOptions,
  adminResetMerchantApiKey,
  adminCreateMerchantFee,
  adminMerchantFee,
  adminUpdateMerchantFee,
  adminCreateMerchantCashback,
  adminMerchantCashback,
  adminUpdateMerchantCashback,
  adminCreateSettlementConfiguration,
  adminSettlementConfiguration,
  adminUpdateSettlementConfiguration,
  adminCreateMerchantUser,
  adminMerchantUser,
  adminUpdateMerchantUser,
};
