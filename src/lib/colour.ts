/**
 * Colour arithmetic shared by the palette, the colour utility and the canvas cards: hex, RGB, HSL
 * and luminance. The textbook formulas are a few dozen lines; a colour library would add a
 * dependency for exactly these.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Hsl {
  /** 0 to 359 degrees. */
  h: number;
  /** 0 to 100 percent. */
  s: number;
  /** 0 to 100 percent. */
  l: number;
}

export interface Colour {
  hex: string;
  rgb: Rgb;
  hsl: Hsl;
}

/** A query-string pattern for the hex colours parseHex reads: three or six digits, "#" optional. */
export const HEX_PATTERN = '^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';

/** "#7c5cff", "7c5cff", "#abc" or "abc" → Rgb; undefined when it is none of these. */
export function parseHex(text: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

/** "#rrggbb"; channels that are not whole numbers (a blend of two colours) are rounded first. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * WCAG 2 relative luminance, 0 (black) to 1 (white). The sRGB threshold 0.04045 (WCAG's text
 * says 0.03928); no 8-bit channel value lies between the two.
 */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === rf) h = 60 * (((gf - bf) / d) % 6);
    else if (max === gf) h = 60 * ((bf - rf) / d + 2);
    else h = 60 * ((rf - gf) / d + 4);
  }
  return { h: Math.round((h + 360) % 360) % 360, s: Math.round(s * 100), l: Math.round(l * 100) };
}

export function hslToRgb({ h, s, l }: Hsl): Rgb {
  const sf = s / 100;
  const lf = l / 100;
  const c = (1 - Math.abs(2 * lf - 1)) * sf;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = lf - c / 2;
  return { r: Math.round((r1 + m) * 255), g: Math.round((g1 + m) * 255), b: Math.round((b1 + m) * 255) };
}

/** A colour from HSL, with its RGB and hex; the HSL given is kept as it is. */
export function colourFromHsl(hsl: Hsl): Colour {
  const rgb = hslToRgb(hsl);
  return { hex: toHex(rgb), rgb, hsl };
}

/** A colour from RGB, with the HSL it rounds to. */
export function colourFromRgb(rgb: Rgb): Colour {
  return { hex: toHex(rgb), rgb, hsl: rgbToHsl(rgb) };
}
