import type { Config } from '../../config.ts';
import { FileImageStore, type ImageStorePort } from './port.ts';
import { S3ImageStore } from './s3.ts';

/** The image store the configuration names: files under the data folder by default, or an S3-compatible bucket. */
export function imageStoreFor(config: Config): ImageStorePort {
  const s3 = config.imageStore;
  if (s3?.provider === 's3') {
    return new S3ImageStore({
      bucket: s3.bucket,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      prefix: s3.prefix,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    });
  }
  return new FileImageStore(config.dataDir);
}
