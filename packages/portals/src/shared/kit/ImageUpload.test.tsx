import { describe, expect, it } from 'vitest';
import { makeJpegFile, makePngFile } from '../../test/png-files.ts';
import { IMAGE_UPLOAD_TEXTS, MAX_IMAGE_UPLOAD_BYTES, readPngUpload } from './ImageUpload.tsx';

describe('readPngUpload', () => {
  it('reads a PNG as base64 without prefix, whatever its name', async () => {
    const read = await readPngUpload(makePngFile('logo.jpg'));
    expect(read.ok && read.base64.startsWith('iVBORw0KGgo')).toBe(true);
  });

  it('refuses by content and by size, with the server messages', async () => {
    expect(await readPngUpload(makeJpegFile('logo.png'))).toEqual({
      ok: false,
      message: IMAGE_UPLOAD_TEXTS.notPng,
    });
    const png = new Uint8Array(MAX_IMAGE_UPLOAD_BYTES + 1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await readPngUpload(new Blob([png], { type: 'image/png' }))).toEqual({
      ok: false,
      message: 'A imagem deve ter no máximo 1 MB',
    });
    // Exactly at the limit it is read (the server has the last word on the chunks).
    const atLimit = await readPngUpload(new Blob([png.subarray(0, MAX_IMAGE_UPLOAD_BYTES)]));
    expect(atLimit.ok).toBe(true);
  });
});
