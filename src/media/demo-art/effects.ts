import type { SKRSContext2D } from '@napi-rs/canvas';
import { headlineFont } from '../../lib/fonts.js';
import { heartPath } from './character.js';
import { css, type Hsl, hsl } from './colour.js';
import { sparkle } from './scenes.js';

type Ctx = SKRSContext2D;

/**
 * The manga marks around a character: hearts, sparkles, notes, sleep, tears, sweat, anger,
 * question and exclamation marks, impacts and speed lines. Sizes are in pixels; `t` (0..1) is the
 * point in an animation's loop, so a mark that rises comes back where it began.
 */
export function hearts(
  ctx: Ctx,
  x: number,
  y: number,
  size: number,
  t: number,
  count = 3,
  colour = hsl(350, 85, 62),
) {
  for (let i = 0; i < count; i++) {
    const k = (t + i / count) % 1;
    const hx = x + Math.sin((k + i) * Math.PI * 2) * size * 0.6 + (i - (count - 1) / 2) * size * 0.9;
    const hy = y - k * size * 2.2;
    const r = size * (0.25 + 0.2 * Math.sin(k * Math.PI));
    ctx.globalAlpha = Math.min(1, (1 - k) * 2.2);
    heartPath(ctx, hx, hy, r);
    ctx.fillStyle = css(colour);
    ctx.fill();
    ctx.lineWidth = Math.max(1, size * 0.05);
    ctx.strokeStyle = '#fff';
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

export function bigHeart(ctx: Ctx, x: number, y: number, r: number, colour = hsl(350, 85, 62)) {
  heartPath(ctx, x, y, r);
  ctx.fillStyle = css(colour);
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.12);
  ctx.strokeStyle = '#fff';
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(x - r * 0.45, y - r * 0.35, r * 0.2, r * 0.12, -0.6, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  ctx.fill();
}

export function sparkles(
  ctx: Ctx,
  x: number,
  y: number,
  spread: number,
  t: number,
  count = 4,
  colour = 'rgba(255, 240, 160, 1)',
) {
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + i;
    const pulse = 0.5 + 0.5 * Math.sin((t + i / count) * Math.PI * 2);
    sparkle(
      ctx,
      x + Math.cos(a) * spread,
      y + Math.sin(a) * spread * 0.7,
      spread * 0.22 * (0.4 + 0.8 * pulse),
      colour,
    );
  }
}

export function notes(ctx: Ctx, x: number, y: number, size: number, t: number, colour: Hsl) {
  for (let i = 0; i < 2; i++) {
    const k = (t + i * 0.5) % 1;
    const nx = x + i * size * 1.1 + Math.sin(k * Math.PI * 2) * size * 0.3;
    const ny = y - k * size * 1.5;
    ctx.globalAlpha = Math.min(1, (1 - k) * 2);
    ctx.fillStyle = css(colour);
    ctx.strokeStyle = css(colour);
    ctx.lineWidth = Math.max(1, size * 0.1);
    ctx.beginPath();
    ctx.ellipse(nx, ny, size * 0.22, size * 0.16, -0.4, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(nx + size * 0.19, ny);
    ctx.lineTo(nx + size * 0.19, ny - size * 0.7);
    ctx.quadraticCurveTo(nx + size * 0.45, ny - size * 0.55, nx + size * 0.5, ny - size * 0.3);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

export function label(
  ctx: Ctx,
  text: string,
  x: number,
  y: number,
  size: number,
  colour: Hsl,
  angle = 0,
  outline = '#fff',
) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.font = headlineFont(Math.round(size));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size * 0.22);
  ctx.strokeStyle = outline;
  ctx.strokeText(text, 0, 0);
  ctx.fillStyle = css(colour);
  ctx.fillText(text, 0, 0);
  ctx.restore();
}

export function zzz(ctx: Ctx, x: number, y: number, size: number, t: number) {
  for (let i = 0; i < 3; i++) {
    const k = (t + i / 3) % 1;
    ctx.globalAlpha = Math.min(1, (1 - k) * 2);
    label(ctx, 'z', x + k * size * 1.2, y - k * size * 1.8, size * (0.5 + k * 0.6), hsl(225, 60, 55), -0.2);
  }
  ctx.globalAlpha = 1;
}

/** Tears streaming from both eyes of a head at (x, y) of radius s. */
export function tears(ctx: Ctx, x: number, y: number, s: number, t: number) {
  const blue = css(hsl(200, 85, 72), 0.85);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(x + side * s * 0.3, y + s * 0.35);
    ctx.quadraticCurveTo(x + side * s * 0.32, y + s * 0.8, x + side * s * 0.25, y + s * 1.1);
    ctx.lineTo(x + side * s * 0.45, y + s * 1.1);
    ctx.quadraticCurveTo(x + side * s * 0.48, y + s * 0.8, x + side * s * 0.46, y + s * 0.35);
    ctx.fillStyle = blue;
    ctx.fill();
    for (let i = 0; i < 2; i++) {
      const k = (t + i * 0.5) % 1;
      ctx.beginPath();
      ctx.arc(
        x + side * (s * 0.55 + k * s * 0.7),
        y + s * 0.4 + Math.sin(k * Math.PI) * -s * 0.3 + k * s * 0.6,
        s * 0.07,
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
  }
}

export function sweat(ctx: Ctx, x: number, y: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x, y - r * 1.6);
  ctx.quadraticCurveTo(x + r, y - r * 0.2, x, y + r);
  ctx.quadraticCurveTo(x - r, y - r * 0.2, x, y - r * 1.6);
  ctx.fillStyle = css(hsl(200, 80, 80));
  ctx.fill();
  ctx.strokeStyle = css(hsl(205, 60, 50));
  ctx.lineWidth = Math.max(1, r * 0.2);
  ctx.stroke();
}

/** The cross-shaped vein of anger. */
export function anger(ctx: Ctx, x: number, y: number, r: number) {
  ctx.strokeStyle = css(hsl(355, 85, 52));
  ctx.lineWidth = Math.max(1.5, r * 0.28);
  ctx.lineCap = 'round';
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2 + Math.PI / 4;
    const cx = x + Math.cos(a) * r * 0.75;
    const cy = y + Math.sin(a) * r * 0.75;
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.5, a + Math.PI * 0.75, a + Math.PI * 1.25);
    ctx.stroke();
  }
}

