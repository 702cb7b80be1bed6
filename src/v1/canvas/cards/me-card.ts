import type { Canvas } from '@napi-rs/canvas';
import { font } from '../../../lib/fonts.js';
import { startCard } from '../card-canvas.js';
import { INK, mix, rgba, WHITE } from '../card-colours.js';
import type { CardData } from '../card-data.js';
import { ME_CARD } from '../card-sizes.js';
import { drawAvatarCircle, drawCover, drawGlow, drawProgressBar, fitText } from '../draw.js';
import { progressShare, rankLabel, xpFigures } from '../progress.js';

export { ME_CARD };

/** The profile card: a banner, the avatar overlapping it, the name, three stat tiles and a slim bar. */
export function drawMeCard(data: CardData): Canvas {
  const { canvas, ctx, W, H, accent, light } = startCard(ME_CARD, data.accent, {
    corner: 30,
    lightShare: 0.5,
  });
  const body = mix(INK, accent, 0.06);
  const bannerHeight = 150;

  ctx.fillStyle = rgba(body, 1);
  ctx.fillRect(0, 0, W, H);

  // Banner: the accent in a diagonal sweep, the blurred avatar over it, a fade into the body.
  const banner = ctx.createLinearGradient(0, 0, W, bannerHeight);
  banner.addColorStop(0, rgba(mix(accent, WHITE, 0.25), 1));
  banner.addColorStop(1, rgba(mix(accent, INK, 0.45), 1));
  ctx.fillStyle = banner;
  ctx.fillRect(0, 0, W, bannerHeight);
  if (data.backdrop) {
    ctx.save();
    ctx.globalAlpha = 0.6;
    drawCover(ctx, data.backdrop, 0, 0, W, bannerHeight);
    ctx.restore();
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, W, bannerHeight);
  ctx.clip();
  for (let i = 0; i < 7; i++) {
    ctx.fillStyle = `rgba(255, 255, 255, ${0.035 + (i % 3) * 0.015})`;
    ctx.beginPath();
    ctx.arc(W - 90 - i * 70, 30 + (i % 2) * 60, 40 + i * 9, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
  const fade = ctx.createLinearGradient(0, bannerHeight - 40, 0, bannerHeight);
  fade.addColorStop(0, rgba(body, 0));
  fade.addColorStop(1, rgba(body, 1));
  ctx.fillStyle = fade;
  ctx.fillRect(0, bannerHeight - 40, W, 40);
  drawGlow(ctx, 130, 160, 220, accent, 0.25);

  // The avatar sits on the banner's edge with a body-coloured gap, like a profile page.
  ctx.fillStyle = rgba(body, 1);
  ctx.beginPath();
  ctx.arc(130, 150, 92, 0, Math.PI * 2);
  ctx.fill();
  drawAvatarCircle(ctx, data.face, 130, 150, 78, { from: light, to: accent, width: 5 });

  // The name alone beside the avatar: level and rank have their tiles below, shown once.
  const left = 236;
  const name = fitText(ctx, data.name, W - left - 40, 800, 40, 24);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(name, left, 218);

  // Stat tiles.
  const share = progressShare(data.xp, data.needed);
  const figures = xpFigures(data.xp, data.needed);
  const tiles: Array<[string, string]> = [
    ['LEVEL', String(data.level)],
    ['RANK', data.rank === undefined ? '—' : rankLabel(data.rank)],
    ['XP', figures.xp],
  ];
  const gap = 16;
  const tileWidth = (W - 80 - gap * 2) / 3;
  tiles.forEach(([label, value], i) => {
    const tx = 40 + i * (tileWidth + gap);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.055)';
    ctx.beginPath();
    ctx.roundRect(tx, 272, tileWidth, 80, 18);
    ctx.fill();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.09)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.font = font(600, 14);
    ctx.letterSpacing = '2px';
    ctx.fillStyle = 'rgba(255, 255, 255, 0.5)';
    ctx.fillText(label, tx + 20, 300);
    ctx.letterSpacing = '0px';
    ctx.font = font(800, 30);
    ctx.fillStyle = i === 0 ? rgba(light, 1) : '#ffffff';
    ctx.fillText(value, tx + 20, 336);
  });

  ctx.font = font(600, 17);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.75)';
  ctx.fillText(`Next level · ${figures.xp} / ${figures.needed} XP`, 40, 390);
  ctx.textAlign = 'right';
  ctx.fillStyle = rgba(light, 1);
  ctx.fillText(figures.percent, W - 40, 390);
  ctx.textAlign = 'left';
  drawProgressBar(ctx, 40, 402, W - 80, 16, share, accent, light);
  return canvas;
}
