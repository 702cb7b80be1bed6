import type { Canvas, Image, SKRSContext2D } from '@napi-rs/canvas';
import type { Rgb } from '../../lib/colour.js';
import { font } from '../../lib/fonts.js';
import { mix, rgba, WHITE } from './card-colours.js';

export type Ctx = SKRSContext2D;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text split into user-perceived characters, so truncation never cuts an emoji or a kana in half. */
export function graphemesOf(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/**
 * Sets ctx.font to the largest size from `size` down to `minSize` at which the text fits `maxWidth`,
 * and shortens it with an ellipsis when even the smallest does not fit. Returns the text to draw.
 */
export function fitText(
  ctx: Ctx,
  text: string,
  maxWidth: number,
  weight: 400 | 600 | 800,
  size: number,
  minSize = size,
): string {
  for (let s = size; s >= minSize; s -= 2) {
    ctx.font = font(weight, s);
    if (ctx.measureText(text).width <= maxWidth) return text;
  }
  ctx.font = font(weight, minSize);
  const parts = graphemesOf(text);
  while (parts.length > 1) {
    parts.pop();
    const candidate = `${parts.join('').trimEnd()}…`;
    if (ctx.measureText(candidate).width <= maxWidth) return candidate;
  }
  return `${parts.join('')}…`;
}

/** Draws an image as if CSS object-fit: cover, centred, into the rectangle. */
export function drawCover(ctx: Ctx, image: Image | Canvas, x: number, y: number, w: number, h: number): void {
  const scale = Math.max(w / image.width, h / image.height);
  const sw = w / scale;
  const sh = h / scale;
  ctx.drawImage(image, (image.width - sw) / 2, (image.height - sh) / 2, sw, sh, x, y, w, h);
}

/** A circular avatar with a gradient ring around it and a soft shadow under it. */
export function drawAvatarCircle(
  ctx: Ctx,
  face: Image | Canvas,
  cx: number,
  cy: number,
  radius: number,
  ring: { from: Rgb; to: Rgb; width: number },
): void {
  ctx.save();
  ctx.shadowColor = 'rgba(0, 0, 0, 0.45)';
  ctx.shadowBlur = 24;
  ctx.shadowOffsetY = 6;
  const gradient = ctx.createLinearGradient(cx - radius, cy - radius, cx + radius, cy + radius);
  gradient.addColorStop(0, rgba(ring.from, 1));
  gradient.addColorStop(1, rgba(ring.to, 1));
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(cx, cy, radius + ring.width, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();

  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.closePath();
  ctx.clip();
  ctx.drawImage(face, cx - radius, cy - radius, radius * 2, radius * 2);
  ctx.restore();
}

/** A rounded progress bar: a translucent track and a gradient fill with a highlight along its top. */
export function drawProgressBar(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  share: number,
  from: Rgb,
  to: Rgb,
): void {
  const r = h / 2;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.12)';
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
  if (share <= 0) return;
  const fillWidth = Math.max(h, w * share);
  const gradient = ctx.createLinearGradient(x, 0, x + w, 0);
  gradient.addColorStop(0, rgba(from, 1));
  gradient.addColorStop(1, rgba(to, 1));
  ctx.save();
  ctx.shadowColor = rgba(to, 0.55);
  ctx.shadowBlur = 14;
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.roundRect(x, y, fillWidth, h, r);
  ctx.fill();
  ctx.restore();
  ctx.fillStyle = rgba(mix(to, WHITE, 0.6), 0.35);
  ctx.beginPath();
  ctx.roundRect(x + r / 2, y + 2, Math.max(0, fillWidth - r), h * 0.32, h * 0.16);
  ctx.fill();
}

/** A pill-shaped label: translucent fill, text centred. Returns its width. */
export function drawPill(
  ctx: Ctx,
  text: string,
  x: number,
  y: number,
  height: number,
  options: {
    fill: string;
    colour: string;
    weight?: 400 | 600 | 800;
    size?: number;
    align?: 'left' | 'right';
  },
): number {
  ctx.font = font(options.weight ?? 600, options.size ?? Math.round(height * 0.5));
  const width = ctx.measureText(text).width + height;
  const left = options.align === 'right' ? x - width : x;
  ctx.fillStyle = options.fill;
  ctx.beginPath();
  ctx.roundRect(left, y, width, height, height / 2);
  ctx.fill();
  ctx.fillStyle = options.colour;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + width / 2, y + height / 2 + 1);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  return width;
}

/** The shared backdrop: a diagonal gradient from the accent into the night, the blurred avatar over it when there is one. */
export function drawBackdrop(
  ctx: Ctx,
  w: number,
  h: number,
  accent: Rgb,
  night: Rgb,
  backdrop: Image | Canvas | undefined,
): void {
  const gradient = ctx.createLinearGradient(0, 0, w, h);
  gradient.addColorStop(0, rgba(mix(night, accent, 0.55), 1));
  gradient.addColorStop(0.55, rgba(mix(night, accent, 0.18), 1));
  gradient.addColorStop(1, rgba(night, 1));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, w, h);
  if (backdrop) {
    ctx.save();
    ctx.globalAlpha = 0.55;
    ctx.imageSmoothingQuality = 'high';
    drawCover(ctx, backdrop, 0, 0, w, h);
    ctx.restore();
    ctx.fillStyle = rgba(night, 0.45);
    ctx.fillRect(0, 0, w, h);
  }
}

/** A soft glow: a radial gradient from the colour to transparent. */
export function drawGlow(ctx: Ctx, cx: number, cy: number, radius: number, colour: Rgb, alpha: number): void {
  const gradient = ctx.createRadialGradient(cx, cy, 0, cx, cy, radius);
  gradient.addColorStop(0, rgba(colour, alpha));
  gradient.addColorStop(1, rgba(colour, 0));
  ctx.fillStyle = gradient;
  ctx.fillRect(cx - radius, cy - radius, radius * 2, radius * 2);
}

/** A frosted panel: translucent fill and a hairline border. */
export function drawPanel(ctx: Ctx, x: number, y: number, w: number, h: number, radius: number): void {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.07)';
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, radius);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.14)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** Clips everything after it to the card's rounded outline. */
export function clipCard(ctx: Ctx, w: number, h: number, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(0, 0, w, h, radius);
  ctx.clip();
}
