/**
 * The back office's operations on an order and its instalments (spec 7, "Admin": Orders, Instalments, payments
 * callback): late-fee removal, first due date, refunds through the refund engine, PSP verification. Every call is
 * audited in the transaction of its change (docs/admin-order-operations.md).
 */
import * as v from 'valibot';
import { CustomerInstalment, UniquePayment } from '../contract/orders.ts';
import { ADMIN_API } from '../contract/paths.ts';
import { IsoDateString, PositiveReais } from '../contract/primitives.ts';
import { PartialRefundRequest, ProductRefundRequest, RefundRequested } from '../contract/refunds.ts';
import { IdParam } from './common.ts';
import { endpoint } from './define.ts';

const tag = 'Admin order operations';

/** Spec 9: why an admin removes a late fee. */
export const FEE_REMOVAL_REASONS = [
  'WEEKEND_BILLING',
  'INVALID_PIX',
  'NEGOTIATION',
  'BUG',
  'OLD_NEGOTIATION',
] as const;
export type FeeRemovalReason = (typeof FEE_REMOVAL_REASONS)[number];

/** Spec 8 messages of the admin order operations (success toasts the server answers with). */
export const adminOrderMessages = {
  feeRemoved: 'Multa por atraso removida com sucesso',
  dateChanged: 'Data alterada com sucesso',
  pixCreated: 'Pix criado/atualizado com sucesso',
  productAmountUpdated: 'Valor do produto atualizado com sucesso',
} as const;

/** Body of POST /instalments/{id}/remove-fee: the reason is optional (spec 7), one of spec 9 when given. */
export const RemoveFeeRequest = v.object({
  reason: v.optional(v.picklist(FEE_REMOVAL_REASONS, 'Motivo de remoção da multa desconhecido')),
});

/** An instalment's money after an admin operation: what the customer now owes for it (centavos). */
export const AdminInstalmentMoney = v.object({
  id: v.string(),
  number: v.number(),
  dueDate: v.string(),
  status: v.picklist(['PENDING', 'PAID']),
  feesAmount: v.number(),
  amountToPay: v.number(),
});

export const AdminInstalmentChanged = v.object({
  message: v.string(),
  instalment: AdminInstalmentMoney,
});

/** Body of POST /orders/{id}/update_due_date: the first instalment's new due date (YYYY-MM-DD). */
export const UpdateDueDateRequest = v.object({ date: IsoDateString });

/** Answer of POST /payments_callback/update/{paymentId}: the charge as the PSP now says it is. */
export const PaymentCheck = v.object({
  paymentId: v.string(),
  status: v.picklist(['ACTIVE', 'PAID', 'EXPIRED', 'CANCELED', 'REFUNDED']),
  /** true when this check booked a payment the PSP had and Drip did not. */
  booked: v.boolean(),
});

const refundErrors = {
  404: 'Pedido não encontrado',
  422: 'Fora das regras de reembolso (status, prazo, valor, produtos)',
};

export const adminRemoveInstalmentFee = endpoint('admin.removeInstalmentFee', {
  method: 'POST',
  path: `${ADMIN_API}/instalments/:id/remove-fee`,
  audience: 'admin',
  tag,
  summary: 'Removes the late fee of an unpaid instalment (reason from spec 9); the amount due drops at once',
  params: IdParam,
  body: RemoveFeeRequest,
  response: AdminInstalmentChanged,
  errors: { 404: 'Parcela não encontrada', 422: 'Parcela paga ou sem multa' },
});

export const adminUpdateFirstDueDate = endpoint('admin.updateFirstDueDate', {
  method: 'POST',
  path: `${ADMIN_API}/orders/:id/update_due_date`,
  audience: 'admin',
  tag,
  summary: 'Moves the first instalment (PENDING) to 1–30 days after the order was created',
  params: IdParam,
  body: UpdateDueDateRequest,
  response: AdminInstalmentChanged,
  errors: { 404: 'Pedido não encontrado', 422: 'Data fora da janela, ou parcela 1 já paga' },
});

export const adminCancelOrder = endpoint('admin.cancelOrder', {
  method: 'PUT',
  path: `${ADMIN_API}/orders/:id/cancel`,
  audience: 'admin',
  tag,
  summary: 'Refunds the whole order through the refund engine (asynchronous: answers the pending refund)',
  params: IdParam,
  response: RefundRequested,
  status: 202,
  errors: refundErrors,
});

