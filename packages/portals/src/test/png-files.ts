/**
 * Image files for the upload tests: a real 1×1 PNG (its bytes as a browser would read them) and JPEG bytes under a
 * .png name, to show that the form judges an image by its content.
 */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

export function makePngFile(name = 'logo.png'): File {
  return new File([bytesOf(PNG_1X1)], name, { type: 'image/png' });
}

/** The start of a JFIF JPEG (SOI + APP0), declared as a PNG by its name and type. */
export function makeJpegFile(name = 'logo.png'): File {
  const jpeg = new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
  ]);
  return new File([jpeg], name, { type: 'image/png' });
}
