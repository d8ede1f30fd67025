/**
 * The pt-BR texts of the auth screens and their errors (spec sections 2, 5 and 8), in one typed catalogue.
 * Texts quoted by the spec are copied exactly (accents and punctuation included); a text carrying a value is a
 * function. Texts the spec does not give (HTTP failures) are marked as Drip's own wording.
 */

/**
 * Drip's one help address: the checkout's feedback form and explainer, the customer portal's help panel and any
 * server text that names a contact use this constant (Drip's own value: the spec says only "help e-mail").
 */
export const DRIP_SUPPORT_EMAIL = 'ajuda@usedrip.com.br';

/** Screens shared by the three login pages and portal shells. */
export const authMessages = {
  loginTitle: 'Olá',
  loginSubtitle: 'Faça login para acessar sua conta',
  loginSubmit: 'Entrar',
  keepMeLoggedIn: 'Mantenha-me conectado',
  forgotPassword: 'Esqueci a senha',
  twoStepTitle: 'Verificação de 2 etapas',
  back: 'Voltar',
  myProfile: 'Meu perfil',
  /** Merchant portal profile heading (spec 2.4). */
  myProfileMerchant: 'Meu Perfil',
  update: 'Atualizar',
  myPurchases: 'Minhas compras',
  logout: 'Sair',
} as const;

export const notFoundMessages = {
  title: '404 - Page Not Found',
  description: 'A página que você estava procurando não existe',
} as const;

export const pageTitles = {
  checkout: 'Drip - Checkout',
  customerPortal: 'Drip - Portal',
} as const;

/** Password rules (spec section 5). */
export const passwordMessages = {
  /** Profile password change: new password and confirmation differ. */
  mustMatch: 'As senhas devem ser iguais',
  /** Profile password change (admin and customer): minimum 6. */
  newMin6: 'A nova senha deve conter no mínimo 6 caracteres',
  /** Recovery reset: password and repetition differ. */
  resetMismatch: 'As senhas não conferem',
  /** Recovery reset: minimum 8 (the spec's wording, "senha" singular, kept as written). */
  resetMin8: 'As senha devem conter no mínimo 8 caracteres',
} as const;

export const adminMessages = {
  nav: {
    orders: 'Pedidos',
    merchants: 'Parceiros',
    stores: 'Lojas (B2C)',
    customers: 'Clientes',
    logout: 'Sair',
  },
  loginInvalid: {
    email: 'E-Mail e/ou senha incorreta',
    phone: 'Telefone e/ou senha incorreta',
    cpf: 'CPF e/ou senha incorreta',
  },
} as const;

export const customerMessages = {
  nav: { orders: 'Minhas compras', profile: 'Meu perfil' },
  loginInvalid: 'CPF e/ou senha inválidos',
  loginFailed: 'Ocorreu um erro ao fazer o login, tente novamente',
  recoverySmsFailed: 'Não foi possível enviar o SMS para o número solicitado',
  recoveryTokenInvalid: 'Token inválido',
  recoveryResetFailed: 'Não foi possível redefinir sua senha',
  recoveryResetSucceeded: 'Senha atualizada com sucesso!',
  recoveryPhoneInvalid: 'O número do telefone é inválido, verifique o número e seu DDD e tente novamente',
  passwordChangeFailed: 'Ocorreu um erro ao atualizar sua senha',
  passwordChangeRejected: 'Não foi possível redefinir a senha, verifique a senha atual e tente novamente',
  copied: 'Copiado',
  copyFailed: 'Não conseguimos copiar a chave pix na sua área de transferência, tente copiar manualmente',
  payAllInstalments: 'Pague todas as parcelas',
  details: 'Detalhes',
} as const;

export const merchantMessages = {
  loginInvalidPassword: 'E-mail e/ou senha incorretos.',
  loginInvalidToken: 'Drip Token inválido, verifique o número inserido.',
  // Spec 8 names it 'Ocorreu um erro ao fazer seu login, tente mais tarde' and gives the full text shown here.
  loginFailed: 'Ocorreu um erro ao fazer seu login, tente novamente mais tarde',
  recoverySmsFailed: 'Não foi possível enviar o SMS',
  operationFailed: 'Operação falhada',
  recoverySmsSent: 'SMS enviado com sucesso',
  recoveryEmailFailed: 'Não foi possível enviar o E-Mail',
  recoveryLinkExpired: 'Link expirado, faça a solicitação novamente',
  recoveryResetFailed: 'Não foi possível alterar sua senha!',
} as const;

/** Failures of the HTTP layer itself (Drip's own wording: the spec shows none). */
export const httpMessages = {
  network: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  timeout: 'O servidor demorou demais para responder. Tente novamente.',
  aborted: 'A requisição foi cancelada.',
  generic: (status: number) => `Ocorreu um erro inesperado (${status})`,
  notJson: (status: number) => `O servidor enviou uma resposta inválida (${status})`,
  badShape: (status: number, detail: string) =>
    `O servidor enviou uma resposta em formato inesperado (${status})${detail ? `: ${detail}` : ''}`,
} as const;

export type UsernameKind = 'email' | 'cpf' | 'phone';

/** How an admin typed the username: e-mail if it has '@', CPF if it is 11 digits (mask allowed), else phone. */
export function usernameKind(username: string): UsernameKind {
  const trimmed = username.trim();
  if (trimmed.includes('@')) return 'email';
  if (/^[\d.\-\s]+$/.test(trimmed) && trimmed.replace(/\D/g, '').length === 11) return 'cpf';
  return 'phone';
}

/**
 * Admin login failure (spec section 8): 401 names the username kind; any other is 'Erro ao fazer login (status)',
 * with the HTTP status.
 */
export function adminLoginError(status: number, kind: UsernameKind): string {
  return status === 401 ? adminMessages.loginInvalid[kind] : `Erro ao fazer login (${status})`;
}

/** Admin profile update failure. */
export function adminProfileError(status: number): string {
  return `Incapaz de editar (${status})`;
}

/** Customer login failure: 401 or 403 are bad credentials. */
export function customerLoginError(status: number): string {
  return status === 401 || status === 403 ? customerMessages.loginInvalid : customerMessages.loginFailed;
}

/** Merchant login failure for the credentials step or the SMS token step. */
export function merchantLoginError(status: number, step: 'password' | 'token'): string {
  if (status !== 401) return merchantMessages.loginFailed;
  return step === 'password' ? merchantMessages.loginInvalidPassword : merchantMessages.loginInvalidToken;
}

/** Customer order details button for the next pending instalment. */
export function payInstalmentLabel(n: number): string {
  return `Pagar parcela ${n}`;
}
