/** A colour as hue (degrees), saturation and lightness (percent): easy to shade and to shift. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

export const hsl = (h: number, s: number, l: number): Hsl => ({ h: ((h % 360) + 360) % 360, s, l });

/** The CSS text of a colour, optionally translucent. */
export function css(c: Hsl, alpha = 1): string {
  const h = Math.round(c.h);
  const s = Math.round(c.s);
  const l = Math.round(c.l);
  return alpha >= 1 ? `hsl(${h}, ${s}%, ${l}%)` : `hsla(${h}, ${s}%, ${l}%, ${alpha})`;
}

const clamp = (v: number, low: number, high: number) => Math.min(high, Math.max(low, v));

/** Lighter (positive) or darker (negative) by `dl` points of lightness; darker also a little more saturated. */
export function shade(c: Hsl, dl: number, ds = dl < 0 ? 6 : -4): Hsl {
  return { h: c.h, s: clamp(c.s + ds, 0, 100), l: clamp(c.l + dl, 0, 100) };
}

export function shift(c: Hsl, dh: number): Hsl {
  return hsl(c.h + dh, c.s, c.l);
}

/** Halfway (or `t` of the way) from one colour to another, the hue the short way round. */
export function mix(a: Hsl, b: Hsl, t = 0.5): Hsl {
  let dh = b.h - a.h;
  if (dh > 180) dh -= 360;
  if (dh < -180) dh += 360;
  return hsl(a.h + dh * t, a.s + (b.s - a.s) * t, a.l + (b.l - a.l) * t);
}
