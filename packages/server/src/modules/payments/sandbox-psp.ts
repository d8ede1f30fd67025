/**
 * The sandbox PSP: an in-process Pix payment service provider that keeps its own tables (`psp_sandbox_*`), speaks
 * the Banco Central "API Pix" shapes (its HTTP face is in sandbox/psp-routes.ts), lets the sandbox bank pay a cob as
 * a chosen payer, and delivers the `POST {webhookUrl}/pix` notice with retries. Nothing here is Drip's data.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Cents, cents, isValidCpf, onlyDigits } from '@drip/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { ShapedStatements } from '../../db/shaped.ts';
import type { DbOrTx } from '../../db/types.ts';
import type { Logger } from '../../log.ts';
import { errorFields } from '../../log.ts';
import type { CobRequest, CobResponse, Devolucao, PixRecebido, Problem } from './apipix.ts';
import { problem } from './apipix.ts';
import { buildDynamicBrCode } from './brcode.ts';
import { cobFromApi, type PixPort, pixFromApi } from './pix-port.ts';
import { pspSandboxCobs, pspSandboxDevolucoes, pspSandboxPix } from './tables.ts';

/** Real Brazilian institutions (COMPE code and ISPB) offered as payers by the sandbox bank. */
export const SANDBOX_BANKS = [
  { code: '001', ispb: '00000000', name: 'Banco do Brasil' },
  { code: '237', ispb: '60746948', name: 'Bradesco' },
  { code: '341', ispb: '60701190', name: 'Itaú Unibanco' },
  { code: '104', ispb: '00360305', name: 'Caixa Econômica Federal' },
  { code: '033', ispb: '90400888', name: 'Santander' },
  { code: '260', ispb: '18236120', name: 'Nu Pagamentos (Nubank)' },
  { code: '077', ispb: '00416968', name: 'Banco Inter' },
  { code: '336', ispb: '31872495', name: 'Banco C6' },
  { code: '323', ispb: '10573521', name: 'Mercado Pago' },
  { code: '380', ispb: '22896431', name: 'PicPay' },
] as const;

export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem };
const fail = (status: number, title: string, detail: string): { ok: false; problem: Problem } => ({
  ok: false,
  problem: problem(status, title, detail),
});

type CobRow = typeof pspSandboxCobs.$inferSelect;
const TxidRows = v.object({ rows: v.array(v.object({ txid: v.string() })) });
type PixRow = typeof pspSandboxPix.$inferSelect;
type DevRow = typeof pspSandboxDevolucoes.$inferSelect;

export interface SandboxPspOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  /** Base of the location URLs (the server's public URL). */
  publicUrl: string;
  merchantName: string;
  merchantCity: string;
  /** OAuth2 client accepted by the token endpoint. */
  clientId: string;
  clientSecret: string;
  /** HMAC secret of the access tokens it issues. */
  tokenSecret: string;
}

export type WebhookSender = (url: string, body: string) => Promise<number>;

export interface PayInput {
  txid?: string;
  location?: string;
  payerCpf: string;
  payerName: string;
  payerBankCode: string;
  infoPagador?: string;
}

export interface PayResult {
  endToEndId: string;
  txid: string;
  amount: Cents;
  webhook: 'DELIVERED' | 'RETRYING' | 'NO_WEBHOOK';
}

