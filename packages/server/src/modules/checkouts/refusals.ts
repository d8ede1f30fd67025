/**
 * The checkout's refusals: its pt-BR messages and the DomainErrors that carry them (docs/errors.md). The HTTP layer
 * turns each kind into its status (http/errors.ts, toApiError).
 */
import { DomainError, domainNotFound } from '../../errors.ts';

/** The messages of the checkout API (pt-BR, shown by the UI or read by integrators). */
export const checkoutErrors = {
  notFound: 'Checkout não encontrado. Verifique o link da compra.',
  expired: 'Esta compra está expirada. Volte à loja e comece uma nova compra.',
  finished: 'Esta compra já foi finalizada.',
  revoked: 'Este checkout foi desativado pela loja.',
  outOfOrder: 'Este passo não está disponível agora. Atualize a página para continuar a compra.',
  tokenUsed: 'Este Drip Token já foi utilizado.',
  tokenExpired: 'O Drip Token expirou. Peça um novo código.',
  tokenLocked: 'Limite de tentativas atingido. Peça um novo código.',
  resendCooldown: (s: number) => `Aguarde ${s} segundos para pedir um novo código.`,
  instalmentsRange: (min: number, max: number) => `Escolha entre ${min} e ${max} parcelas.`,
  firstDateRange: (from: string, to: string) =>
    `A data da 1º parcela deve estar entre ${from.split('-').reverse().join('/')} e ${to.split('-').reverse().join('/')}.`,
  firstDateMandatory: 'Nesta loja a 1º parcela é paga hoje, na confirmação da compra.',
  noPix: 'Não há pagamento Pix pendente nesta compra.',
  waitlistUnavailable: 'A lista de espera não está disponível para esta compra.',
  waitlistDenied: 'Não foi possível entrar na lista de espera desta compra.',
  waitlistChanged: 'O status da lista de espera mudou. Atualize a página.',
  duplicateOrderCode: (code: string) =>
    `O código de pedido '${code}' já foi usado em outro checkout desta loja.`,
  alreadyApproved: 'Esta compra já foi aprovada e não pode ser cancelada pelo checkout.',
  merchantUnknown: 'Parceiro não encontrado.',
} as const;

/** A step the checkout's state does not allow (409). */
export const conflict = (message: string, code = 'CHECKOUT_STEP_CONFLICT') =>
  new DomainError('conflict', code, message);

/** A well-formed step refused by a rule of the merchant or of the plan (422). */
export const unprocessable = (message: string, code = 'UNPROCESSABLE') =>
  new DomainError('unprocessable', code, message);

/** An unknown checkout, or another merchant's (404). */
export const checkoutNotFound = () => domainNotFound(checkoutErrors.notFound);

/** An unknown merchant in the simulator's query (404). */
export const merchantNotFound = () => domainNotFound(checkoutErrors.merchantUnknown);