export function impact(ctx: Ctx, x: number, y: number, r: number, colour: Hsl, text?: string) {
  ctx.beginPath();
  const points = 12;
  for (let i = 0; i <= points * 2; i++) {
    const a = (i / (points * 2)) * Math.PI * 2;
    const rr = i % 2 === 0 ? r : r * 0.55;
    const px = x + Math.cos(a) * rr;
    const py = y + Math.sin(a) * rr;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fillStyle = css(colour);
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.08);
  ctx.strokeStyle = '#fff';
  ctx.stroke();
  if (text) label(ctx, text, x, y, r * 0.55, hsl(0, 0, 100), -0.15, css(hsl(colour.h, 70, 30)));
}

/** Short lines that show where something moves from. */
export function speedLines(
  ctx: Ctx,
  x: number,
  y: number,
  length: number,
  angle: number,
  count = 3,
  colour = 'rgba(255,255,255,0.85)',
) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1.5, length * 0.06);
  ctx.lineCap = 'round';
  for (let i = 0; i < count; i++) {
    const off = (i - (count - 1) / 2) * length * 0.35;
    const sx = x + Math.cos(angle + Math.PI / 2) * off;
    const sy = y + Math.sin(angle + Math.PI / 2) * off;
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(
      sx - Math.cos(angle) * length * (1 - Math.abs(off) / (length * 1.2)),
      sy - Math.sin(angle) * length * (1 - Math.abs(off) / (length * 1.2)),
    );
    ctx.stroke();
  }
}

/** Little stars circling a dizzy head. */
export function dizzy(ctx: Ctx, x: number, y: number, r: number, t: number) {
  for (let i = 0; i < 3; i++) {
    const a = (t + i / 3) * Math.PI * 2;
    sparkle(ctx, x + Math.cos(a) * r, y + Math.sin(a) * r * 0.3, r * 0.28, css(hsl(48, 100, 60)));
  }
}

export function puff(
  ctx: Ctx,
  x: number,
  y: number,
  r: number,
  t: number,
  colour = 'rgba(255,255,255,0.85)',
) {
  for (let i = 0; i < 3; i++) {
    const k = (t + i / 3) % 1;
    ctx.beginPath();
    ctx.arc(x + k * r * 1.5, y - k * r * 2, r * (0.35 + k * 0.5), 0, Math.PI * 2);
    ctx.fillStyle = colour;
    ctx.globalAlpha = 1 - k;
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/** "Kizuna demo" in a small pill in a corner: every generated picture says what it is. */
export function demoBadge(ctx: Ctx, w: number, h: number, corner: 'left' | 'right' = 'right') {
  const size = Math.max(8, Math.round(Math.min(w, h) * 0.045));
  ctx.font = headlineFont(size);
  const text = 'KIZUNA DEMO';
  const tw = ctx.measureText(text).width;
  const pad = size * 0.5;
  const bw = tw + pad * 2;
  const bh = size * 1.5;
  const x = corner === 'right' ? w - bw - size * 0.6 : size * 0.6;
  const y = h - bh - size * 0.6;
  ctx.beginPath();
  ctx.roundRect(x, y, bw, bh, bh / 2);
  ctx.fillStyle = 'rgba(20, 16, 40, 0.62)';
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + pad, y + bh / 2 + size * 0.05);
}
