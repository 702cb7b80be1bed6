import type { Canvas } from '@napi-rs/canvas';
import { seededRandom, seedText } from '../../../lib/deterministic.js';
import { font } from '../../../lib/fonts.js';
import { startCard } from '../card-canvas.js';
import { hsl, INK, mix, readableOn, rgba, WHITE } from '../card-colours.js';
import type { CardData } from '../card-data.js';
import { LEVELUP_CARD } from '../card-sizes.js';
import { drawAvatarCircle, drawBackdrop, drawGlow, fitText } from '../draw.js';

export { LEVELUP_CARD };

/** The level-up banner: light rays behind the avatar, confetti, "LEVEL UP!" and the new level in a medal. */
export function drawLevelUpCard(data: CardData): Canvas {
  const { canvas, ctx, W, H, accent, light } = startCard(LEVELUP_CARD, data.accent, {
    corner: 28,
    lightShare: 0.5,
  });

  drawBackdrop(ctx, W, H, accent, INK, data.backdrop);

  // Rays fanning out from the medal.
  const medal = { x: 668, y: 130, r: 74 };
  ctx.save();
  ctx.translate(medal.x, medal.y);
  for (let i = 0; i < 18; i++) {
    ctx.rotate((Math.PI * 2) / 18);
    ctx.fillStyle = rgba(light, i % 2 === 0 ? 0.1 : 0.05);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(420, -46);
    ctx.lineTo(420, 46);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
  drawGlow(ctx, medal.x, medal.y, 190, accent, 0.55);
  drawGlow(ctx, 120, 130, 200, accent, 0.3);

  // Confetti: placed by a seed of name and level, so the same level-up always looks the same.
  const random = seededRandom('levelup-confetti', seedText(data.name), data.level);
  for (let i = 0; i < 46; i++) {
    const x = random() * W;
    const y = random() * H;
    const hue = random();
    const colour = hue < 0.4 ? light : hue < 0.7 ? WHITE : hsl(Math.floor(random() * 360), 0.85, 0.65);
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(random() * Math.PI);
    ctx.fillStyle = rgba(colour, 0.35 + random() * 0.5);
    if (i % 3 === 0) {
      ctx.beginPath();
      ctx.arc(0, 0, 2 + random() * 3, 0, Math.PI * 2);
      ctx.fill();
    } else {
      ctx.fillRect(-5, -2, 10 + random() * 6, 4);
    }
    ctx.restore();
  }

  drawAvatarCircle(ctx, data.face, 120, 130, 76, { from: WHITE, to: light, width: 6 });

  // Headline with a gradient from white into the accent.
  const left = 226;
  const headline = ctx.createLinearGradient(left, 70, left, 128);
  headline.addColorStop(0, '#ffffff');
  headline.addColorStop(1, rgba(light, 1));
  ctx.font = font(800, 60);
  ctx.fillStyle = headline;
  ctx.shadowColor = rgba(mix(accent, INK, 0.5), 0.6);
  ctx.shadowBlur = 16;
  ctx.fillText('LEVEL UP!', left, 124);
  ctx.shadowBlur = 0;
  ctx.shadowColor = 'transparent';

  const name = fitText(ctx, data.name, medal.x - medal.r - left - 30, 600, 28, 18);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.fillText(name, left, 166);
  if (data.level > 0) {
    ctx.font = font(400, 20);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.62)';
    ctx.fillText(`Level ${data.level - 1}  →  Level ${data.level}`, left, 200);
  }

  // The medal: a disc in the accent with a bright rim, "LEVEL" over the number.
  ctx.save();
  ctx.shadowColor = 'rgba(0, 0, 0, 0.4)';
  ctx.shadowBlur = 24;
  const disc = ctx.createLinearGradient(
    medal.x - medal.r,
    medal.y - medal.r,
    medal.x + medal.r,
    medal.y + medal.r,
  );
  disc.addColorStop(0, rgba(light, 1));
  disc.addColorStop(1, rgba(mix(accent, INK, 0.25), 1));
  ctx.fillStyle = disc;
  ctx.beginPath();
  ctx.arc(medal.x, medal.y, medal.r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.arc(medal.x, medal.y, medal.r - 8, 0, Math.PI * 2);
  ctx.stroke();
  ctx.textAlign = 'center';
  ctx.font = font(600, 15);
  ctx.letterSpacing = '3px';
  // The disc runs from the light accent to a darker one; its middle decides the ink.
  const ink = readableOn(mix(light, mix(accent, INK, 0.25), 0.5));
  ctx.fillStyle = ink;
  ctx.globalAlpha = 0.9;
  ctx.fillText('LEVEL', medal.x + 1.5, medal.y - 22);
  ctx.globalAlpha = 1;
  ctx.letterSpacing = '0px';
  const level = String(data.level);
  ctx.font = font(800, level.length > 3 ? 44 : 58);
  ctx.fillStyle = ink;
  ctx.shadowColor = ink === '#ffffff' ? 'rgba(0, 0, 0, 0.3)' : 'rgba(255, 255, 255, 0.3)';
  ctx.shadowBlur = 8;
  ctx.fillText(level, medal.x, medal.y + 36);
  ctx.textAlign = 'left';
  return canvas;
}
