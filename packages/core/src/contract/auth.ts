/**
 * Auth calls of spec section 7 for the three audiences (admin, merchant, customer).
 * The server validates requests with these schemas and the API clients parse responses with them.
 */
import * as v from 'valibot';
import { customerMessages } from '../messages.ts';

const trimmed = (label: string, max = 200) =>
  v.pipe(
    v.string(`${label} deve ser um texto`),
    v.trim(),
    v.nonEmpty(`${label} é obrigatório`),
    v.maxLength(max, `${label} é longo demais`),
  );

export const Password = v.pipe(
  v.string('A senha deve ser um texto'),
  v.nonEmpty('A senha é obrigatória'),
  v.maxLength(128, 'A senha é longa demais'),
);

/** A password being set: 8 characters at the least. */
const NewPassword = v.pipe(Password, v.minLength(8, 'As senha devem conter no mínimo 8 caracteres'));

/** Digits of a CPF, with or without mask; checked for length only here (check digits in `br`). */
export const CpfDigits = v.pipe(
  v.string('O CPF deve ser um texto'),
  v.transform((s) => s.replace(/\D/g, '')),
  v.length(11, 'O CPF deve ter 11 dígitos'),
);

/** Token pair returned by every login and refresh. */
export const TokenPair = v.object({
  token: v.string(),
  refreshToken: v.string(),
});
export type TokenPair = v.InferOutput<typeof TokenPair>;

/** Standard error body of every 4xx/5xx answer. */
export const ApiErrorBody = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
  }),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBody>;

/** The header carrying the refresh token on `PUT .../login` (refresh) and `POST .../logout`. */
export const REFRESH_TOKEN_HEADER = 'RefreshToken';

/**
 * Answer of `POST .../logout` (every audience): the session of the presented refresh token is over. Always true, for
 * an unknown or already ended session too (logging out twice is not an error).
 */
export const LogoutResponse = v.object({ loggedOut: v.literal(true) });
export type LogoutResponse = v.InferOutput<typeof LogoutResponse>;

// ---------------------------------------------------------------- admin (/admin_backoffice/api/v1)

/**
 * 'Mantenha-me conectado': true keeps the session for the configured refresh-token lifetime (30 days); false makes it
 * a session of this visit, whose refresh token dies after SESSION_ONLY_REFRESH_HOURS without use. Left out (API
 * clients), the session is kept.
 */
const Remember = v.optional(v.boolean('Mantenha-me conectado deve ser verdadeiro ou falso'));

export const AdminLoginRequest = v.object({
  /** e-mail, phone or CPF (CPF logins are sent as digits). */
  username: trimmed('O usuário'),
  password: Password,
  remember: Remember,
});
export type AdminLoginRequest = v.InferOutput<typeof AdminLoginRequest>;

export const AdminUser = v.object({
  id: v.string(),
  username: v.string(),
  name: v.string(),
});
export type AdminUser = v.InferOutput<typeof AdminUser>;

export const AdminUpdateUserRequest = v.object({
  username: v.pipe(trimmed('O e-mail'), v.email('O e-mail é inválido')),
  currentPassword: Password,
  // Left out, the password stays: the operator may change only the e-mail.
  newPassword: v.optional(
    v.pipe(Password, v.minLength(6, 'A nova senha deve conter no mínimo 6 caracteres')),
  ),
});
export type AdminUpdateUserRequest = v.InferOutput<typeof AdminUpdateUserRequest>;

// ---------------------------------------------------------------- merchant (/merchant_backoffice/api/v1)

export const MerchantPermission = v.picklist(['READ', 'ADMIN']);
export type MerchantPermission = v.InferOutput<typeof MerchantPermission>;

/** First step: e-mail and password. Second step: e-mail and the SMS code. */
export const MerchantLoginRequest = v.union([
  v.object({
    username: v.pipe(trimmed('O e-mail'), v.toLowerCase()),
    password: Password,
  }),
  v.object({
    username: v.pipe(trimmed('O e-mail'), v.toLowerCase()),
    smsCode: v.pipe(
      v.string('O código deve ser um texto'),
      v.trim(),
      v.regex(/^\d{6}$/, 'O código deve ter 6 dígitos'),
    ),
    // The second step opens the session, so it carries the choice made beside the password.
    remember: Remember,
  }),
]);
export type MerchantLoginRequest = v.InferOutput<typeof MerchantLoginRequest>;

/** Answer of the first step: where the code went (masked). */
export const MerchantLoginChallenge = v.object({
  phone: v.string(),
  email: v.optional(v.string()),
});
export type MerchantLoginChallenge = v.InferOutput<typeof MerchantLoginChallenge>;

