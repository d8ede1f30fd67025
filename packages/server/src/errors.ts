/**
 * The one error style of the server: a service refuses an expected business outcome by throwing a `DomainError`
 * of a closed kind; `http/errors.ts` maps each kind to its HTTP status in one table (`toApiError`). Services never
 * build HTTP answers, and route files never decide which status a refusal gets. See docs/errors.md.
 */
export type DomainErrorKind =
  /** Malformed or semantically invalid input that the schema could not catch (400). */
  | 'invalid'
  /** Missing or wrong credentials (401). */
  | 'unauthenticated'
  /** Authenticated, but this caller may not do this (403). */
  | 'forbidden'
  /** Unknown, or another tenant's, resource (404). */
  | 'not_found'
  /** The resource is in a state that does not allow this step (409). */
  | 'conflict'
  /** The resource existed but is gone for good: an expired link, checkout or code (410). */
  | 'gone'
  /** Well-formed, in the right state, but refused by a business rule (422). */
  | 'unprocessable'
  /** Too many attempts or sends; `retryAfterSeconds` says when to retry (429). */
  | 'too_many'
  /**
   * A provider behind a port (ViaCEP, ...) cannot answer now; nothing is wrong with the request, retry later (503).
   * Never stored as an idempotent answer (only refusals under 500 are).
   */
  | 'unavailable';

/** A field-level problem, by request path (shown beside the field). */
export interface Issue {
  path: string;
  message: string;
}

export interface DomainErrorDetails {
  /** Field-level problems, by request path (shown beside the field). */
  issues?: Issue[];
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine code of the contract (`CHECKOUT_EXPIRED`, `EMAIL_TAKEN`, ...). */
    readonly code: string,
    /** The pt-BR text the user reads. */
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const domainNotFound = (message = 'Recurso não encontrado', code = 'NOT_FOUND') =>
  new DomainError('not_found', code, message);
export const domainConflict = (message: string, code: string) => new DomainError('conflict', code, message);
export const domainUnprocessable = (message: string, code: string) =>
  new DomainError('unprocessable', code, message);

// ------------------------------------------------------------------ refusals shared by the account modules

const WRONG_CURRENT_PASSWORD = 'A senha atual está incorreta';
const EMAIL_IN_USE = 'Este e-mail já está em uso';

/** A wrong current password on a profile change: `invalid` (400), not 401, since a 401 would log the user out. */
export const invalidCurrentPassword = () =>
  new DomainError('invalid', 'INVALID_PASSWORD', WRONG_CURRENT_PASSWORD, {
    issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
  });

/** The e-mail of a profile change belongs to another user. `path` is the request field carrying it. */
export const emailTaken = (path: string) =>
  new DomainError('conflict', 'EMAIL_TAKEN', EMAIL_IN_USE, { issues: [{ path, message: EMAIL_IN_USE }] });

/** A recovery or first-access link that was used, expired or no longer applies. */
export const linkExpired = () =>
  new DomainError('gone', 'LINK_EXPIRED', 'Link expirado, faça a solicitação novamente');

/** Field problems found by a service (the first one's text is the message), like a schema's 400. */
export function invalidFields(issues: Issue[]): DomainError {
  return new DomainError('invalid', 'VALIDATION_ERROR', issues[0]?.message ?? 'Dados inválidos', { issues });
}
