import { type FeeRemovalReason, formatDate } from '@drip/core';

/**
 * Texts of the order operations: spec 5 (confirmations, validation) and spec 8 "Orders" word for word, accents and
 * typos as written ('pago da pagamento unico'); Drip's wording where the spec gives none (docs/admin-order-operations-ui.md).
 */
export const OPERATION_TEXTS = {
  // Order: full and partial refund.
  fullRefund: 'Reembolso total',
  partialRefund: 'Reembolso parcial',
  // Spec 8 writes it 'Falha ao reembolsar (status)': the HTTP status goes in the parentheses.
  refundFailed: (status: number) => `Falha ao reembolsar (${status})`,
  partialRefundDone: 'Reembolso parcial realizado com sucesso',
  partialRefundFailed: 'Aconteceu um erro ao realizar o reembolso parcial',
  amountRequired: 'O valor do reembolso precisa ser maior que 0',
  refundAmountLabel: 'Valor do reembolso (R$)',
  partialRefundDetails: (amount: string) => `Reembolso parcial de ${amount}.`,
  fullRefundDetails: (amount: string) =>
    `O pedido inteiro será reembolsado: ${amount} ainda não reembolsados.`,
  refundConfirm: (amount: string) => `Reembolsar ${amount}`,
  keep: 'Não reembolsar',
  /** A request that got no answer: it may have gone through (the order is read again). */
  noAnswer: 'Não recebemos a resposta do servidor. Confira o pedido antes de pedir de novo.',
  // Instalments: single payment and first-date change.
  uniquePayment: 'Criar pagamento único',
  uniquePaymentTitle: 'Pagamento único',
  // Spec 8 writes it 'Falha ao criar pago da pagamento unico (status)': the HTTP status goes in the parentheses.
  uniquePaymentFailed: (status: number) => `Falha ao criar pago da pagamento unico (${status})`,
  changeDate: 'Alterar data da 1ª parcela',
  dateLabel: 'Nova data de vencimento da 1ª parcela',
  dateChanged: 'Data alterada com sucesso',
  dateFailed: 'Falha ao alterar a data da parcela',
  dateOutOfWindow: (min: string, max: string) =>
    `Escolha uma data entre ${formatDate(min)} e ${formatDate(max)} (1 a 30 dias após a criação do pedido)`,
  save: 'Salvar',
  // One instalment: fee removal, record payment, Pix, payment check.
  removeFee: 'Remover multa',
  feeReasonLabel: 'Motivo da remoção',
  feeReasonRequired: 'Escolha o motivo da remoção da multa',
  feeRemoved: 'Multa por atraso removida com sucesso',
  feeFailed: 'Falha ao remover a multa por atraso',
  recordPayment: 'Dar baixa pagamento',
  recordPaymentDetails: (n: number, amount: string) =>
    `A parcela ${n} (${amount}) será registrada como paga fora do Pix da Drip.`,
  debtReasonLabel: 'Motivo da baixa',
  recordPaymentDone: 'Baixa concluída com sucesso',
  recordPaymentFailed: 'Não foi possível dar baixa nos pedidos/parcelas',
  recordPaymentNothing: 'Esta parcela já estava paga: nada foi alterado',
  pix: 'Criar/atualizar Pix',
  pixTitle: (n: number) => `Pix da parcela ${n}`,
  pixDone: 'Pix criado/atualizado com sucesso',
  // Spec 8 writes it 'Falha ao criar/atualizar PIX da parcela (status)': the HTTP status goes in the parentheses.
  pixFailed: (status: number) => `Falha ao criar/atualizar PIX da parcela (${status})`,
  verifyPayment: 'Verificar pagamento',
  verifyFailed: 'Ocorreu um erro ao verificar o pagamento',
  verifyBooked: 'Pagamento confirmado pelo PSP e registrado',
  verifyStatus: (label: string) => `Status do pagamento no PSP: ${label}`,
  // The Pix shown (single payment, an instalment's).
  qrAlt: 'QR Code do Pix',
  copyPix: 'Copiar Pix',
  pixCopied: 'Pix copiado para área de transferência',
  copyFailed: 'Não foi possível copiar para área de transferência',
  expiresAt: (date: string) => `Válido até ${date}`,
  close: 'Fechar',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
} as const;

/** Spec 9 gives the fee removal reasons as codes only; these pt-BR labels are Drip's. */
export const FEE_REMOVAL_REASON_LABELS: Record<FeeRemovalReason, string> = {
  WEEKEND_BILLING: 'Cobrança em fim de semana',
  INVALID_PIX: 'Pix inválido',
  NEGOTIATION: 'Negociação',
  BUG: 'Erro no sistema',
  OLD_NEGOTIATION: 'Negociação antiga',
};