export const MerchantLoginResponse = v.union([TokenPair, MerchantLoginChallenge]);
export type MerchantLoginResponse = v.InferOutput<typeof MerchantLoginResponse>;

export const MerchantUser = v.object({
  id: v.string(),
  merchantId: v.string(),
  email: v.string(),
  phone: v.string(),
  name: v.string(),
  post: v.nullable(v.string()),
  permissions: v.array(MerchantPermission),
});
export type MerchantUser = v.InferOutput<typeof MerchantUser>;

export const MerchantUpdateUserRequest = v.object({
  email: v.pipe(trimmed('O e-mail'), v.email('O e-mail é inválido'), v.toLowerCase()),
  currentPassword: Password,
  phone: v.optional(trimmed('O telefone', 20)),
  newPassword: v.optional(
    v.pipe(Password, v.minLength(6, 'A nova senha deve conter no mínimo 6 caracteres')),
  ),
});
export type MerchantUpdateUserRequest = v.InferOutput<typeof MerchantUpdateUserRequest>;

/** Merchant session info (spec section 3). */
export const MerchantSessionInfo = v.object({
  id: v.string(),
  name: v.string(),
  ecommPlatform: v.nullable(v.string()),
  onlyRead: v.boolean(),
  permissions: v.array(MerchantPermission),
  logo: v.nullable(v.string()),
  logoB2b: v.nullable(v.string()),
  initials: v.string(),
});
export type MerchantSessionInfo = v.InferOutput<typeof MerchantSessionInfo>;

export const MerchantRecoverPasswordRequest = v.object({
  merchantUserEmail: v.pipe(trimmed('O e-mail'), v.email('O e-mail é inválido'), v.toLowerCase()),
});
export const MerchantRecoverPasswordResponse = v.object({ emailDelivered: v.boolean() });
export const MerchantRecoverEmailRequest = v.object({
  merchantUserPhone: trimmed('O telefone', 20),
});
export const MerchantRecoverEmailResponse = v.object({ smsDelivered: v.boolean() });
export const MerchantRecoveryLinkResponse = v.object({ linkExpired: v.boolean() });
export const MerchantResetPasswordRequest = v.pipe(
  v.object({
    password: NewPassword,
    repeatPassword: Password,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['repeatPassword']],
      (i) => i.password === i.repeatPassword,
      'As senhas não conferem',
    ),
    ['repeatPassword'],
  ),
);
export const MerchantResetPasswordResponse = v.object({ passwordUpdated: v.boolean() });

// ---------------------------------------------------------------- customer (/customer_backoffice/api)

export const CustomerLoginRequest = v.object({
  username: CpfDigits,
  password: Password,
  remember: Remember,
});
export type CustomerLoginRequest = v.InferOutput<typeof CustomerLoginRequest>;

export const CustomerProfile = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  cpf: v.string(),
  phone: v.string(),
  birthDate: v.nullable(v.string()),
  addressCep: v.nullable(v.string()),
  addressStreet: v.nullable(v.string()),
  addressNumber: v.nullable(v.string()),
  addressComplement: v.nullable(v.string()),
  addressNeighborhood: v.nullable(v.string()),
  addressCity: v.nullable(v.string()),
  addressState: v.nullable(v.string()),
  /** Spec 3 Customer: the customer asked for a debt renegotiation (or an admin put them on the list). */
  isOnDebtNegotiation: v.boolean(),
  /** Spec 3 Customer: ACTIVE, or ARCHIVED (an archived customer cannot log in). */
  status: v.picklist(['ACTIVE', 'ARCHIVED']),
});
export type CustomerProfile = v.InferOutput<typeof CustomerProfile>;

const optionalText = (label: string, max = 200) =>
  v.optional(
    v.nullable(
      v.pipe(v.string(`${label} deve ser um texto`), v.trim(), v.maxLength(max, `${label} é longo demais`)),
    ),
  );

