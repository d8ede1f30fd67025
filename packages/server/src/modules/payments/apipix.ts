/**
 * The Banco Central "API Pix" JSON shapes (v2) that Drip speaks with a PSP: cob, pix, devolução, OAuth token and
 * the webhook notice. Parsed with valibot at every boundary (the sandbox PSP's routes and the HTTP adapter).
 * Amounts are strings with two decimals ("123.45"), as in the API.
 */
import { type Cents, reaisToCents } from '@drip/core';
import * as v from 'valibot';

export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
export const E2EID_PATTERN = /^[a-zA-Z0-9]{32}$/;
export const DEVOLUCAO_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;

/** "123.45" → Cents. */
export const Valor = v.pipe(
  v.string('valor deve ser um texto'),
  v.regex(/^\d{1,10}\.\d{2}$/, 'valor deve ter o formato 0.00'),
  v.transform((s): Cents => reaisToCents(s)),
);

export const CobStatus = v.picklist([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
]);
export type CobStatus = v.InferOutput<typeof CobStatus>;

export const DevolucaoStatus = v.picklist(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']);
export type DevolucaoStatus = v.InferOutput<typeof DevolucaoStatus>;

export const CobRequest = v.object({
  calendario: v.object({
    expiracao: v.pipe(
      v.number('expiracao deve ser um número'),
      v.integer(),
      v.minValue(1),
      v.maxValue(2_592_000),
    ),
  }),
  devedor: v.optional(
    v.object({
      cpf: v.pipe(v.string(), v.regex(/^\d{11}$/, 'devedor.cpf deve ter 11 dígitos')),
      nome: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    }),
  ),
  valor: v.object({
    original: Valor,
    modalidadeAlteracao: v.optional(v.picklist([0, 1])),
  }),
  chave: v.pipe(v.string('chave é obrigatória'), v.minLength(1), v.maxLength(77)),
  solicitacaoPagador: v.optional(v.pipe(v.string(), v.maxLength(140))),
});
export type CobRequest = v.InferOutput<typeof CobRequest>;

export const Pagador = v.object({
  cpf: v.optional(v.string()),
  cnpj: v.optional(v.string()),
  nome: v.optional(v.string()),
  /** Not in the Banco Central schema: the payer's institution, as several PSPs add it. */
  ispb: v.optional(v.string()),
  codigoBanco: v.optional(v.string()),
});

export const Devolucao = v.object({
  id: v.string(),
  rtrId: v.string(),
  valor: Valor,
  horario: v.object({ solicitacao: v.string(), liquidacao: v.optional(v.string()) }),
  status: DevolucaoStatus,
});
export type Devolucao = v.InferOutput<typeof Devolucao>;

export const PixRecebido = v.object({
  endToEndId: v.pipe(v.string(), v.regex(E2EID_PATTERN, 'endToEndId inválido')),
  txid: v.optional(v.string()),
  valor: Valor,
  horario: v.pipe(v.string(), v.isoTimestamp('horario inválido')),
  pagador: v.optional(Pagador),
  infoPagador: v.optional(v.string()),
  devolucoes: v.optional(v.array(Devolucao)),
});
export type PixRecebido = v.InferOutput<typeof PixRecebido>;

export const CobResponse = v.object({
  calendario: v.object({ criacao: v.string(), expiracao: v.number() }),
  txid: v.string(),
  revisao: v.number(),
  location: v.string(),
  status: CobStatus,
  devedor: v.optional(v.object({ cpf: v.optional(v.string()), nome: v.optional(v.string()) })),
  valor: v.object({ original: Valor }),
  chave: v.string(),
  solicitacaoPagador: v.optional(v.string()),
  pixCopiaECola: v.optional(v.string()),
  pix: v.optional(v.array(PixRecebido)),
});
export type CobResponse = v.InferOutput<typeof CobResponse>;

export const CobPatchRequest = v.object({
  status: v.literal(
    'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    'Só é possível mudar o status para REMOVIDA_PELO_USUARIO_RECEBEDOR',
  ),
});

export const DevolucaoRequest = v.object({
  valor: Valor,
  natureza: v.optional(v.picklist(['ORIGINAL', 'RETIRADA'])),
  descricao: v.optional(v.pipe(v.string(), v.maxLength(140))),
});

export const TokenResponse = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.string(),
  expires_in: v.number(),
  scope: v.optional(v.string()),
});

/** Webhook notice: `POST {webhookUrl}/pix`. */
export const WebhookNotice = v.object({
  pix: v.pipe(
    v.array(
      v.object({
        endToEndId: v.pipe(
          v.string('endToEndId é obrigatório'),
          v.regex(E2EID_PATTERN, 'endToEndId inválido'),
        ),
        txid: v.optional(v.string()),
        valor: Valor,
        horario: v.pipe(v.string('horario é obrigatório'), v.isoTimestamp('horario inválido')),
        pagador: v.optional(Pagador),
        infoPagador: v.optional(v.string()),
      }),
      'pix deve ser uma lista',
    ),
    v.minLength(1, 'pix deve ter ao menos um pagamento'),
    v.maxLength(100, 'pix deve ter no máximo 100 pagamentos'),
  ),
});
export type WebhookNotice = v.InferOutput<typeof WebhookNotice>;

/** API Pix errors are RFC 7807 problem documents. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  violacoes?: { razao: string; propriedade: string }[];
}

export function problem(
  status: number,
  title: string,
  detail: string,
  type = 'https://pix.bcb.gov.br/api/v2/error/',
): Problem {
  return { type, title, status, detail };
}
