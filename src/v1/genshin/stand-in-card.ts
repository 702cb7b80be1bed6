import { parseHex, type Rgb } from '../../lib/colour.js';
import { seededRandom } from '../../lib/deterministic.js';
import { registerCardFonts } from '../../lib/fonts.js';
import { loadOnce } from '../../lib/load-once.js';
import { INK, mix, rgba, WHITE } from '../canvas/card-colours.js';
import { drawGlow, fitText, graphemesOf } from '../canvas/draw.js';
import type { GenshinCharacter, ImageKind } from './character.js';

/**
 * The colour of each element as the game paints it; the Traveler and the mannequins (element
 * "None" in the data) get a neutral silver. An element the data may add later gets the silver too
 * until it is named here (test/v1/genshin/stand-in-card.test.ts asks for every element of the data).
 */
export const ELEMENT_COLOURS: Readonly<Record<string, string>> = {
  Anemo: '#5fd3b4',
  Cryo: '#8fd8f0',
  Dendro: '#9ccc3c',
  Electro: '#b07ce0',
  Geo: '#f2b43a',
  Hydro: '#3fa8f4',
  Pyro: '#f06a3c',
  None: '#b9bfcc',
};

const NEUTRAL = '#b9bfcc';

export function elementColour(element: string): Rgb {
  return parseHex(ELEMENT_COLOURS[element] ?? NEUTRAL) as Rgb;
}

/**
 * The size of each kind of picture as the sources serve it (roughly), so a stand-in takes the
 * same place in a layout as the picture it stands in for.
 */
export const STAND_IN_SIZES: Readonly<Record<ImageKind, { width: number; height: number }>> = {
  icon: { width: 256, height: 256 },
  sideIcon: { width: 160, height: 160 },
  avatar: { width: 256, height: 256 },
  card: { width: 420, height: 720 },
  portrait: { width: 640, height: 960 },
  cover: { width: 1024, height: 512 },
};

const NIGHT: Rgb = { r: 18, g: 20, b: 36 };

// Loaded with the first stand-in, not at start-up: the Genshin routes are part of every server,
// and the two native libraries were most of its idle memory (docs/benchmarks.md).
const loadCanvas = loadOnce(() => import('@napi-rs/canvas'));
const loadSharp = loadOnce(async () => (await import('sharp')).default);

/**
 * A picture drawn for a character whose own could not be fetched: the element's colour in a
 * gradient, the name's initial large, the name, element and stars below where there is room.
 * Same character and kind, same bytes.
 */
export async function standInCard(character: GenshinCharacter, kind: ImageKind): Promise<Buffer> {
  const [{ createCanvas }, sharp] = await Promise.all([loadCanvas(), loadSharp()]);
  registerCardFonts();
  const { width: W, height: H } = STAND_IN_SIZES[kind];
  const accent = elementColour(character.element);
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const short = Math.min(W, H);

  const ground = ctx.createLinearGradient(0, 0, W, H);
  ground.addColorStop(0, rgba(mix(NIGHT, accent, 0.85), 1));
  ground.addColorStop(0.6, rgba(mix(NIGHT, accent, 0.4), 1));
  ground.addColorStop(1, rgba(NIGHT, 1));
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, W, H);
  // A few soft lights, placed by the name: every character's card is a little different.
  const random = seededRandom('genshin-stand-in', character.id);
  for (let i = 0; i < 4; i++) {
    drawGlow(ctx, random() * W, random() * H, short * (0.35 + random() * 0.4), mix(accent, WHITE, 0.5), 0.22);
  }

  const roomy = short >= 200;
  const initialCentreY = roomy ? H * (kind === 'cover' ? 0.42 : 0.4) : H / 2;
  const initial = (graphemesOf(character.name.trim())[0] ?? '?').toLocaleUpperCase('en');
  ctx.save();
  ctx.fillStyle = rgba(WHITE, 0.95);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = rgba(INK, 0.35);
  ctx.shadowBlur = short * 0.06;
  fitText(ctx, initial, W * 0.8, 800, Math.round(short * (roomy ? 0.42 : 0.55)));
  ctx.fillText(initial, W / 2, initialCentreY);
  ctx.restore();

  if (roomy) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = rgba(WHITE, 1);
    const nameSize = Math.round(short * 0.1);
    const name = fitText(ctx, character.name, W * 0.88, 800, nameSize, Math.round(nameSize * 0.6));
    const nameY = initialCentreY + short * 0.34;
    ctx.fillText(name, W / 2, nameY);
    ctx.fillStyle = rgba(mix(accent, WHITE, 0.75), 1);
    const line = `${character.element === 'None' ? 'Traveler' : character.element} · ${'★'.repeat(character.rarity)}`;
    const detail = fitText(ctx, line, W * 0.88, 600, Math.round(short * 0.055), 10);
    ctx.fillText(detail, W / 2, nameY + short * 0.09);
  }

  const { data } = ctx.getImageData(0, 0, W, H);
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: W, height: H, channels: 4 },
  })
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();
}
