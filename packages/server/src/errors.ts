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
  | 'too_many';

export interface DomainErrorDetails {
  /** Field-level problems, by request path (shown beside the field). */
  issues?: { path: string; message: string }[];
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
