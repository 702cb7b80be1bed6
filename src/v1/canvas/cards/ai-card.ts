import type { Canvas } from '@napi-rs/canvas';
import { font } from '../../../lib/fonts.js';
import { startCard } from '../card-canvas.js';
import { INK, mix, rgba } from '../card-colours.js';
import type { CardData } from '../card-data.js';
import { AI_CARD } from '../card-sizes.js';
import { drawCover, drawGlow, drawPill, fitText } from '../draw.js';
import { progressShare, rankLabel, xpFigures } from '../progress.js';

export { AI_CARD };

/** The AI card: a dark console with a dot grid, the avatar in a neon frame, and a segmented "sync" meter. */
export function drawAiCard(data: CardData): Canvas {
  const { canvas, ctx, W, H, accent, light } = startCard(AI_CARD, data.accent, {
    corner: 24,
    lightShare: 0.55,
  });
  const night = mix(INK, { r: 0, g: 0, b: 0 }, 0.4);

  ctx.fillStyle = rgba(night, 1);
  ctx.fillRect(0, 0, W, H);
  if (data.backdrop) {
    ctx.save();
    ctx.globalAlpha = 0.22;
    drawCover(ctx, data.backdrop, 0, 0, W, H);
    ctx.restore();
  }
  drawGlow(ctx, 150, 141, 260, accent, 0.32);
  drawGlow(ctx, W, H, 300, mix(accent, { r: 168, g: 85, b: 247 }, 0.6), 0.22);

  // Dot grid, fading out towards the left where the avatar sits.
  for (let gx = 24; gx < W; gx += 22) {
    const alpha = 0.03 + 0.09 * (gx / W);
    ctx.fillStyle = rgba(light, alpha);
    for (let gy = 20; gy < H; gy += 22) ctx.fillRect(gx, gy, 2, 2);
  }
  // A circuit trace from the frame along under the meter.
  ctx.strokeStyle = rgba(accent, 0.35);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(238, 212);
  ctx.lineTo(266, 212);
  ctx.lineTo(290, 240);
  ctx.lineTo(420, 240);
  ctx.stroke();
  ctx.fillStyle = rgba(light, 0.7);
  ctx.beginPath();
  ctx.arc(420, 240, 3.5, 0, Math.PI * 2);
  ctx.fill();

  // The avatar in a rounded-square neon frame.
  const size = 176;
  const ax = 58;
  const ay = (H - size) / 2;
  ctx.save();
  ctx.shadowColor = rgba(accent, 0.9);
  ctx.shadowBlur = 26;
  ctx.strokeStyle = rgba(light, 1);
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.roundRect(ax - 6, ay - 6, size + 12, size + 12, 34);
  ctx.stroke();
  ctx.restore();
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(ax, ay, size, size, 28);
  ctx.clip();
  ctx.drawImage(data.face, ax, ay, size, size);
  // Scan lines over the picture.
  ctx.fillStyle = 'rgba(0, 0, 0, 0.16)';
  for (let y = ay; y < ay + size; y += 4) ctx.fillRect(ax, y, size, 1.5);
  ctx.restore();

  const left = 290;
  const right = W - 48;
  let x = left;
  x +=
    drawPill(ctx, '✦ AI', x, 40, 28, {
      fill: rgba(accent, 0.22),
      colour: rgba(light, 1),
      size: 14,
      weight: 800,
    }) + 10;
  x +=
    drawPill(ctx, `LV ${data.level}`, x, 40, 28, {
      fill: 'rgba(255, 255, 255, 0.08)',
      colour: '#ffffff',
      size: 14,
    }) + 10;
  if (data.rank !== undefined) {
    drawPill(ctx, rankLabel(data.rank), x, 40, 28, {
      fill: 'rgba(255, 255, 255, 0.08)',
      colour: '#ffffff',
      size: 14,
    });
  }

  const name = fitText(ctx, data.name, right - left, 800, 48, 26);
  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = rgba(accent, 0.6);
  ctx.shadowBlur = 18;
  ctx.fillText(name, left, 124);
  ctx.shadowBlur = 0;
  ctx.shadowColor = 'transparent';

  const share = progressShare(data.xp, data.needed);
  ctx.font = font(600, 15);
  ctx.letterSpacing = '3px';
  ctx.fillStyle = rgba(light, 0.85);
  ctx.fillText('SYNC', left, 172);
  ctx.letterSpacing = '0px';
  ctx.textAlign = 'right';
  ctx.font = font(600, 18);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
  const figures = xpFigures(data.xp, data.needed);
  ctx.fillText(`${figures.xp} / ${figures.needed} XP · ${figures.percent}`, right, 172);
  ctx.textAlign = 'left';

  // Segmented meter: lit cells glow in the accent, the last lit one brightest.
  const cells = 24;
  const gap = 5;
  const cellWidth = (right - left - gap * (cells - 1)) / cells;
  const lit = Math.round(share * cells);
  for (let i = 0; i < cells; i++) {
    const cx = left + i * (cellWidth + gap);
    ctx.save();
    if (i < lit) {
      const t = cells > 1 ? i / (cells - 1) : 1;
      ctx.shadowColor = rgba(accent, 0.8);
      ctx.shadowBlur = i === lit - 1 ? 16 : 8;
      ctx.fillStyle = rgba(mix(accent, light, t), 1);
    } else {
      ctx.fillStyle = 'rgba(255, 255, 255, 0.08)';
    }
    ctx.beginPath();
    ctx.roundRect(cx, 188, cellWidth, 34, 6);
    ctx.fill();
    ctx.restore();
  }
  return canvas;
}
