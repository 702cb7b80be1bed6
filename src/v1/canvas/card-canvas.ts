import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { Rgb } from '../../lib/colour.js';
import { mix, WHITE } from './card-colours.js';
import { type Ctx, clipCard } from './draw.js';

export interface CardCanvas {
  canvas: Canvas;
  ctx: Ctx;
  /** The card's width and height, short because every coordinate of a design is built from them. */
  W: number;
  H: number;
  accent: Rgb;
  /** The accent leaned towards white: rings, highlights and figures on the dark ground. */
  light: Rgb;
}

/**
 * What every design begins with: a canvas of its size, clipped to rounded corners of `corner`
 * pixels, its accent and the accent's light tint (`lightShare` of the way to white).
 */
export function startCard(
  size: { width: number; height: number },
  accent: Rgb,
  { corner, lightShare }: { corner: number; lightShare: number },
): CardCanvas {
  const { width: W, height: H } = size;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  clipCard(ctx, W, H, corner);
  return { canvas, ctx, W, H, accent, light: mix(accent, WHITE, lightShare) };
}
