/**
 * The S3-compatible image adapter against a small in-process S3 look-alike (path-style HEAD, PUT and GET of
 * objects), as MinIO or R2 would answer it.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { imageStoreFor } from '../../src/modules/images/module.ts';
import { FileImageStore, imageNameOf } from '../../src/modules/images/port.ts';
import { S3ImageStore } from '../../src/modules/images/s3.ts';
import { makePng } from './png-fixtures.ts';

const objects = new Map<string, { body: Buffer; headers: Record<string, string | undefined> }>();
const requests: string[] = [];
let server: Server;
let endpoint: string;

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => resolve(Buffer.concat(parts)));
  });

/** Undoes aws-chunked framing when the SDK streams the body with trailing checksums. */
function unchunk(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding?.includes('aws-chunked')) return body;
  const out: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString().split(';')[0] ?? '0', 16);
    if (!size) break;
    out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    requests.push(`${req.method} ${key}`);
    const found = objects.get(key);
    if (req.method === 'PUT') {
      const body = unchunk(await read(req), req.headers['content-encoding']);
      objects.set(key, {
        body,
        headers: { type: req.headers['content-type'], cache: req.headers['cache-control'] },
      });
      res.writeHead(200, { ETag: '"x"' }).end();
      return;
    }
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end(
        req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code><Message>no</Message></Error>',
      );
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(found.body.length) });
    res.end(req.method === 'HEAD' ? undefined : found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const store = () =>
  new S3ImageStore({
    bucket: 'drip-images',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    prefix: 'img/',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });

describe('S3ImageStore', () => {
  it('puts an image once with its type and immutable cache header, and reads it back', async () => {
    const png = makePng(5, 5);
    const name = imageNameOf(png);
    const s3 = store();
    await s3.put(name, png);
    await s3.put(name, png);
    const key = `/drip-images/img/${name}`;
    expect(requests.filter((r) => r === `PUT ${key}`)).toHaveLength(1);
    expect(objects.get(key)?.headers).toEqual({
      type: 'image/png',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(Buffer.from((await s3.get(name)) ?? []).equals(png)).toBe(true);
  });

  it('answers null for an unknown or malformed name', async () => {
    expect(await store().get(`${'a'.repeat(64)}.png`)).toBeNull();
    expect(await store().get('../x.png')).toBeNull();
  });
});

describe('IMAGE_STORE', () => {
  it('chooses the S3 adapter when configured (bucket required), the data folder otherwise', () => {
    const DRIP_DATA_DIR = mkdtempSync(join(tmpdir(), 'drip-images-config-'));
    expect(() => loadConfig({ DRIP_DATA_DIR, IMAGE_STORE: 's3' })).toThrow(/S3_IMAGES_BUCKET/);
    expect(() => loadConfig({ DRIP_DATA_DIR, IMAGE_STORE: 'ftp' })).toThrow(/IMAGE_STORE/);
    const config = loadConfig({
      DRIP_DATA_DIR,
      IMAGE_STORE: 's3',
      S3_IMAGES_BUCKET: 'b',
      S3_IMAGES_ENDPOINT: 'http://minio:9000',
      S3_IMAGES_FORCE_PATH_STYLE: '1',
    });
    expect(config.imageStore).toEqual({
      provider: 's3',
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: '',
    });
    expect(imageStoreFor(config)).toBeInstanceOf(S3ImageStore);
    expect(imageStoreFor(loadConfig({ DRIP_DATA_DIR }))).toBeInstanceOf(FileImageStore);
  });
});
