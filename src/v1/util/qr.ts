import type QRCode from 'qrcode';
import type { QRCodeErrorCorrectionLevel } from 'qrcode';
import { loadOnce } from '../../lib/load-once.js';
import { badRequest } from '../../lib/problem.js';
import { matrixToPng } from './qr-png.js';

export type QrFormat = 'svg' | 'png';

/** Quiet zone of four modules, as the QR standard asks; eight pixels per module in PNGs. */
const MARGIN = 4;
const PNG_SCALE = 8;

const loadQrCode = loadOnce(async () => (await import('qrcode')).default);

/**
 * The QR code of `text`: error correction M (15 %) where the text fits, otherwise L, which holds
 * up to 2,953 bytes of UTF-8. Text that fits neither is a 400 on `text`, never a 500.
 */
export async function renderQr(text: string, format: QrFormat): Promise<Buffer | string> {
  const QRCode = await loadQrCode();
  for (const errorCorrectionLevel of ['M', 'L'] as QRCodeErrorCorrectionLevel[]) {
    let qr: QRCode.QRCode;
    try {
      qr = QRCode.create(text, { errorCorrectionLevel });
    } catch (error) {
      if (error instanceof Error && /too big/i.test(error.message)) continue;
      throw error;
    }
    return format === 'png'
      ? matrixToPng(qr.modules, PNG_SCALE, MARGIN)
      : QRCode.toString(text, { errorCorrectionLevel, version: qr.version, margin: MARGIN, type: 'svg' });
  }
  throw badRequest('text', 'is too long for a QR code once encoded as UTF-8 (at most 2,953 bytes)');
}