const ConcludedRows = v.object({
  rows: v.array(v.object({ txid: v.string(), valor: v.union([v.string(), v.number()]) })),
});

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export class SandboxPsp {
  private webhook: { url: string; send: WebhookSender } | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly tokenKey: Uint8Array;
  /**
   * Pix this PSP just stored and is notifying now (first webhook attempt): the receiver's confirmation
   * (`GET /pix/{e2eid}`) during that delivery is answered from memory, as the PSP has the row at hand. No devolução
   * can exist yet (the receiver books it while handling this very notice); a devolução drops the entry anyway.
   */
  private readonly delivering = new Map<string, PixRow>();
  /** The statements built once per shape (db/shaped.ts): the cob's INSERT. */
  private readonly shaped = new ShapedStatements();

  constructor(private readonly o: SandboxPspOptions) {
    this.tokenKey = new TextEncoder().encode(`psp-sandbox:${o.tokenSecret}`);
  }

  /** Registers the webhook URL (PUT /webhook/{chave} in API Pix) and how to reach it. */
  setWebhook(url: string, send: WebhookSender): void {
    this.webhook = { url, send };
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  // ---------------------------------------------------------------------------------------------- OAuth2

  async issueToken(
    authorization: string | undefined,
  ): Promise<Result<{ access_token: string; token_type: 'Bearer'; expires_in: number; scope: string }>> {
    const match = /^Basic\s+(\S+)$/i.exec(authorization?.trim() ?? '');
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const sep = decoded.indexOf(':');
    const id = sep >= 0 ? decoded.slice(0, sep) : '';
    const secret = sep >= 0 ? decoded.slice(sep + 1) : '';
    if (!safeEqual(id, this.o.clientId) || !safeEqual(secret, this.o.clientSecret)) {
      return fail(401, 'Não autorizado', 'Credenciais de cliente inválidas');
    }
    const expiresIn = 3600;
    const token = await new SignJWT({ scope: 'cob.write cob.read pix.read pix.write' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('psp-sandbox')
      .setSubject(id)
      .setIssuedAt(Math.floor(this.o.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(this.o.clock.now().getTime() / 1000) + expiresIn)
      .sign(this.tokenKey);
    return {
      ok: true,
      value: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: expiresIn,
        scope: 'cob.write cob.read pix.read pix.write',
      },
    };
  }

  async verifyBearer(authorization: string | undefined): Promise<boolean> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
    if (!match?.[1]) return false;
    try {
      await jwtVerify(match[1], this.tokenKey, {
        audience: 'psp-sandbox',
        currentDate: this.o.clock.now(),
      });
      return true;
    } catch {
      return false;
    }
  }

  // ---------------------------------------------------------------------------------------------- cob

  async putCob(txid: string, req: CobRequest, tx: DbOrTx = this.o.db): Promise<Result<CobResponse>> {
    const now = this.o.clock.now();
    const location = `${this.o.publicUrl.replace(/^https?:\/\//, '')}/sandbox/psp/loc/${randomUUID().replaceAll('-', '')}`;
    const brCode = buildDynamicBrCode({
      location,
      amount: req.valor.original,
      merchantName: this.o.merchantName,
      merchantCity: this.o.merchantCity,
    });
    const row: CobRow = {
      txid,
      revisao: 0,
      location,
      status: 'ATIVA',
      valor: req.valor.original,
      chave: req.chave,
      expiracao: req.calendario.expiracao,
      devedorCpf: req.devedor?.cpf ?? null,
      devedorNome: req.devedor?.nome ?? null,
      solicitacaoPagador: req.solicitacaoPagador ?? null,
      pixCopiaECola: brCode,
      criacao: now,
    };
    // Every charge puts a cob: one shaped INSERT (db/shaped.ts), answering the row as written.
    const inserted = v.parse(
      TxidRows,
      await this.shaped.execute(tx, {
        key: 'psp-put-cob',
        build: () => {
          const p = sql.placeholder;
          return tx
            .insert(pspSandboxCobs)
            .values({
              txid: p('txid'),
              location: p('location'),
              status: sql`'ATIVA'`,
              valor: p('valor'),
              chave: p('chave'),
              expiracao: p('expiracao'),
              devedorCpf: p('devedorCpf'),
              devedorNome: p('devedorNome'),
              solicitacaoPagador: p('solicitacaoPagador'),
              pixCopiaECola: p('pixCopiaECola'),
              criacao: p('criacao'),
            })
            .onConflictDoNothing()
            .returning({ txid: pspSandboxCobs.txid })
            .getSQL();
        },
        values: row,
      }),
    ).rows;
    if (inserted.length === 0)
      return fail(400, 'Cobrança inválida.', `Já existe uma cobrança com o txid ${txid}`);
    return { ok: true, value: cobJson(row, []) };
  }

  async getCob(txid: string, tx: DbOrTx = this.o.db): Promise<CobResponse | null> {
    const [row] = await tx.select().from(pspSandboxCobs).where(eq(pspSandboxCobs.txid, txid));
    if (!row) return null;
    const pix = await tx.select().from(pspSandboxPix).where(eq(pspSandboxPix.txid, txid));
    const devs = pix.length > 0 ? await this.devolucoesOf(tx, pix) : new Map<string, DevRow[]>();
    return cobJson(
      row,
      pix.map((p) => pixJson(p, devs.get(p.endToEndId) ?? [])),
    );
  }

  async findCob(by: { txid?: string; location?: string }): Promise<CobResponse | null> {
    if (by.txid) return this.getCob(by.txid);
    const location = (by.location ?? '').replace(/^https?:\/\//, '');
    const [row] = await this.o.db.select().from(pspSandboxCobs).where(eq(pspSandboxCobs.location, location));
    return row ? this.getCob(row.txid) : null;
  }

  /** Whether a cob can be paid now (ATIVA and within its calendário). */
  isPayable(cob: CobResponse): boolean {
    const expires = new Date(cob.calendario.criacao).getTime() + cob.calendario.expiracao * 1000;
    return cob.status === 'ATIVA' && expires > this.o.clock.now().getTime();
  }

  async patchCob(txid: string, tx: DbOrTx = this.o.db): Promise<Result<CobResponse>> {
    const [row] = await tx.select().from(pspSandboxCobs).where(eq(pspSandboxCobs.txid, txid));
    if (!row) return fail(404, 'Cobrança não encontrada.', `Nenhuma cobrança com o txid ${txid}`);
    if (row.status !== 'ATIVA') {
      return fail(400, 'Cobrança inválida.', `A cobrança está ${row.status} e não pode ser removida`);
    }
    await tx
      .update(pspSandboxCobs)
      .set({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: row.revisao + 1 })
      .where(eq(pspSandboxCobs.txid, txid));
    const cob = await this.getCob(txid, tx);
    return cob ? { ok: true, value: cob } : fail(404, 'Cobrança não encontrada.', txid);
  }

  async getPix(endToEndId: string, tx: DbOrTx = this.o.db): Promise<PixRecebido | null> {
    const fresh = this.delivering.get(endToEndId);
    if (fresh) return pixJson(fresh, []);
    // The Pix and its devoluções in one query.
    const rows = await tx
      .select({ pix: pspSandboxPix, dev: pspSandboxDevolucoes })
      .from(pspSandboxPix)
      .leftJoin(pspSandboxDevolucoes, eq(pspSandboxDevolucoes.endToEndId, pspSandboxPix.endToEndId))
      .where(eq(pspSandboxPix.endToEndId, endToEndId))
      .orderBy(pspSandboxDevolucoes.solicitacao);
    const first = rows[0];
    if (!first) return null;
    return pixJson(
      first.pix,
      rows.flatMap((r) => (r.dev ? [r.dev] : [])),
    );
  }

  /** The latest devoluções the sandbox PSP sent back to payers, newest first (the sandbox bank page lists them). */
  async recentDevolucoes(limit = 20): Promise<DevRow[]> {
    return this.o.db
      .select()
      .from(pspSandboxDevolucoes)
      .orderBy(desc(pspSandboxDevolucoes.solicitacao))
      .limit(limit);
  }

  async putDevolucao(
    endToEndId: string,
    id: string,
    valor: Cents,
    tx: DbOrTx = this.o.db,
  ): Promise<Result<Devolucao>> {
    const key = `${endToEndId}/${id}`;
    this.delivering.delete(endToEndId);
    const [existing] = await tx.select().from(pspSandboxDevolucoes).where(eq(pspSandboxDevolucoes.key, key));
    if (existing) {
      if (existing.valor !== valor) {
        return fail(400, 'Devolução inválida.', `A devolução ${id} já existe com outro valor`);
      }
      return { ok: true, value: devolucaoJson(existing) };
    }
    const [pix] = await tx
      .select()
      .from(pspSandboxPix)
      .where(eq(pspSandboxPix.endToEndId, endToEndId))
      .for('update');
    if (!pix) return fail(404, 'Pix não encontrado.', `Nenhum Pix com o endToEndId ${endToEndId}`);
    const previous = await tx
      .select()
      .from(pspSandboxDevolucoes)
      .where(and(eq(pspSandboxDevolucoes.endToEndId, endToEndId)));
    const refunded = previous
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + d.valor, 0);
    if (refunded + valor > pix.valor) {
      return fail(
        400,
        'Devolução inválida.',
        'O valor da devolução excede o valor do Pix ainda não devolvido',
      );
    }
    const now = this.o.clock.now();
    // The sandbox settles a devolução at once.
    const [row] = await tx
      .insert(pspSandboxDevolucoes)
      .values({
        key,
        endToEndId,
        id,
        rtrId: endToEnd('D', '00000000', now),
        valor,
        status: 'DEVOLVIDO',
        solicitacao: now,
        liquidacao: now,
      })
      .returning();
    if (!row) return fail(500, 'Erro interno', 'Devolução não registrada');
    return { ok: true, value: devolucaoJson(row) };
  }

  // ---------------------------------------------------------------------------------------------- history

  /**
   * The demo history's Pix (seed-history.ts): cobs this PSP issued and the sandbox bank paid in the past, written in
   * the caller's transaction, in bulk, with the same BR Code, location and endToEndId a live payment gets. Afterwards
   * this PSP knows them as it knows a live payment (GET /cob, GET /pix, devoluções). No webhook: the caller books
   * them on Drip's side in the same transaction.
   */
  async seedPaid(
    tx: DbOrTx,
    items: readonly {
      txid: string;
      amount: Cents;
      description: string;
      createdAt: Date;
      expiresInSeconds: number;
      paidAt: Date;
      payer: { cpf: string; name: string; bankCode: string };
    }[],
  ): Promise<{ txid: string; endToEndId: string; location: string; brCode: string; ispb: string }[]> {
    const out: { txid: string; endToEndId: string; location: string; brCode: string; ispb: string }[] = [];
    const cobs: (typeof pspSandboxCobs.$inferInsert)[] = [];
    const pix: (typeof pspSandboxPix.$inferInsert)[] = [];
    for (const item of items) {
      const bank = SANDBOX_BANKS.find((b) => b.code === item.payer.bankCode) ?? SANDBOX_BANKS[0];
      const location = `${this.o.publicUrl.replace(/^https?:\/\//, '')}/sandbox/psp/loc/${randomUUID().replaceAll('-', '')}`;
      const brCode = buildDynamicBrCode({
        location,
        amount: item.amount,
        merchantName: this.o.merchantName,
        merchantCity: this.o.merchantCity,
      });
      const endToEndId = endToEnd('E', bank.ispb, item.paidAt);
      cobs.push({
        txid: item.txid,
        location,
        status: 'CONCLUIDA',
        valor: item.amount,
        chave: 'sandbox',
        expiracao: item.expiresInSeconds,
        devedorCpf: null,
        devedorNome: null,
        solicitacaoPagador: item.description.slice(0, 140),
        pixCopiaECola: brCode,
        criacao: item.createdAt,
      });
      pix.push({
        endToEndId,
        txid: item.txid,
        valor: item.amount,
        horario: item.paidAt,
        pagadorCpf: onlyDigits(item.payer.cpf),
        pagadorNome: item.payer.name,
        ispb: bank.ispb,
        bankCode: bank.code,
        infoPagador: null,
      });
      out.push({ txid: item.txid, endToEndId, location, brCode, ispb: bank.ispb });
    }
    for (let i = 0; i < cobs.length; i += 500) {
      await tx.insert(pspSandboxCobs).values(cobs.slice(i, i + 500));
      await tx.insert(pspSandboxPix).values(pix.slice(i, i + 500));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------- paying

  /** The sandbox bank pays a cob as the given payer, then the webhook is delivered (first attempt awaited). */
  async pay(input: PayInput): Promise<Result<PayResult>> {
    const bank = SANDBOX_BANKS.find((b) => b.code === input.payerBankCode);
    if (!bank) return fail(400, 'Banco inválido', 'Escolha um banco pagador da lista');
    const cpf = onlyDigits(input.payerCpf);
    if (!isValidCpf(cpf)) return fail(400, 'CPF inválido', 'Informe um CPF válido para o pagador');
    const payerName = input.payerName.trim() || 'Pagador Sandbox';
    const now = this.o.clock.now();
    const endToEndId = endToEnd('E', bank.ispb, now);
    // One statement (atomic by itself): the cob is concluded only while ATIVA and within its calendário, and the
    // Pix is stored from the concluded row. Shaped (db/shaped.ts): every payment sends it, its text is built once.
    const key = input.txid ? 'txid' : 'location';
    const at = now.toISOString();
    const paid = v.parse(
      ConcludedRows,
      await this.shaped.execute(this.o.db, {
        key: `pay-by-${key}`,
        build: () => {
          const p = sql.placeholder;
          return sql`with c as (update ${pspSandboxCobs} set status = 'CONCLUIDA' where ${sql.identifier(key)} = ${p('by')} and status = 'ATIVA' and criacao + expiracao * interval '1 second' > ${p('at')}::timestamptz returning txid, valor) insert into ${pspSandboxPix} (end_to_end_id, txid, valor, horario, pagador_cpf, pagador_nome, ispb, bank_code, info_pagador) select ${p('endToEndId')}, c.txid, c.valor, ${p('at')}::timestamptz, ${p('cpf')}, ${p('payerName')}, ${p('ispb')}, ${p('bankCode')}, ${p('infoPagador')} from c returning txid, valor::text as valor`;
        },
        values: {
          by: input.txid ?? (input.location ?? '').replace(/^https?:\/\//, ''),
          at,
          endToEndId,
          cpf,
          payerName,
          ispb: bank.ispb,
          bankCode: bank.code,
          infoPagador: input.infoPagador ?? null,
        },
      }),
    ).rows[0];
    let outcome: Result<PixRow>;
    if (paid) {
      outcome = {
        ok: true,
        value: {
          endToEndId,
          txid: paid.txid,
          valor: Number(paid.valor),
          horario: now,
          pagadorCpf: cpf,
          pagadorNome: payerName,
          ispb: bank.ispb,
          bankCode: bank.code,
          infoPagador: input.infoPagador ?? null,
        },
      };
    } else {
      // Not payable: read the cob once to tell why.
      const where = input.txid
        ? eq(pspSandboxCobs.txid, input.txid)
        : eq(pspSandboxCobs.location, (input.location ?? '').replace(/^https?:\/\//, ''));
      const [cob] = await this.o.db.select().from(pspSandboxCobs).where(where);
      if (!cob)
        return fail(404, 'Cobrança não encontrada', 'Nenhuma cobrança deste PSP corresponde a este código');
      if (cob.status === 'CONCLUIDA') return fail(409, 'Cobrança já paga', 'Esta cobrança já foi paga');
      if (cob.status !== 'ATIVA')
        return fail(410, 'Cobrança removida', 'Esta cobrança foi cancelada pelo recebedor');
      return fail(410, 'Cobrança expirada', 'Esta cobrança expirou: peça um novo código Pix');
    }
    if (!outcome.ok) return outcome;
    const pix = outcome.value;
    this.delivering.set(pix.endToEndId, pix);
    let webhook: PayResult['webhook'];
    try {
      webhook = await this.deliver(pix, 0);
    } finally {
      this.delivering.delete(pix.endToEndId);
    }
    return {
      ok: true,
      value: { endToEndId: pix.endToEndId, txid: pix.txid, amount: cents(pix.valor), webhook },
    };
  }

  /** One delivery attempt; on failure the next one is scheduled (in-process queue, sandbox only). */
  private async deliver(pix: PixRow, attempt: number): Promise<PayResult['webhook']> {
    const target = this.webhook;
    if (!target) return 'NO_WEBHOOK';
    const url = webhookPixUrl(target.url);
    const body = JSON.stringify({ pix: [webhookItem(pix)] });
    let status = 0;
    try {
      status = await target.send(url, body);
    } catch (err) {
      this.o.log.warn('sandbox PSP webhook failed', {
        endToEndId: pix.endToEndId,
        attempt,
        ...errorFields(err),
      });
    }
    // The delivery's state lives in this process (the retry timers below); the answer to the bank reports it.
    if (status >= 200 && status < 300) return 'DELIVERED';
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      this.o.log.error('sandbox PSP webhook gave up', { endToEndId: pix.endToEndId, status });
      return 'RETRYING';
    }
    this.o.log.warn('sandbox PSP webhook will retry', { endToEndId: pix.endToEndId, status, delay });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(pix, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
    return 'RETRYING';
  }

  private async devolucoesOf(tx: DbOrTx, pix: readonly PixRow[]): Promise<Map<string, DevRow[]>> {
    const out = new Map<string, DevRow[]>();
    for (const p of pix) {
      const rows = await tx
        .select()
        .from(pspSandboxDevolucoes)
        .where(eq(pspSandboxDevolucoes.endToEndId, p.endToEndId));
      out.set(p.endToEndId, rows);
    }
    return out;
  }

  /** The port adapter over this PSP, in process (no HTTP), writing in the caller's transaction when given one. */
  port(): PixPort {
    const brCodeFor = (cob: CobResponse) =>
      buildDynamicBrCode({
        location: cob.location,
        amount: cob.valor.original,
        merchantName: this.o.merchantName,
        merchantCity: this.o.merchantCity,
      });
    const orThrow = <T>(r: Result<T>): T => {
      if (r.ok) return r.value;
      throw new Error(`sandbox PSP: ${r.problem.title} ${r.problem.detail}`);
    };
    return {
      kind: 'sandbox',
      createCob: async (input, ctx) => {
        const cob = orThrow(
          await this.putCob(
            input.txid,
            {
              calendario: { expiracao: input.expiresInSeconds },
              ...(input.payer ? { devedor: { cpf: input.payer.cpf, nome: input.payer.name } } : {}),
              valor: { original: input.amount, modalidadeAlteracao: 0 },
              chave: 'sandbox',
              solicitacaoPagador: input.description.slice(0, 140),
            },
            ctx?.tx,
          ),
        );
        return cobFromApi(cob, brCodeFor);
      },
      getCob: async (txid, ctx) => {
        const cob = await this.getCob(txid, ctx?.tx);
        return cob ? cobFromApi(cob, brCodeFor) : null;
      },
      getPix: async (e2eid, ctx) => {
        const pix = await this.getPix(e2eid, ctx?.tx);
        return pix ? pixFromApi(pix) : null;
      },
      cancelCob: async (txid, ctx) => {
        orThrow(await this.patchCob(txid, ctx?.tx));
      },
      refund: async (e2eid, amount, id, ctx) => {
        const d = orThrow(await this.putDevolucao(e2eid, id, amount, ctx?.tx));
        return { id: d.id, rtrId: d.rtrId, amount: d.valor, status: d.status };
      },
    };
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `E` (or `D` for a devolução) + ISPB + yyyyMMddHHmm + 11 random characters: 32 characters. */
export function endToEnd(prefix: 'E' | 'D', ispb: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(11);
  let tail = '';
  for (const b of bytes) tail += alphabet[b % alphabet.length];
  return `${prefix}${ispb}${stamp}${tail}`;
}

/** `{webhookUrl}/pix`, keeping the query string (where Drip's webhook token travels). */
export function webhookPixUrl(webhookUrl: string): string {
  const q = webhookUrl.indexOf('?');
  const path = q >= 0 ? webhookUrl.slice(0, q) : webhookUrl;
  const query = q >= 0 ? webhookUrl.slice(q) : '';
  return `${path.replace(/\/+$/, '')}/pix${query}`;
}

const money = (c: number) => (c / 100).toFixed(2);

function cobJson(row: CobRow, pix: PixRecebido[]): CobResponse {
  return {
    calendario: { criacao: row.criacao.toISOString(), expiracao: row.expiracao },
    txid: row.txid,
    revisao: row.revisao,
    location: row.location,
    status: row.status,
    ...(row.devedorCpf ? { devedor: { cpf: row.devedorCpf, nome: row.devedorNome ?? '' } } : {}),
    valor: { original: brand(row.valor) },
    chave: row.chave,
    ...(row.solicitacaoPagador ? { solicitacaoPagador: row.solicitacaoPagador } : {}),
    pixCopiaECola: row.pixCopiaECola,
    pix,
  };
}

function pixJson(row: PixRow, devs: DevRow[]): PixRecebido {
  return {
    endToEndId: row.endToEndId,
    txid: row.txid,
    valor: brand(row.valor),
    horario: row.horario.toISOString(),
    pagador: { cpf: row.pagadorCpf, nome: row.pagadorNome, ispb: row.ispb, codigoBanco: row.bankCode },
    ...(row.infoPagador ? { infoPagador: row.infoPagador } : {}),
    devolucoes: devs.map(devolucaoJson),
  };
}

function devolucaoJson(row: DevRow): Devolucao {
  return {
    id: row.id,
    rtrId: row.rtrId,
    valor: brand(row.valor),
    horario: {
      solicitacao: row.solicitacao.toISOString(),
      ...(row.liquidacao ? { liquidacao: row.liquidacao.toISOString() } : {}),
    },
    status: row.status,
  };
}

function webhookItem(row: PixRow) {
  return {
    endToEndId: row.endToEndId,
    txid: row.txid,
    valor: money(row.valor),
    horario: row.horario.toISOString(),
    pagador: { cpf: row.pagadorCpf, nome: row.pagadorNome, ispb: row.ispb, codigoBanco: row.bankCode },
    ...(row.infoPagador ? { infoPagador: row.infoPagador } : {}),
  };
}

/** A bigint centavos column back to `Cents`. */
function brand(n: number): Cents {
  return cents(n);
}

const reaisText = (c: number) => (c / 100).toFixed(2);

/** The API Pix wire form (amounts as "0.00" strings) of a cob, for the sandbox PSP's HTTP routes. */
export function cobWire(cob: CobResponse) {
  return {
    ...cob,
    valor: { original: reaisText(cob.valor.original) },
    pix: (cob.pix ?? []).map(pixWire),
  };
}

export function pixWire(p: PixRecebido) {
  return { ...p, valor: reaisText(p.valor), devolucoes: (p.devolucoes ?? []).map(devolucaoWire) };
}

export function devolucaoWire(d: Devolucao) {
  return { ...d, valor: reaisText(d.valor) };
}
