import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { seededRandom, seedText } from '../../lib/deterministic.js';
import { font } from '../../lib/fonts.js';
import { hsl, rgba } from './card-colours.js';
import { graphemesOf } from './draw.js';

const SIZE = 256;

/**
 * The avatar drawn when none is given or the given one cannot be used: a two-tone gradient whose
 * hues come from the name, and the name's first character. Same name, same face.
 */
export function defaultAvatar(name: string): Canvas {
  const random = seededRandom('default-avatar', seedText(name));
  const hue = Math.floor(random() * 360);
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, SIZE, SIZE);
  gradient.addColorStop(0, rgba(hsl(hue, 0.75, 0.62), 1));
  gradient.addColorStop(1, rgba(hsl((hue + 50) % 360, 0.7, 0.42), 1));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, SIZE, SIZE);
  // A faint highlight in the upper left gives the flat disc some depth.
  const shine = ctx.createRadialGradient(SIZE * 0.3, SIZE * 0.25, 0, SIZE * 0.3, SIZE * 0.25, SIZE * 0.7);
  shine.addColorStop(0, 'rgba(255, 255, 255, 0.28)');
  shine.addColorStop(1, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = shine;
  ctx.fillRect(0, 0, SIZE, SIZE);

  const initial = (graphemesOf(name.trim())[0] ?? '?').toLocaleUpperCase('en');
  ctx.font = font(800, 120);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.25)';
  ctx.shadowBlur = 12;
  ctx.fillText(initial, SIZE / 2, SIZE / 2 + 6);
  return canvas;
}
