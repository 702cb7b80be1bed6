import { type Canvas, createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { SafeFetchError, safeFetch } from '../../lib/safe-fetch.js';

/** Bounds of an avatar download: a user-given URL never costs more than this (docs/canvas.md). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TIMEOUT_MS = 5000;
/** Decoding stops above this many pixels, so a tiny file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 16_777_216;
const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface AvatarImages {
  /** 256×256, cropped to the centre. */
  face: Canvas;
  /** A small, heavily blurred copy; drawn stretched it makes a soft backdrop for almost nothing. */
  backdrop: Canvas;
}

export type AvatarOutcome =
  | { status: 'none' }
  | { status: 'fetched'; images: AvatarImages }
  | { status: 'default'; reason: string };

/** Downloads the bytes of an avatar URL; the production one goes through safeFetch. */
export type AvatarFetcher = (url: string) => Promise<Buffer>;

export function safeAvatarFetcher(options: { allowLoopbackForTests?: boolean } = {}): AvatarFetcher {
  return async (url) => {
    const result = await safeFetch(url, {
      maxBytes: AVATAR_MAX_BYTES,
      timeoutMs: AVATAR_TIMEOUT_MS,
      maxRedirects: 5,
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8' },
      // The bytes decide in the end; this only turns away what says it is something else.
      accept: (type) =>
        type === '' || /^(image\/|application\/octet-stream|binary\/octet-stream)/i.test(type),
      allowPrivateForTests: options.allowLoopbackForTests,
    });
    return result.body;
  };
}

/** Recent successful avatars by URL: bots ask for the same avatar over and over. */
const cache = new Map<string, { images: AvatarImages; expires: number }>();
const CACHE_SIZE = 64;
const CACHE_MS = 10 * 60_000;

/** Fetches, decodes and prepares an avatar; any failure is an outcome, never a throw. */
export async function loadAvatar(url: string | undefined, fetcher: AvatarFetcher): Promise<AvatarOutcome> {
  if (!url) return { status: 'none' };
  const now = Date.now();
  const hit = cache.get(url);
  if (hit && hit.expires > now) {
    cache.delete(url);
    cache.set(url, hit);
    return { status: 'fetched', images: hit.images };
  }
  let bytes: Buffer;
  try {
    bytes = await fetcher(url);
  } catch (error) {
    return { status: 'default', reason: error instanceof SafeFetchError ? error.code : 'NETWORK' };
  }
  let images: AvatarImages;
  try {
    images = await prepareAvatar(bytes);
  } catch {
    return { status: 'default', reason: 'NOT_AN_IMAGE' };
  }
  cache.set(url, { images, expires: now + CACHE_MS });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return { status: 'fetched', images };
}

/** Decodes any common raster format (first frame of animations) into the two images the cards draw. */
export async function prepareAvatar(bytes: Buffer): Promise<AvatarImages> {
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' });
  const { format } = await input.metadata();
  if (!format || !FORMATS.has(format)) throw new Error(`unsupported image format ${format}`);
  const face = await input
    .clone()
    .rotate()
    .resize(256, 256, { fit: 'cover' })
    .flatten({ background: '#1b1b2f' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const backdrop = await sharp(face).resize(48, 48).blur(3).png({ compressionLevel: 1 }).toBuffer();
  return { face: await toBitmap(face), backdrop: await toBitmap(backdrop) };
}

/** Kept as decoded pixels on a canvas, so drawing a cached avatar again costs a copy, not a decode. */
async function toBitmap(png: Buffer): Promise<Canvas> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas;
}

/** Forgets cached avatars (tests). */
export function clearAvatarCache(): void {
  cache.clear();
}
