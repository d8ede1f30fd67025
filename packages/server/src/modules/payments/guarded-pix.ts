/**
 * The `pix` port behind the PSP's circuit (circuit.ts, docs/faults.md): every call has a time-out, counts toward the
 * circuit, and has its answer's shape checked; a PSP that cannot answer becomes a DependencyUnavailableError (503
 * to a shopper creating a charge, a retry for the queued devoluções and the reconciliation). A 4xx is the PSP's own
 * refusal (it is up): passed through as before.
 */
import * as v from 'valibot';
import type { Circuit } from '../../circuit.ts';
import { DomainError } from '../../errors.ts';
import { type PixPort, PixProviderError } from './pix-port.ts';

const Amount = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const ValidDate = v.pipe(
  v.date(),
  v.check((d) => !Number.isNaN(d.getTime())),
);
const RefundShape = v.object({
  id: v.string(),
  rtrId: v.string(),
  amount: Amount,
  status: v.picklist(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
});
const ReceivedShape = v.looseObject({
  endToEndId: v.pipe(v.string(), v.minLength(1)),
  amount: Amount,
  paidAt: ValidDate,
  refunds: v.array(RefundShape),
});
const CobShape = v.looseObject({
  txid: v.string(),
  location: v.string(),
  brCode: v.pipe(v.string(), v.minLength(1)),
  amount: Amount,
  createdAt: ValidDate,
  expiresAt: ValidDate,
  status: v.picklist(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']),
  pix: v.array(ReceivedShape),
});

const is =
  <S extends v.GenericSchema>(schema: S, nullable = false) =>
  (answer: unknown) =>
    (nullable && answer === null) || v.is(schema, answer);

/** A refusal the PSP means (bad request, unknown, conflict): not an outage. 401/403/408/429 and 5xx are. */
const REFUSALS = new Set([400, 404, 409, 410, 422]);
export const pspRefusal = (err: unknown): boolean =>
  err instanceof DomainError ||
  (err instanceof PixProviderError && err.status !== null && REFUSALS.has(err.status));

export function guardedPix(port: PixPort, circuit: Circuit): PixPort {
  const o = { refusal: pspRefusal };
  return {
    kind: port.kind,
    createCob: (input, ctx) => circuit.call(() => port.createCob(input, ctx), { ...o, check: is(CobShape) }),
    getCob: (txid, ctx) => circuit.call(() => port.getCob(txid, ctx), { ...o, check: is(CobShape, true) }),
    getPix: (e2e, ctx) => circuit.call(() => port.getPix(e2e, ctx), { ...o, check: is(ReceivedShape, true) }),
    cancelCob: (txid, ctx) =>
      circuit.call(() => port.cancelCob(txid, ctx), { ...o, check: (a) => a === undefined }),
    refund: (e2e, amount, id, ctx) =>
      circuit.call(() => port.refund(e2e, amount, id, ctx), { ...o, check: is(RefundShape) }),
  };
}
