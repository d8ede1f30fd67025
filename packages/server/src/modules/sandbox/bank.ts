/**
 * The sandbox bank's work behind its JSON helpers and the sandbox PSP's OAuth face: it refuses with DomainErrors
 * (docs/errors.md), and the routes in pix-routes.ts only parse and respond.
 */
import { DomainError, type DomainErrorKind } from '../../errors.ts';
import { parseBrCode } from '../payments/brcode.ts';
import type { SandboxPsp } from '../payments/sandbox-psp.ts';
import { centsToReais } from './pix-routes-support.ts';

/** The sandbox PSP, or a 404 when the server runs a real PSP. */
export function sandboxPspOf(psp: SandboxPsp | null): SandboxPsp {
  if (!psp) throw new DomainError('not_found', 'NOT_FOUND', 'O PSP sandbox está desligado');
  return psp;
}

/** An OAuth2 client-credentials token; the errors carry OAuth2's codes (RFC 6749) in Drip's error shape. */
export async function issuePspToken(
  psp: SandboxPsp,
  grantType: string | undefined,
  authorization: string | undefined,
) {
  if (grantType !== 'client_credentials') {
    throw new DomainError('invalid', 'unsupported_grant_type', 'Use grant_type=client_credentials');
  }
  const result = await psp.issueToken(authorization);
  if (!result.ok) throw new DomainError('unauthenticated', 'invalid_client', result.problem.detail);
  return result.value;
}

/** Which cob a `{ brcode | txid }` points at. */
export interface CobPointer {
  brcode?: string | undefined;
  txid?: string | undefined;
}

const STATUS_LABELS: Record<string, string> = {
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Paga',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Cancelada pelo recebedor',
  REMOVIDA_PELO_PSP: 'Removida pelo PSP',
};

/** Resolves `{ brcode | txid }` to where the sandbox PSP can find the cob. */
function target(body: CobPointer): { txid: string } | { location: string } {
  if (body.txid !== undefined) return { txid: body.txid };
  const parsed = parseBrCode(body.brcode ?? '');
  if (!parsed.ok) throw new DomainError('invalid', 'INVALID_BRCODE', parsed.message);
  if (parsed.code.type !== 'DYNAMIC' || !parsed.code.location) {
    throw new DomainError(
      'invalid',
      'STATIC_BRCODE',
      'Este banco de testes paga apenas cobranças dinâmicas do Drip',
    );
  }
  return { location: parsed.code.location };
}

/**
 * What the bank page shows before paying: the cob behind a Pix code, its amount and whether it can be paid.
 * `pspOf` is asked after the Pix code is read (a bad code is a 400 even with the PSP off).
 */
export async function describeCob(pspOf: () => SandboxPsp, body: CobPointer) {
  const where = target(body);
  const psp = pspOf();
  const parsed = body.brcode !== undefined ? parseBrCode(body.brcode) : null;
  const cob = await psp.findCob(where);
  if (!cob)
    throw new DomainError(
      'not_found',
      'COB_NOT_FOUND',
      'Nenhuma cobrança do PSP sandbox corresponde a este código',
    );
  return {
    txid: cob.txid,
    amount: centsToReais(cob.valor.original),
    merchantName: parsed?.ok ? parsed.code.merchantName : 'DRIP PAGAMENTOS',
    merchantCity: parsed?.ok ? parsed.code.merchantCity : 'SAO PAULO',
    status: cob.status,
    statusLabel: psp.isPayable(cob)
      ? STATUS_LABELS.ATIVA
      : cob.status === 'ATIVA'
        ? 'Expirada'
        : STATUS_LABELS[cob.status],
    payable: psp.isPayable(cob),
    expiresAt: new Date(
      new Date(cob.calendario.criacao).getTime() + cob.calendario.expiracao * 1000,
    ).toISOString(),
  };
}

/** The PSP's refusals of a payment, as the bank page's codes. */
const PAY_REFUSALS: Record<number, [DomainErrorKind, string]> = {
  404: ['not_found', 'COB_NOT_FOUND'],
  409: ['conflict', 'COB_ALREADY_PAID'],
  410: ['gone', 'COB_GONE'],
  400: ['invalid', 'INVALID_PAYER'],
};

/** Pays a cob from a sandbox payer (the PSP then sends its webhook). */
export async function payCob(
  pspOf: () => SandboxPsp,
  body: CobPointer & { payerCpf: string; payerName?: string | undefined; payerBankCode: string },
) {
  const where = target(body);
  const result = await pspOf().pay({
    ...where,
    payerCpf: body.payerCpf,
    payerName: body.payerName ?? '',
    payerBankCode: body.payerBankCode,
  });
  if (!result.ok) {
    const [kind, code] = PAY_REFUSALS[result.problem.status] ?? ['invalid', 'PSP_ERROR'];
    throw new DomainError(kind, code, result.problem.detail);
  }
  return {
    endToEndId: result.value.endToEndId,
    txid: result.value.txid,
    amount: centsToReais(result.value.amount),
    status: 'CONCLUIDA' as const,
    webhook: result.value.webhook,
  };
}
