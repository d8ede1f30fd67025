// Typed access to the sandbox JSON helpers (/sandbox/demo, /sandbox/outbox).
import * as v from 'valibot';

const DemoUser = v.object({
  id: v.string(),
  email: v.string(),
  password: v.string(),
  phone: v.string(),
  permissions: v.array(v.string()),
});
const Demo = v.object({
  admin: v.object({ email: v.string(), password: v.string() }),
  merchants: v.array(
    v.object({ id: v.string(), name: v.string(), apiKey: v.string(), users: v.array(DemoUser) }),
  ),
  customers: v.array(
    v.object({ id: v.string(), name: v.string(), cpf: v.string(), phone: v.string(), password: v.string() }),
  ),
});
export type Demo = v.InferOutput<typeof Demo>;

const Outbox = v.object({
  messages: v.array(
    v.object({
      id: v.string(),
      channel: v.string(),
      to: v.string(),
      subject: v.nullable(v.string()),
      body: v.string(),
      code: v.nullable(v.string()),
      link: v.nullable(v.string()),
      createdAt: v.string(),
    }),
  ),
});
export type OutboxMessage = v.InferOutput<typeof Outbox>['messages'][number];

export async function demo(baseUrl: string): Promise<Demo> {
  const res = await fetch(`${baseUrl}/sandbox/demo`);
  if (!res.ok) throw new Error(`/sandbox/demo answered ${res.status}`);
  return v.parse(Demo, await res.json());
}

export async function outbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/sandbox/outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`/sandbox/outbox answered ${res.status}`);
  return v.parse(Outbox, await res.json()).messages;
}

/** Waits for a message to `to` that was not in `before` (a list read before the action) and returns it. */
export async function newMessage(
  baseUrl: string,
  to: string,
  before: OutboxMessage[],
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const seen = new Set(before.map((m) => m.id));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fresh = (await outbox(baseUrl, to)).find((m) => !seen.has(m.id));
    if (fresh) return fresh;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new message to ${to} within ${timeoutMs} ms`);
}
