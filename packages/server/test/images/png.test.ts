import { describe, expect, it } from 'vitest';
import { checkPng } from '../../src/modules/images/png.ts';
import { makeJpeg, makePng } from './png-fixtures.ts';

describe('checkPng', () => {
  it('accepts a real PNG and reads its size from the IHDR', () => {
    expect(checkPng(makePng(3, 2))).toEqual({ ok: true, width: 3, height: 2 });
  });

  it('refuses a JPEG, whatever it is called', () => {
    expect(checkPng(makeJpeg())).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a truncated PNG (cut in the image data, or just before IEND)', () => {
    const png = makePng(16, 16, true);
    expect(checkPng(png.subarray(0, png.length - 40)).ok).toBe(false);
    expect(checkPng(png.subarray(0, png.length - 12)).ok).toBe(false);
    expect(checkPng(png.subarray(0, 8)).ok).toBe(false);
  });

  it('refuses a PNG signature followed by anything but a valid IHDR', () => {
    const png = Buffer.from(makePng());
    const badDepth = Buffer.from(png);
    badDepth[24] = 3; // bit depth 3 does not exist (the CRC no longer matches either)
    expect(checkPng(badDepth).ok).toBe(false);
    const signatureOnly = Buffer.concat([png.subarray(0, 8), Buffer.from('not a chunk at all, just text')]);
    expect(checkPng(signatureOnly).ok).toBe(false);
  });

  it('refuses a corrupted chunk (CRC) and bytes smuggled after IEND', () => {
    const png = Buffer.from(makePng());
    const corrupted = Buffer.from(png);
    corrupted[png.length - 20] = (corrupted[png.length - 20] ?? 0) ^ 0xff;
    expect(checkPng(corrupted)).toEqual({ ok: false, reason: 'crc' });
    expect(checkPng(Buffer.concat([png, Buffer.from('<script>')]))).toEqual({
      ok: false,
      reason: 'trailing',
    });
  });
});