/** Profile update: never CPF nor phone from the customer portal. A password change carries both passwords. */
export const CustomerUpdateProfileRequest = v.pipe(
  v.strictObject(
    {
      name: v.optional(trimmed('O nome')),
      email: v.optional(v.pipe(trimmed('O e-mail'), v.email('O e-mail é inválido'))),
      birthDate: optionalText('A data de nascimento', 10),
      addressCep: optionalText('O CEP', 9),
      addressStreet: optionalText('A rua'),
      addressNumber: optionalText('O número', 20),
      addressComplement: optionalText('O complemento'),
      addressNeighborhood: optionalText('O bairro'),
      addressCity: optionalText('A cidade'),
      addressState: optionalText('O estado', 2),
      currentPassword: v.optional(Password),
      newPassword: v.optional(
        v.pipe(Password, v.minLength(6, 'A nova senha deve conter no mínimo 6 caracteres')),
      ),
    },
    'CPF e telefone não podem ser alterados por aqui',
  ),
  v.check(
    (i) => (i.newPassword === undefined) === (i.currentPassword === undefined),
    'Para trocar a senha informe a senha atual e a nova',
  ),
);
export type CustomerUpdateProfileRequest = v.InferOutput<typeof CustomerUpdateProfileRequest>;
export const CustomerUpdateProfileResponse = v.object({
  phoneUpdated: v.boolean(),
  passwordUpdated: v.boolean(),
  user: CustomerProfile,
});

export const CustomerRecoverRequest = v.object({ customerCpf: CpfDigits });
export const CustomerRecoverResponse = v.object({ smsDelivered: v.boolean() });
export const CustomerRecoverValidateRequest = v.object({
  token: v.pipe(v.string('O token deve ser um texto'), v.trim(), v.regex(/^\d{6}$/, 'Token inválido')),
  customerCpf: CpfDigits,
  type: v.literal('password', 'O tipo deve ser "password"'),
});
export const CustomerRecoverValidateResponse = v.object({ isValid: v.boolean() });
export const CustomerResetPasswordRequest = v.pipe(
  v.object({
    token: v.pipe(v.string('O token deve ser um texto'), v.trim(), v.regex(/^\d{6}$/, 'Token inválido')),
    customerCpf: CpfDigits,
    password: NewPassword,
    repeatPassword: Password,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['repeatPassword']],
      (i) => i.password === i.repeatPassword,
      'As senhas não conferem',
    ),
    ['repeatPassword'],
  ),
);
export const CustomerResetPasswordResponse = v.object({ passwordUpdated: v.boolean() });

/** Spec 5: the message of a recovery phone shorter than a Brazilian number (DDD + 8 or 9 digits). */
export const CUSTOMER_RECOVERY_PHONE_INVALID = customerMessages.recoveryPhoneInvalid;

/**
 * `PUT v1/recover/phone`: the recovery token by SMS, sent only when `customerPhone` is the verified phone on file
 * for the CPF (docs/identity.md, "Recovery"); any other case gets the same `{smsDelivered: true}` and no SMS.
 */
export const CustomerRecoverPhoneRequest = v.object({
  customerCpf: CpfDigits,
  customerPhone: v.pipe(
    v.string(CUSTOMER_RECOVERY_PHONE_INVALID),
    v.trim(),
    v.maxLength(20, CUSTOMER_RECOVERY_PHONE_INVALID),
  ),
});
export const CustomerRecoverPhoneResponse = CustomerRecoverResponse;

const AccessToken = v.pipe(
  v.string('O link é inválido'),
  v.trim(),
  v.regex(/^[\w-]{20,100}$/, 'O link é inválido'),
);

/** `PUT v1/recover/access {token}` → `{linkExpired}`: the first-access link of the SMS, checked (not used up). */
export const CustomerAccessLinkRequest = v.object({ token: AccessToken });
export const CustomerAccessLinkResponse = v.object({ linkExpired: v.boolean() });

/** `PUT v1/recover/access/password {token, password, repeatPassword}` → `{passwordUpdated}` (uses the link up). */
export const CustomerAccessPasswordRequest = v.pipe(
  v.object({
    token: AccessToken,
    password: NewPassword,
    repeatPassword: Password,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['repeatPassword']],
      (i) => i.password === i.repeatPassword,
      'As senhas não conferem',
    ),
    ['repeatPassword'],
  ),
);
export const CustomerAccessPasswordResponse = CustomerResetPasswordResponse;

// ---------------------------------------------------------------- access-token claims

export const Audience = v.picklist(['admin', 'merchant', 'customer']);
export type Audience = v.InferOutput<typeof Audience>;

/** Claims of the short-lived access JWT. `sub` is the user id. */
export const AccessClaims = v.object({
  sub: v.string(),
  aud: Audience,
  /** merchant users only */
  merchantId: v.optional(v.string()),
  permissions: v.optional(v.array(MerchantPermission)),
  /** The session (refresh-token family) the token belongs to: the server checks it is alive on every request. */
  sid: v.optional(v.string()),
  exp: v.number(),
  iat: v.number(),
});
export type AccessClaims = v.InferOutput<typeof AccessClaims>;
