import { randomInt } from 'node:crypto';
import { type Rgb, relativeLuminance, toHex } from '../../lib/colour.js';

export interface ColourInfo {
  hex: string;
  rgb: Rgb;
  hsl: { h: number; s: number; l: number };
  /** Hue turned by 180°, same saturation and lightness. */
  complementary: string;
  /** WCAG relative luminance, 0 (black) to 1 (white). */
  luminance: number;
  /** 'light' when black text reads better on it than white text. */
  tone: 'light' | 'dark';
  isLight: boolean;
  /** The text colour (black or white) with the higher contrast on it. */
  textColor: '#000000' | '#ffffff';
}

/** /util/color takes six digits only (palette and cards also read three). */
export const SIX_DIGIT_HEX_PATTERN = '^#?[0-9a-fA-F]{6}$';

export function randomRgb(): Rgb {
  return { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
}

/**
 * HSL with h in degrees (0–359), s and l in percent, rounded to whole numbers. Not lib/colour.ts's
 * rgbToHsl: the two round an exact half degree differently for 0.3 % of colours (float error), and
 * merging them would change published answers of one endpoint or the other.
 */
export function toHsl({ r, g, b }: Rgb): ColourInfo['hsl'] {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: Math.round(l * 100) };
  const s = delta / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rf) h = ((gf - bf) / delta) % 6;
  else if (max === gf) h = (bf - rf) / delta + 2;
  else h = (rf - gf) / delta + 4;
  h = Math.round(h * 60);
  if (h < 0) h += 360;
  return { h: h % 360, s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** Turning the hue by 180° while keeping lightness and saturation maps each channel c to max+min−c. */
export function complementOf({ r, g, b }: Rgb): Rgb {
  const sum = Math.max(r, g, b) + Math.min(r, g, b);
  return { r: sum - r, g: sum - g, b: sum - b };
}

export function describeColour(rgb: Rgb): ColourInfo {
  const luminance = relativeLuminance(rgb);
  // Contrast with black is (L+0.05)/0.05, with white 1.05/(L+0.05); they are equal at L≈0.179.
  const isLight = (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05);
  return {
    hex: toHex(rgb),
    rgb,
    hsl: toHsl(rgb),
    complementary: toHex(complementOf(rgb)),
    luminance: Math.round(luminance * 10000) / 10000,
    tone: isLight ? 'light' : 'dark',
    isLight,
    textColor: isLight ? '#000000' : '#ffffff',
  };
}
