import { loadOnce } from '../../lib/load-once.js';
import { Problem } from '../../lib/problem.js';
import { IMAGE_PIXEL_BUDGET, imageDecoding } from '../../lib/work-gate.js';

const loadSharp = loadOnce(async () => (await import('sharp')).default);
const loadFileType = loadOnce(() => import('file-type'));

/** Logos are scaled down to fit this square; smaller ones keep their size. */
export const LOGO_MAX_SIDE = 512;
/** Refuse decompression bombs before decoding: width × height (× frames) of the input. */
const MAX_INPUT_PIXELS = IMAGE_PIXEL_BUDGET;

const FORMATS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

export type LogoExtension = (typeof FORMATS)[keyof typeof FORMATS];

export interface Logo {
  data: Buffer;
  extension: LogoExtension;
  width: number;
  height: number;
}

const unsupported = (message: string) =>
  new Problem('UNSUPPORTED_MEDIA_TYPE', `logo: ${message}`, { errors: [{ field: 'logo', message }] });
const unreadable = (message: string) =>
  new Problem('VALIDATION_FAILED', `logo: ${message}`, { errors: [{ field: 'logo', message }] });

/**
 * The bytes decide what an upload is, never its file name or declared type: PNG, JPEG, WebP or
 * GIF by magic bytes, anything else (SVG included) is refused with 415. The image is then decoded
 * and re-encoded in its own format by sharp, which drops all metadata (EXIF, GPS, ICC comments)
 * and anything appended to the image data; a damaged or truncated image is refused with 400.
 * Decoding waits for the image gate (lib/work-gate.ts): a burst of uploads gets 503, not all the memory.
 */
export async function reencodeLogo(bytes: Buffer): Promise<Logo> {
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  const extension = type ? FORMATS[type.mime as keyof typeof FORMATS] : undefined;
  if (!extension) return Promise.reject(unsupported('must be a PNG, JPEG, WebP or GIF image'));

  const animated = extension === 'gif' || extension === 'webp';
  const sharp = await loadSharp();
  let image = sharp(bytes, { animated, failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS });
  // Apply the EXIF orientation before the EXIF block is dropped, so photos stay upright.
  if (extension === 'jpg') image = image.rotate();
  image = image.resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  if (extension === 'png') image = image.png({ compressionLevel: 8 });
  else if (extension === 'jpg') image = image.jpeg({ quality: 85 });
  else if (extension === 'webp') image = image.webp({ quality: 85 });
  else image = image.gif();

  return imageDecoding.run(async () => {
    try {
      const { data, info } = await image.toBuffer({ resolveWithObject: true });
      return { data, extension, width: info.width, height: info.pageHeight ?? info.height };
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) throw unreadable(`is larger than ${MAX_INPUT_PIXELS} pixels`);
      throw unreadable('is damaged or truncated and cannot be read');
    }
  });
}
