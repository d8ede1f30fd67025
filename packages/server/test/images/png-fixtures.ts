/** Test images built from scratch with Node's own zlib (its CRC-32 is independent of the checker's). */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of `width` x `height`; `noise` fills it with random pixels, which do not compress, so that the file
 * is about 3 bytes per pixel (a way to build a real PNG over the size limit).
 */
export function makePng(width = 2, height = 2, noise = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = noise ? randomBytes(width * 3) : Buffer.alloc(width * 3, 0x7f);
    rows.push(Buffer.concat([Buffer.from([0]), row]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: noise ? 0 : 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The first bytes of a JFIF JPEG (SOI + APP0), enough for anything that looks at the content. */
export function makeJpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]),
    randomBytes(200),
    Buffer.from([0xff, 0xd9]),
  ]);
}