export const adminCancelOrderPartially = endpoint('admin.cancelOrderPartially', {
  method: 'PUT',
  path: `${ADMIN_API}/orders/:id/cancel/partially`,
  audience: 'admin',
  tag,
  summary: 'Refunds part of the order by amount (reais) through the refund engine',
  params: IdParam,
  body: PartialRefundRequest,
  response: RefundRequested,
  status: 202,
  errors: refundErrors,
});

export const adminCancelProducts = endpoint('admin.cancelProducts', {
  method: 'PUT',
  path: `${ADMIN_API}/orders/:id/products/cancel`,
  audience: 'admin',
  tag,
  summary: 'Refunds products of the order through the refund engine',
  params: IdParam,
  body: ProductRefundRequest,
  response: RefundRequested,
  status: 202,
  errors: refundErrors,
});

/**
 * Body of POST /orders/{id}/products/update-amount: the product and its new amount, in reais with 2 decimals like
 * the partial refund's (centavos once parsed). Only lower than the product's amount (docs/admin-order-operations.md).
 */
export const UpdateProductAmountRequest = v.object({
  productId: v.pipe(v.string('O produto deve ser um texto'), v.nonEmpty('Informe o produto')),
  amount: PositiveReais,
});

export const adminUpdateProductAmount = endpoint('admin.updateProductAmount', {
  method: 'POST',
  path: `${ADMIN_API}/orders/:id/products/update-amount`,
  audience: 'admin',
  tag,
  summary:
    "Lowers a product's amount: the refund engine cancels the difference on its instalments (carried out at once when it can)",
  params: IdParam,
  body: UpdateProductAmountRequest,
  response: RefundRequested,
  errors: {
    404: 'Pedido não encontrado',
    422: 'Produto cancelado, em processamento, valor acima ou igual ao atual, ou fora das regras de reembolso',
  },
});

export const adminVerifyPayment = endpoint('admin.verifyPayment', {
  method: 'POST',
  path: `${ADMIN_API}/payments_callback/update/:paymentId`,
  audience: 'admin',
  tag,
  summary: 'Asks the PSP for the Pix charge and books it if paid (the payments reconciliation)',
  params: v.object({ paymentId: v.string() }),
  response: PaymentCheck,
  errors: { 404: 'Pagamento não encontrado', 503: 'Ocorreu um erro ao verificar o pagamento' },
});

/** Body of PUT /orders/{id}/create_instalment_payments: the instalments whose Pix is created or updated. */
export const InstalmentPaymentsRequest = v.object({
  instalmentIds: v.pipe(
    v.array(v.string('Cada parcela deve ser um texto'), 'instalmentIds deve ser uma lista'),
    v.minLength(1, 'Escolha ao menos uma parcela'),
    v.maxLength(60, 'Parcelas demais em uma só solicitação'),
  ),
});

export const InstalmentPaymentsCreated = v.object({
  message: v.string(),
  instalments: v.array(CustomerInstalment),
});

export const adminCreateInstalmentPayments = endpoint('admin.createInstalmentPayments', {
  method: 'PUT',
  path: `${ADMIN_API}/orders/:id/create_instalment_payments`,
  audience: 'admin',
  tag,
  summary: "Creates or updates the Pix of pending instalments (the customer portal's charge for each)",
  params: IdParam,
  body: InstalmentPaymentsRequest,
  response: InstalmentPaymentsCreated,
  errors: { 404: 'Pedido não encontrado', 422: 'Parcela não pendente neste pedido' },
});

export const adminCreateUniquePayment = endpoint('admin.createUniquePayment', {
  method: 'POST',
  path: `${ADMIN_API}/orders/:id/create_unique_payment`,
  audience: 'admin',
  tag,
  summary: "One Pix for every unpaid instalment of the order (the customer portal's unique payment)",
  params: IdParam,
  response: UniquePayment,
  errors: { 404: 'Pedido não encontrado, ou nenhuma parcela pendente' },
});

export const adminOrderOperationEndpoints = {
  adminCreateInstalmentPayments,
  adminCreateUniquePayment,
  adminRemoveInstalmentFee,
  adminUpdateFirstDueDate,
  adminCancelOrder,
  adminCancelOrderPartially,
  adminCancelProducts,
  adminUpdateProductAmount,
  adminVerifyPayment,
} as const;
