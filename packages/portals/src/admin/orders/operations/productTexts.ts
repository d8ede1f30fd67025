/** The texts of a product's operations on the admin order details (spec 2.2, 5, 8), shared by its button and dialogs. */
import { adminOrderMessages, type Cents, formatBRL, refundMessages } from '@drip/core';

/** Texts of the product operations: spec 8's toasts, spec 2.2's checkbox; Drip's wording where the spec has none. */
export const PRODUCT_OPERATION_TEXTS = {
  refund: 'Reembolsar',
  updateAmount: 'Alterar valor',
  /** Spec 8, admin orders: the product refund (its question is the kit's CONFIRMATIONS.cancelProduct). */
  refundSuccess: refundMessages.requested,
  refundFailure: 'Falha ao reembolsar',
  /** Spec 8, admin orders: the product amount. */
  amountSuccess: adminOrderMessages.productAmountUpdated,
  amountFailure: 'Falha ao atualizar o valor do produto',
  /** Spec 2.2: the amount update's checkbox. */
  amountConfirm: 'Confirmo que o valor está correto',
  amountTitle: 'Alterar valor do produto',
  amountLabel: 'Novo valor',
  amountSubmit: 'Atualizar valor',
  /** Spec 5: the new amount must be positive. */
  amountRequired: 'O valor precisa ser maior que 0',
  amountRaised: refundMessages.productAmountRaised,
  amountUnchanged: refundMessages.productAmountUnchanged,
  /** 'Cancelar' would read as "cancel the product" under the refund's question: the buttons say what they do. */
  keep: 'Não estornar',
  close: 'Fechar',
  refundLabel: (amount: Cents) => `Estornar ${formatBRL(amount)}`,
  refundPending: 'Estorno em processamento',
} as const;
