import { type Rgb, relativeLuminance } from '../../lib/colour.js';

/** The paint of the cards: blends, canvas colour strings and the ink that reads on an accent. */

export function rgba({ r, g, b }: Rgb, alpha: number): string {
  return `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${alpha})`;
}

/** Linear blend: t = 0 gives a, t = 1 gives b. */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const INK: Rgb = { r: 12, g: 12, b: 24 };

/**
 * A hue from 0 to 359 at a saturation and lightness from 0 to 1, as unrounded Rgb: the default
 * avatar's and the confetti's colours. Not lib/colour.ts's hslToRgb, which rounds each channel:
 * the drawn pixels of every card with a default avatar depend on these exact values.
 */
export function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: f(0) * 255, g: f(8) * 255, b: f(4) * 255 };
}

/** White on dark colours, ink on light ones: text that stays readable on any accent. */
export function readableOn(background: Rgb): string {
  return relativeLuminance(background) > 0.45 ? '#14142b' : '#ffffff';
}
