/**
 * Images sent by the admin screens (store logos, tags; later merchant logos and promotions): the spec sends a PNG
 * as base64 without a `data:` prefix, or on edit the URL the server gave (the current image stays). Only real PNGs
 * (png.ts) within MAX_IMAGE_BYTES are stored; anything else is a 422 with a pt-BR message. docs/images.md.
 */
import { DomainError } from '../../errors.ts';
import { checkPng } from './png.ts';
import { IMAGE_NAME, type ImageStorePort, imageNameOf } from './port.ts';

export const MAX_IMAGE_BYTES = 1024 * 1024;
/** The JSON body of a call carrying one image: its base64 (4/3 of the bytes) plus the other fields. */
export const IMAGE_BODY_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;
/** The JSON body of a call carrying `count` images (the merchant form sends three logos at once). */
export const imagesBodyBytes = (count: number) => count * Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;
export const IMAGE_PATH = '/images';

export const invalidImage = () =>
  new DomainError('unprocessable', 'INVALID_IMAGE', 'A imagem deve ser um arquivo PNG válido');
export const imageTooLarge = () =>
  new DomainError('unprocessable', 'IMAGE_TOO_LARGE', 'A imagem deve ter no máximo 1 MB');

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The public URL of a stored image name (null stays null): for readers that hold only the public URL. */
export function imageUrl(publicUrl: string, name: string | null): string | null {
  return name === null ? null : `${publicUrl}${IMAGE_PATH}/${name}`;
}

export class ImageService {
  constructor(
    private readonly store: ImageStorePort,
    private readonly publicUrl: string,
  ) {}

  /** The public URL of a stored image name (null stays null). */
  urlOf(name: string | null): string | null {
    return imageUrl(this.publicUrl, name);
  }

  /**
   * The image name to keep for `value`: the current one when `value` is its URL, else the name of the newly stored
   * PNG. Throws the 422s.
   */
  async accept(value: string, current: string | null = null): Promise<string> {
    const trimmed = value.trim();
    if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('/')) {
      if (current !== null && trimmed.endsWith(`${IMAGE_PATH}/${current}`)) return current;
      throw invalidImage();
    }
    const base64 = trimmed.replace(/^data:image\/png;base64,/i, '').replace(/\s+/g, '');
    if (base64.length > Math.ceil(MAX_IMAGE_BYTES / 3) * 4) throw imageTooLarge();
    if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) throw invalidImage();
    const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
    if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
    if (!checkPng(bytes).ok) throw invalidImage();
    const name = imageNameOf(bytes);
    await this.store.put(name, bytes);
    return name;
  }

  /** The stored bytes for the image route (null: unknown name, 404). */
  async read(name: string): Promise<Uint8Array | null> {
    if (!IMAGE_NAME.test(name)) return null;
    return this.store.get(name);
  }
}
