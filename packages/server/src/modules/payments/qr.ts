/** The QR image of a charge's BR Code (GET /api/v1/pix/qr/{txid}.png). */
import QRCode from 'qrcode';
import { DomainError } from '../../errors.ts';
import type { Charge } from './types.ts';

const notFound = () => new DomainError('not_found', 'NOT_FOUND', 'QR Code não encontrado');

/** The txid a QR file name (`<txid>.png`) names; a refusal when it names none. */
export function txidOfQrFile(file: string): string {
  const match = /^([a-zA-Z0-9]{26,35})\.png$/.exec(file);
  if (!match?.[1]) throw notFound();
  return match[1];
}

/** The PNG of a charge's BR Code; a refusal when there is no such charge. */
export async function qrPng(charge: Charge | null): Promise<Uint8Array<ArrayBuffer>> {
  if (!charge) throw notFound();
  const png = await QRCode.toBuffer(charge.brCode, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 320,
  });
  return new Uint8Array(png);
}
