/**
 * The S3-compatible adapter of the image port (AWS S3, MinIO, R2, ...): one object per image under `prefix`, with
 * the content type and the immutable cache header set on the object too, so that a CDN in front of the bucket
 * serves it like the app does. The SDK is loaded on first use: a server on the file store never pays for it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { IMAGE_NAME, type ImageStorePort } from './port.ts';

export interface S3ImageStoreConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2); AWS when absent. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** Key prefix, e.g. `images/`. */
  prefix?: string;
  /** Static credentials; the SDK's default chain (environment, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export class S3ImageStore implements ImageStorePort {
  private sdk: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | null = null;
  private readonly prefix: string;

  constructor(private readonly config: S3ImageStoreConfig) {
    this.prefix = config.prefix ?? '';
  }

  private load() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.config.region,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
        forcePathStyle: this.config.forcePathStyle ?? false,
        ...(this.config.credentials ? { credentials: this.config.credentials } : {}),
      }),
    }));
    return this.sdk;
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    if (!IMAGE_NAME.test(name)) throw new Error(`not an image name: ${name}`);
    const { client, s3 } = await this.load();
    const Key = this.prefix + name;
    // Content-addressed: an object already there has these very bytes.
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.config.bucket, Key }));
      return;
    } catch (err) {
      if (!notFound(err)) throw err;
    }
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.config.bucket,
        Key,
        Body: bytes,
        ContentType: 'image/png',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<Uint8Array | null> {
    if (!IMAGE_NAME.test(name)) return null;
    const { client, s3 } = await this.load();
    try {
      const out = await client.send(
        new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: this.prefix + name }),
      );
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }
}
