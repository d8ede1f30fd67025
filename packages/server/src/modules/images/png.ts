/**
 * Is it a real PNG? Checked by content, never by name or declared type: the 8-byte signature, an IHDR first chunk
 * whose fields are a valid PNG header, then every chunk's length and CRC up to an IEND that ends the file, with at
 * least one IDAT. A renamed JPEG fails the signature, a truncated or cut PNG fails the chunk walk, and bytes after
 * IEND (a file smuggled behind an image) are refused. Written by hand (docs/images.md: why no library).
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths allowed per colour type (PNG spec, table 11.1). */
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Larger images are refused: a logo needs far less, and a huge IHDR is a decompression-bomb hint. */
export const MAX_PNG_SIDE = 8192;

export type PngVerdict = { ok: true; width: number; height: number } | { ok: false; reason: string };

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function checkPng(bytes: Uint8Array): PngVerdict {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) return { ok: false, reason: 'signature' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let first = true;
  let idat = false;
  let width = 0;
  let height = 0;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) return { ok: false, reason: 'truncated' };
    if (crc32(bytes, offset + 4, dataEnd) !== view.getUint32(dataEnd)) return { ok: false, reason: 'crc' };
    if (first) {
      if (type !== 'IHDR' || length !== 13) return { ok: false, reason: 'ihdr' };
      width = view.getUint32(dataStart);
      height = view.getUint32(dataStart + 4);
      const depth = bytes[dataStart + 8] as number;
      const colour = bytes[dataStart + 9] as number;
      const [compression, filter, interlace] = [
        bytes[dataStart + 10],
        bytes[dataStart + 11],
        bytes[dataStart + 12],
      ];
      if (width < 1 || height < 1 || width > MAX_PNG_SIDE || height > MAX_PNG_SIDE)
        return { ok: false, reason: 'size' };
      if (!DEPTHS[colour]?.includes(depth)) return { ok: false, reason: 'ihdr' };
      if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1))
        return { ok: false, reason: 'ihdr' };
      first = false;
    } else if (type === 'IHDR') {
      return { ok: false, reason: 'ihdr' };
    }
    if (type === 'IDAT') idat = true;
    offset = dataEnd + 4;
    if (type === 'IEND') {
      if (offset !== bytes.length) return { ok: false, reason: 'trailing' };
      return idat ? { ok: true, width, height } : { ok: false, reason: 'no-idat' };
    }
  }
  return { ok: false, reason: 'truncated' };
}
