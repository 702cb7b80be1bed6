import type { SKRSContext2D } from '@napi-rs/canvas';
import { css, type Hsl, hsl, shade } from './colour.js';

type Ctx = SKRSContext2D;

/** Things characters hold, eat, throw or flip. Sizes are in pixels; (x, y) is where the hand is. */

function outlined(ctx: Ctx, colour: Hsl, width: number) {
  ctx.fillStyle = css(colour);
  ctx.fill();
  ctx.strokeStyle = css(shade(colour, -35));
  ctx.lineWidth = width;
  ctx.stroke();
}

export function mallet(ctx: Ctx, x: number, y: number, size: number, angle: number, colour: Hsl) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.beginPath();
  ctx.roundRect(-size * 0.06, -size * 1.1, size * 0.12, size * 1.2, size * 0.05);
  outlined(ctx, hsl(30, 50, 55), size * 0.04);
  ctx.beginPath();
  ctx.roundRect(-size * 0.45, -size * 1.45, size * 0.9, size * 0.45, size * 0.15);
  outlined(ctx, colour, size * 0.05);
  ctx.fillStyle = 'rgba(255,255,255,0.5)';
  ctx.fillRect(-size * 0.35, -size * 1.38, size * 0.5, size * 0.08);
  ctx.restore();
}

export function dango(ctx: Ctx, x: number, y: number, size: number, angle: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.beginPath();
  ctx.moveTo(0, size * 0.2);
  ctx.lineTo(0, -size * 1.25);
  ctx.strokeStyle = css(hsl(35, 50, 60));
  ctx.lineWidth = size * 0.07;
  ctx.stroke();
  const colours = [hsl(120, 40, 65), hsl(45, 40, 94), hsl(345, 70, 80)];
  colours.forEach((c, i) => {
    ctx.beginPath();
    ctx.arc(0, -size * (0.3 + i * 0.32), size * 0.19, 0, Math.PI * 2);
    outlined(ctx, c, size * 0.035);
  });
  ctx.restore();
}

export function onigiri(ctx: Ctx, x: number, y: number, size: number) {
  ctx.beginPath();
  ctx.moveTo(x, y - size * 0.5);
  ctx.quadraticCurveTo(x + size * 0.55, y + size * 0.2, x + size * 0.45, y + size * 0.35);
  ctx.lineTo(x - size * 0.45, y + size * 0.35);
  ctx.quadraticCurveTo(x - size * 0.55, y + size * 0.2, x, y - size * 0.5);
  ctx.closePath();
  outlined(ctx, hsl(40, 30, 97), size * 0.04);
  ctx.fillStyle = css(hsl(160, 30, 20));
  ctx.fillRect(x - size * 0.2, y + size * 0.05, size * 0.4, size * 0.3);
}

export function mug(ctx: Ctx, x: number, y: number, size: number, angle: number, colour: Hsl, t: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.beginPath();
  ctx.arc(size * 0.32, -size * 0.05, size * 0.16, -Math.PI / 2, Math.PI / 2);
  ctx.strokeStyle = css(shade(colour, -25));
  ctx.lineWidth = size * 0.08;
  ctx.stroke();
  ctx.beginPath();
  ctx.roundRect(-size * 0.28, -size * 0.32, size * 0.56, size * 0.6, size * 0.08);
  outlined(ctx, colour, size * 0.04);
  ctx.beginPath();
  ctx.ellipse(0, -size * 0.32, size * 0.26, size * 0.06, 0, 0, Math.PI * 2);
  ctx.fillStyle = css(hsl(30, 50, 35));
  ctx.fill();
  ctx.restore();
  ctx.strokeStyle = 'rgba(255,255,255,0.8)';
  ctx.lineWidth = Math.max(1, size * 0.05);
  ctx.lineCap = 'round';
  for (let i = 0; i < 2; i++) {
    const k = (t + i / 2) % 1;
    ctx.globalAlpha = 1 - k;
    ctx.beginPath();
    const sx = x + (i - 0.5) * size * 0.2;
    const sy = y - size * 0.45 - k * size * 0.6;
    ctx.moveTo(sx, sy);
    ctx.bezierCurveTo(
      sx + size * 0.12,
      sy - size * 0.1,
      sx - size * 0.12,
      sy - size * 0.2,
      sx,
      sy - size * 0.3,
    );
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

export function table(ctx: Ctx, x: number, y: number, size: number, angle: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  const wood = hsl(28, 50, 52);
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.rect(side * size * 0.8 - size * 0.06, 0, size * 0.12, size * 0.6);
    outlined(ctx, shade(wood, -10), size * 0.03);
  }
  ctx.beginPath();
  ctx.roundRect(-size, -size * 0.12, size * 2, size * 0.18, size * 0.04);
  outlined(ctx, wood, size * 0.04);
  ctx.restore();
}

export function ball(ctx: Ctx, x: number, y: number, r: number, colour: Hsl) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  outlined(ctx, colour, r * 0.12);
  ctx.beginPath();
  ctx.arc(x, y, r, 0.3, 2.2);
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = r * 0.18;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x - r * 0.35, y - r * 0.35, r * 0.2, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255,255,255,0.7)';
  ctx.fill();
}

/** A plain wall panel, for peeking round and pinning against. */
export function wallPanel(ctx: Ctx, x: number, width: number, h: number, colour: Hsl) {
  ctx.fillStyle = css(colour);
  ctx.fillRect(x, 0, width, h);
  ctx.fillStyle = css(shade(colour, -12));
  ctx.fillRect(x, 0, Math.max(2, width * 0.06), h);
  ctx.fillStyle = css(shade(colour, 6));
  for (let y = h * 0.1; y < h; y += h * 0.2) ctx.fillRect(x + width * 0.15, y, width * 0.7, h * 0.01);
}
