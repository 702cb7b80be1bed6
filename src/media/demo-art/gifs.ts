import { createCanvas } from '@napi-rs/canvas';
import { randomLook } from './character.js';
import { hsl } from './colour.js';
import { demoBadge } from './effects.js';
import { REACTIONS, type Stage } from './reactions.js';
import { between, cycle, hashText, pick, seeded } from './rng.js';
import { drawScene, GROUND_AT } from './scenes.js';

export const GIF_WIDTH = 256;
export const GIF_HEIGHT = 192;
export const GIF_FRAMES = 8;

const ACCENTS = [
  hsl(350, 85, 62),
  hsl(200, 85, 55),
  hsl(280, 65, 62),
  hsl(25, 95, 58),
  hsl(150, 60, 45),
  hsl(320, 75, 65),
];

/** How long each frame of a category's reaction is shown. */
export function reactionDelayMs(category: string): number {
  return REACTIONS[category]?.delay ?? 100;
}

/** The frames of one reaction GIF as raw RGBA, one below the other, and how long each is shown. */
export interface Frames {
  width: number;
  height: number;
  count: number;
  pixels: Buffer;
  delayMs: number;
}

/**
 * Draws the frames of variant `variant` of a reaction category. The variants of a category walk
 * through its scenes and alternate near and far; the characters, their colours, which side the
 * actor stands on and the accent colour come from the seed, so no two variants look alike.
 */
export function drawReactionFrames(category: string, variant: number): Frames {
  const reaction = REACTIONS[category];
  if (!reaction) throw new Error(`no reaction is drawn for the category "${category}"`);
  const w = GIF_WIDTH;
  const h = GIF_HEIGHT;
  const seed = hashText(category);
  const rng = seeded(`${category}:${variant}`);
  const scene = cycle(reaction.scenes, variant, seed % reaction.scenes.length);
  const camera = reaction.camera ?? 'any';
  const far = camera === 'far' ? true : camera === 'near' ? false : (variant + seed) % 3 === 2;

  const backdrop = createCanvas(w, h);
  drawScene(backdrop.getContext('2d'), scene, w, h, rng);
  const a = randomLook(rng);
  const b = randomLook(rng);
  reaction.dress?.(a);
  const stage: Omit<Stage, 'ctx' | 't'> = {
    w,
    h,
    a,
    b,
    accent: pick(rng, ACCENTS),
    far,
    mirror: rng() < 0.5,
    ground: (GROUND_AT[scene] ?? 0.92) * h,
    bScale: between(rng, 0.84, 1),
  };

  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const pixels = Buffer.alloc(w * h * 4 * GIF_FRAMES);
  for (let f = 0; f < GIF_FRAMES; f++) {
    ctx.drawImage(backdrop, 0, 0);
    reaction.draw({ ...stage, ctx, t: f / GIF_FRAMES });
    demoBadge(ctx, w, h, stage.mirror ? 'left' : 'right');
    const frame = ctx.getImageData(0, 0, w, h).data;
    pixels.set(frame, f * w * h * 4);
  }
  return { width: w, height: h, count: GIF_FRAMES, pixels, delayMs: reactionDelayMs(category) };
}
