/** A local webhook receiver and an independent Standard Webhooks verifier for the webhook tests. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on loopback: answers each request with the next status of `answers` (the last one repeats). */
export async function receiver(answers: number[] = [200]) {
  const received: Received[] = [];
  let next = [...answers];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = next.length > 1 ? (next.shift() as number) : (next[0] ?? 200);
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(statuses: number[]) {
      next = [...statuses];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Standard Webhooks check written from the specification, without the library that signs: the signature is
 * `v1,` + base64(HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{body}")), where the key is the base64 after
 * the secret's `whsec_` prefix, decoded to bytes. The header may carry several space-separated signatures.
 */
export function verifyIndependently(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'),
  );
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
