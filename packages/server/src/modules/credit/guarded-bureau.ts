/**
 * The `bureau` port behind its circuit (circuit.ts, docs/faults.md): a time-out on every query, the answer's shape
 * checked (a score out of range or a limit in reais would decide credit on nonsense), and a bureau that cannot
 * answer becomes a DependencyUnavailableError: the checkout's analysis answers 503 and the shopper tries again; no
 * decision is recorded on a missing answer.
 */
import * as v from 'valibot';
import type { Circuit } from '../../circuit.ts';
import type { BureauPort } from './sandbox.ts';

const BureauShape = v.object({
  score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)),
  limit: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  negativated: v.boolean(),
  birthDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  cpfStatus: v.picklist(['REGULAR', 'IRREGULAR']),
});

export function guardedBureau(port: BureauPort, circuit: Circuit): BureauPort {
  return {
    query: (cpf) => circuit.call(() => port.query(cpf), { check: (a) => v.is(BureauShape, a) }),
  };
}
