import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { ARMS, type Arm, drawCharacter, idlePose, type Look, type Pose, randomLook } from './character.js';
import { hsl } from './colour.js';
import { demoBadge, hearts, notes, sparkles } from './effects.js';
import { cycle, hashText, pick, type Rng, seeded } from './rng.js';
import { drawScene, GROUND_AT, type Scene } from './scenes.js';

export const STILL_WIDTH = 450;
export const STILL_HEIGHT = 600;

/** The scenes a portrait may stand in (the manga burst is for reactions). */
const STILL_SCENES: Scene[] = [
  'sakura',
  'night',
  'room',
  'sky',
  'city',
  'beach',
  'library',
  'sunset',
  'field',
  'festival',
  'snow',
  'forest',
  'pattern',
];

const COMPOSITIONS = ['bust', 'full', 'offset', 'closeup', 'duo', 'low'] as const;
type Composition = (typeof COMPOSITIONS)[number];

/** What each image category asks of its characters. */
function lookFor(category: string, rng: Rng): Look {
  switch (category) {
    case 'neko':
      return randomLook(rng, { ears: 'cat', tail: 'cat', masculine: rng() < 0.15 });
    case 'kitsune': {
      const look = randomLook(rng, { ears: 'fox', tail: 'fox', masculine: rng() < 0.15 });
      // Fox colours more often than not: orange, gold, white, silver.
      if (rng() < 0.6)
        look.hair = pick(rng, [
          hsl(28, 85, 58),
          hsl(40, 80, 70),
          hsl(40, 30, 93),
          hsl(210, 15, 82),
          hsl(15, 70, 45),
        ]);
      return look;
    }
    case 'husbando':
      return randomLook(rng, { masculine: true, ears: rng() < 0.1 ? 'cat' : 'none' });
    default:
      return randomLook(rng, { masculine: false });
  }
}

/** A pose for a portrait: a gesture and a face that go together. */
function stillPose(rng: Rng, masculine: boolean): Pose {
  const gestures: Array<[Partial<Pose>, number]> = [
    [{ eyes: 'open', mouth: 'smile', armR: ARMS.wave }, 1],
    [{ eyes: 'wink', mouth: 'open', armL: ARMS.peace }, 1],
    [{ eyes: 'happy', mouth: 'open', armL: ARMS.up, armR: ARMS.up }, 1],
    [{ eyes: 'open', mouth: 'cat', blush: 0.9, armL: ARMS.cheek, armR: ARMS.cheek }, masculine ? 0.2 : 1],
    [{ eyes: 'sparkle', mouth: 'grin', armR: { a1: 1.45, a2: -0.4, hand: 'thumb' } as Arm }, 1],
    [{ eyes: 'open', mouth: 'smirk', armL: ARMS.hip, armR: ARMS.down }, masculine ? 2 : 0.6],
    [{ eyes: 'happy', mouth: 'smile', armL: ARMS.chest, armR: ARMS.chest }, 1],
    [{ eyes: 'open', mouth: 'fang', armR: ARMS.head }, 0.8],
    [{ eyes: 'closed', mouth: 'smile', blush: 0.8 }, 0.8],
  ];
  const total = gestures.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [pose, weight] of gestures) {
    r -= weight;
    if (r <= 0) return idlePose(rng, pose);
  }
  return idlePose(rng);
}

/** A portrait of one image category: a scene, one or two characters, a gesture, a touch of effects. */
export function drawStill(category: string, variant: number): Canvas {
  const w = STILL_WIDTH;
  const h = STILL_HEIGHT;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const seed = hashText(category);
  const rng = seeded(`${category}:${variant}`);
  const scene = cycle(STILL_SCENES, variant, seed % STILL_SCENES.length);
  const composition: Composition = cycle(COMPOSITIONS, Math.floor(variant * 1.7), seed % COMPOSITIONS.length);
  drawScene(ctx, scene, w, h, rng);

  const look = lookFor(category, rng);
  const pose = stillPose(rng, look.masculine);
  const flip = rng() < 0.5;
  const ground = (GROUND_AT[scene] ?? 0.9) * h;
  let headX = w / 2;
  let headY = h * 0.4;
  let s = w * 0.26;
  switch (composition) {
    case 'full':
      s = h * 0.105;
      headX = w * (0.35 + rng() * 0.3);
      headY = ground + h * 0.03 - 3.25 * s;
      break;
    case 'offset':
      s = w * 0.24;
      headX = w * (rng() < 0.5 ? 0.36 : 0.64);
      headY = h * 0.45;
      pose.tilt = (headX < w / 2 ? 1 : -1) * 0.15;
      break;
    case 'closeup':
      s = w * 0.4;
      headY = h * 0.5;
      pose.armL = null;
      pose.armR = null;
      break;
    case 'low':
      s = w * 0.22;
      headY = h * 0.62;
      break;
    case 'duo':
      s = w * 0.17;
      headX = w * 0.3;
      headY = h * 0.5;
      break;
    default:
  }
  drawCharacter(ctx, look, pose, headX, headY, s, { flip });
  if (composition === 'duo') {
    const friend = lookFor(category, rng);
    const friendPose = stillPose(rng, friend.masculine);
    friendPose.tilt = -0.12;
    drawCharacter(ctx, friend, friendPose, w * 0.7, headY + s * 0.15, s * 0.95, { flip: !flip });
  }

  const accent = pick(rng, [hsl(350, 85, 65), hsl(48, 95, 62), hsl(200, 80, 65), hsl(280, 70, 70)]);
  const effect = pick(rng, ['sparkles', 'hearts', 'notes', 'none'] as const);
  const ex = headX + (flip ? -1 : 1) * s * 1.3;
  const ey = headY - s * 0.9;
  if (effect === 'sparkles') sparkles(ctx, ex, ey, s * 0.6, rng(), 4);
  else if (effect === 'hearts') hearts(ctx, ex, ey + s * 0.4, s * 0.5, rng(), 2, accent);
  else if (effect === 'notes') notes(ctx, ex, ey + s * 0.3, s * 0.45, rng(), accent);

  demoBadge(ctx, w, h);
  return canvas;
}
