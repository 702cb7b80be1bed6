import type { BitMatrix } from 'qrcode';
import { loadOnce } from '../../lib/load-once.js';

const loadSharp = loadOnce(async () => (await import('sharp')).default);

/**
 * A QR matrix as a black-on-white greyscale PNG. The qrcode package encodes PNGs in JavaScript
 * (pngjs), blocking the event loop for ~15 ms per code; painting the pixels here and letting
 * sharp (libvips, off the main thread) compress them is about three times faster.
 */
export async function matrixToPng(modules: BitMatrix, scale: number, margin: number): Promise<Buffer> {
  const size = (modules.size + 2 * margin) * scale;
  const pixels = Buffer.alloc(size * size, 255);
  for (let row = 0; row < modules.size; row++) {
    const top = (row + margin) * scale * size;
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col))
        pixels.fill(0, top + (col + margin) * scale, top + (col + margin + 1) * scale);
    }
    // The module row's first pixel row is painted; the rest of its height repeats it.
    for (let line = 1; line < scale; line++) pixels.copy(pixels, top + line * size, top, top + size);
  }
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width: size, height: size, channels: 1 } })
    .png()
    .toBuffer();
}
