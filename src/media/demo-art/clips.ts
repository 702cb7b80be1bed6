import { createCanvas } from '@napi-rs/canvas';
import { ARMS, basePose, drawCharacter, randomLook } from './character.js';
import { hsl } from './colour.js';
import { demoBadge, hearts, label, notes } from './effects.js';
import { seeded } from './rng.js';
import { drawScene, GROUND_AT, type Scene } from './scenes.js';

export const CLIP_WIDTH = 480;
export const CLIP_HEIGHT = 270;
export const CLIP_FPS = 15;
export const CLIP_SECONDS = 3;

/** The three clips: a scene whose weather moves, and a character greeting in front of it. */
const CLIPS: Array<{ scene: Scene; greeting: string }> = [
  { scene: 'sakura', greeting: 'Welcome!' },
  { scene: 'festival', greeting: 'Hello~' },
  { scene: 'snow', greeting: 'Hi there!' },
];

export const CLIP_COUNT = CLIPS.length;

/** The frames of clip `variant` as raw RGBA, one after the other. */
export function drawClipFrames(variant: number): {
  width: number;
  height: number;
  fps: number;
  pixels: Buffer;
} {
  const w = CLIP_WIDTH;
  const h = CLIP_HEIGHT;
  const clip = CLIPS[variant % CLIPS.length];
  const count = CLIP_FPS * CLIP_SECONDS;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const look = randomLook(seeded(`menuvid:look:${variant}`));
  const ground = (GROUND_AT[clip.scene] ?? 0.9) * h;
  const s = h * 0.12;
  const pixels = Buffer.alloc(w * h * 4 * count);
  for (let f = 0; f < count; f++) {
    const t = f / count;
    // The same seed every frame: only what moves with t moves.
    drawScene(ctx, clip.scene, w, h, seeded(`menuvid:${variant}`), t);
    const swing = Math.sin(t * Math.PI * 2 * 3) * 0.45;
    const hop = Math.abs(Math.sin(t * Math.PI * 2 * 1.5)) * s * 0.2;
    drawCharacter(
      ctx,
      look,
      basePose({
        eyes: swing > 0.3 ? 'happy' : 'open',
        mouth: 'open',
        armR: { a1: 2.3, a2: 0.4 + swing },
        armL: ARMS.down,
        blush: 0.6,
      }),
      w * 0.3,
      ground + h * 0.02 - 3.25 * s - hop,
      s,
    );
    const grow = Math.min(1, t * 4);
    label(ctx, clip.greeting, w * 0.62, h * 0.3, h * 0.1 * (0.6 + 0.4 * grow), hsl(340, 80, 60), -0.05);
    if (variant % 2 === 0) hearts(ctx, w * 0.42, h * 0.45, s * 0.6, (t * 3) % 1, 2);
    else notes(ctx, w * 0.42, h * 0.45, s * 0.6, (t * 3) % 1, hsl(200, 80, 60));
    demoBadge(ctx, w, h);
    pixels.set(ctx.getImageData(0, 0, w, h).data, f * w * h * 4);
  }
  return { width: w, height: h, fps: CLIP_FPS, pixels };
}
