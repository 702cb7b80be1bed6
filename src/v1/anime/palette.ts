import { type Colour, colourFromHsl, colourFromRgb, type Hsl, type Rgb } from '../../lib/colour.js';
import { seededRandom } from '../../lib/deterministic.js';

export const SCHEMES = [
  'analogous',
  'complementary',
  'split-complementary',
  'triadic',
  'tetradic',
  'monochromatic',
] as const;
export type Scheme = (typeof SCHEMES)[number];

export interface PaletteRequest {
  seed: string;
  count: number;
  base?: Rgb;
  scheme?: Scheme;
}

export interface Palette {
  seed: string;
  scheme: Scheme;
  base: Colour;
  colours: Colour[];
}

/** Hue offsets from the base hue, one per colour, that make up each scheme. */
function hueOffsets(scheme: Scheme, count: number): number[] {
  const cycle = (steps: number[]) => Array.from({ length: count }, (_, i) => steps[i % steps.length]);
  switch (scheme) {
    case 'analogous': {
      // Neighbours fanned out around the base, at most 30° apart.
      const step = Math.min(30, 120 / Math.max(1, count - 1));
      return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? 1 : -1) * Math.ceil(i / 2) * step);
    }
    case 'complementary':
      return cycle([0, 180]);
    case 'split-complementary':
      return cycle([0, 150, 210]);
    case 'triadic':
      return cycle([0, 120, 240]);
    case 'tetradic':
      return cycle([0, 90, 180, 270]);
    case 'monochromatic':
      return cycle([0]);
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/**
 * A harmonious palette fixed by its request: the same seed, count, base and scheme always give
 * the same colours. The first colour is the base; the rest follow the scheme's hue relations, with
 * lightness stepped so that repeated hues stay distinguishable.
 */
export function makePalette({ seed, count, base, scheme }: PaletteRequest): Palette {
  const random = seededRandom('palette', seed, base ? `${base.r},${base.g},${base.b}` : '', scheme ?? '');
  const chosenScheme = scheme ?? SCHEMES[Math.floor(random() * SCHEMES.length)];
  const baseColour = base
    ? colourFromRgb(base)
    : colourFromHsl({
        h: Math.floor(random() * 360),
        s: 45 + Math.floor(random() * 40),
        l: 42 + Math.floor(random() * 22),
      });
  const { h, s, l } = baseColour.hsl;
  const offsets = hueOffsets(chosenScheme, count);
  const colours = offsets.map((offset, i): Colour => {
    if (i === 0) return baseColour;
    const round = Math.floor(i / (chosenScheme === 'monochromatic' ? 1 : uniqueCount(offsets)));
    const direction = l > 50 ? -1 : 1;
    const jitter = (random() - 0.5) * 8;
    const hsl: Hsl = {
      h: ((Math.round(h + offset + jitter) % 360) + 360) % 360,
      s: clamp(s + (random() - 0.5) * 16, 20, 95),
      l:
        chosenScheme === 'monochromatic'
          ? clamp(l + direction * i * (60 / count), 8, 94)
          : clamp(l + direction * round * 14 + (random() - 0.5) * 6, 15, 88),
    };
    return colourFromHsl(hsl);
  });
  return { seed, scheme: chosenScheme, base: baseColour, colours };
}

function uniqueCount(values: number[]): number {
  return new Set(values).size;
}
