/**
 * The image storage port: where accepted images live. Names are content-addressed (`<sha-256>.png`), so a stored
 * image never changes and is served as immutable; the default adapter keeps them under the data folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ImageStorePort {
  /** Stores the bytes (already checked) under their name; storing the same bytes again is a no-op. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of a stored image, or null. */
  get(name: string): Promise<Uint8Array | null>;
}

export const IMAGE_NAME = /^[0-9a-f]{64}\.png$/;

export function imageNameOf(bytes: Uint8Array): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.png`;
}

/** Files under `<dataDir>/images`, written to a temporary name then renamed (a reader never sees half a file). */
export class FileImageStore implements ImageStorePort {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'images');
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    if (!IMAGE_NAME.test(name)) throw new Error(`not an image name: ${name}`);
    const path = join(this.dir, name);
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return;
    await mkdir(this.dir, { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  }

  async get(name: string): Promise<Uint8Array | null> {
    if (!IMAGE_NAME.test(name)) return null;
    try {
      return await readFile(join(this.dir, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
