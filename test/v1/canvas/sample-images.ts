import sharp from 'sharp';

/** A small deterministic "portrait": a diagonal gradient with a face-like disc, made from raw pixels. */
export async function samplePortrait(format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  const size = 96;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const t = (x + y) / (2 * size);
      const inHead = (x - 48) ** 2 + (y - 38) ** 2 < 18 ** 2;
      const inBody = (x - 48) ** 2 / 34 ** 2 + (y - 96) ** 2 / 34 ** 2 < 1;
      const [r, g, b] = inHead
        ? [255, 224, 189]
        : inBody
          ? [45, 45, 110]
          : [255 - 140 * t, 170 - 110 * t, 200];
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
