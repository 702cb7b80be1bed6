import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { ARMS, basePose, drawCharacter, randomLook } from './character.js';
import { demoBadge, sparkles } from './effects.js';
import { cycle, hashText, pick, seeded } from './rng.js';
import { drawScene, GROUND_AT, type Scene } from './scenes.js';

export const BACKDROP_WIDTH = 1280;
export const BACKDROP_HEIGHT = 720;

const MENU_SCENES: Scene[] = [
  'sunset',
  'night',
  'sakura',
  'city',
  'beach',
  'snow',
  'field',
  'festival',
  'forest',
  'sky',
];
const CANVAS_SCENES: Scene[] = [
  'sky',
  'festival',
  'library',
  'sakura',
  'pattern',
  'sunset',
  'room',
  'beach',
  'night',
  'field',
];

/**
 * A wide backdrop. Menu backdrops are scenery only (the menu card lays text over them); canvas
 * backdrops have a small cast standing in the scene.
 */
export function drawBackdrop(pool: string, variant: number): Canvas {
  const w = BACKDROP_WIDTH;
  const h = BACKDROP_HEIGHT;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const rng = seeded(`${pool}:${variant}`);
  const scenes = pool === 'menu' ? MENU_SCENES : CANVAS_SCENES;
  const scene = cycle(scenes, variant, hashText(pool) % scenes.length);
  drawScene(ctx, scene, w, h, rng);
  if (pool !== 'menu') {
    const ground = (GROUND_AT[scene] ?? 0.95) * h;
    const cast = 1 + Math.floor(rng() * 3);
    const s = h * 0.075;
    for (let i = 0; i < cast; i++) {
      const x = w * (0.2 + (0.6 * (i + 0.5)) / cast) + (rng() - 0.5) * w * 0.08;
      const pose = basePose({
        eyes: pick(rng, ['happy', 'open', 'wink'] as const),
        mouth: pick(rng, ['open', 'smile', 'cat'] as const),
        armR: pick(rng, [ARMS.wave, ARMS.up, ARMS.down, ARMS.peace]),
        tilt: (rng() - 0.5) * 0.3,
      });
      drawCharacter(ctx, randomLook(rng), pose, x, ground + h * 0.02 - 3.25 * s, s, { flip: rng() < 0.5 });
    }
    sparkles(ctx, w * 0.5, h * 0.25, h * 0.12, rng(), 5);
  }
  demoBadge(ctx, w, h);
  return canvas;
}
