import type { Canvas } from '@napi-rs/canvas';
import { font } from '../../../lib/fonts.js';
import { startCard } from '../card-canvas.js';
import { INK, rgba } from '../card-colours.js';
import type { CardData } from '../card-data.js';
import { XP_CARD } from '../card-sizes.js';
import { drawAvatarCircle, drawBackdrop, drawGlow, drawPanel, drawProgressBar, fitText } from '../draw.js';
import { progressShare, rankLabel, xpFigures } from '../progress.js';

export { XP_CARD };

/** The rank card: avatar with a ring, name, rank and level, and a glowing XP bar on a frosted panel. */
export function drawXpCard(data: CardData): Canvas {
  const { canvas, ctx, W, H, accent, light } = startCard(XP_CARD, data.accent, {
    corner: 28,
    lightShare: 0.45,
  });

  drawBackdrop(ctx, W, H, accent, INK, data.backdrop);
  drawGlow(ctx, 145, 141, 230, accent, 0.45);
  drawGlow(ctx, W - 60, -40, 260, light, 0.18);
  drawPanel(ctx, 20, 20, W - 40, H - 40, 22);

  drawAvatarCircle(ctx, data.face, 145, 141, 86, { from: light, to: accent, width: 6 });

  const left = 266;
  const right = W - 52;

  // Rank and level, right-aligned on the name's baseline: small caps label, big number.
  ctx.textAlign = 'right';
  ctx.textBaseline = 'alphabetic';
  let x = right;
  const stat = (label: string, value: string, colour: string) => {
    ctx.font = font(800, 46);
    ctx.fillStyle = colour;
    ctx.fillText(value, x, 104);
    x -= ctx.measureText(value).width + 8;
    ctx.font = font(600, 17);
    ctx.letterSpacing = '2px';
    ctx.fillStyle = 'rgba(255, 255, 255, 0.62)';
    ctx.fillText(label, x, 104);
    x -= ctx.measureText(label).width + 26;
    ctx.letterSpacing = '0px';
  };
  stat('LEVEL', String(data.level), rgba(light, 1));
  if (data.rank !== undefined) stat('RANK', rankLabel(data.rank), 'rgba(255, 255, 255, 0.95)');

  ctx.textAlign = 'left';
  const name = fitText(ctx, data.name, x - left, 800, 44, 26);
  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
  ctx.shadowBlur = 8;
  ctx.fillText(name, left, 104);
  ctx.shadowBlur = 0;
  ctx.shadowColor = 'transparent';

  // A thin divider under the name row keeps the two halves apart without a box.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.10)';
  ctx.fillRect(left, 128, right - left, 1.5);

  const share = progressShare(data.xp, data.needed);
  const figures = xpFigures(data.xp, data.needed);
  ctx.font = font(600, 22);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(figures.xp, left, 178);
  const xpWidth = ctx.measureText(figures.xp).width;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
  ctx.font = font(400, 22);
  ctx.fillText(` / ${figures.needed} XP`, left + xpWidth, 178);
  ctx.textAlign = 'right';
  ctx.font = font(600, 22);
  ctx.fillStyle = rgba(light, 1);
  ctx.fillText(figures.percent, right, 178);
  ctx.textAlign = 'left';

  drawProgressBar(ctx, left, 196, right - left, 30, share, accent, light);
  return canvas;
}
