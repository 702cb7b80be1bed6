import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { registerCardFonts } from '../../lib/fonts.js';
import type { CardData, CardType } from './card-data.js';
import { drawAiCard } from './cards/ai-card.js';
import { drawLevelUpCard } from './cards/levelup-card.js';
import { drawMeCard } from './cards/me-card.js';
import { drawXpCard } from './cards/xp-card.js';

const DESIGNS: Record<CardType, (data: CardData) => Canvas> = {
  xp: drawXpCard,
  me: drawMeCard,
  levelup: drawLevelUpCard,
  ai: drawAiCard,
};

/** Draws the card and returns its pixels, unpremultiplied RGBA as getImageData gives them. */
export function drawCard(type: CardType, data: CardData): { width: number; height: number; rgba: Buffer } {
  registerCardFonts();
  const canvas = DESIGNS[type](data);
  const { data: pixels } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return {
    width: canvas.width,
    height: canvas.height,
    rgba: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength),
  };
}

/**
 * Draws the card and encodes it as PNG through sharp, off the main thread: several times faster
 * than the canvas's own encoder. zlib level 4 without adaptive filters: measured on all four
 * designs, half the time of level 2 with adaptive filters (the encoder's slowest part) and 3–8 %
 * smaller files.
 */
export async function renderCard(type: CardType, data: CardData): Promise<Buffer> {
  const { width, height, rgba } = drawCard(type, data);
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();
}
