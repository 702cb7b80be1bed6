import type { SKRSContext2D } from '@napi-rs/canvas';
import { css, type Hsl, hsl, shade } from './colour.js';
import { between, pick, type Rng } from './rng.js';

type Ctx = SKRSContext2D;

/**
 * A chibi character drawn from shapes: what it looks like (Look, fixed per picture) and what it
 * does (Pose, per frame). Everything is drawn in units of the head's radius, with the head's
 * centre at the origin: the face reaches down to y = 1, the shoulders sit at y ≈ 1.15, the hem at
 * y ≈ 2.45 and the feet at y ≈ 3.2, so one character is about three heads tall.
 */
export type HairStyle = 'bob' | 'long' | 'twintails' | 'ponytail' | 'short' | 'spiky' | 'bun' | 'wavy';
export type Bangs = 'straight' | 'side' | 'parted' | 'spiky';
export type Ears = 'none' | 'cat' | 'fox';
export type Tail = 'none' | 'cat' | 'fox';
export type Accessory = 'none' | 'ribbon' | 'clip' | 'glasses' | 'flower' | 'headphones' | 'beret';
export type Outfit = 'sailor' | 'hoodie' | 'shirt' | 'kimono' | 'sweater' | 'jacket' | 'dress';

export interface Look {
  skin: Hsl;
  hair: Hsl;
  eyes: Hsl;
  outfit: Hsl;
  trim: Hsl;
  hairStyle: HairStyle;
  bangs: Bangs;
  ears: Ears;
  tail: Tail;
  accessory: Accessory;
  outfitStyle: Outfit;
  ahoge: boolean;
  masculine: boolean;
}

export type Eyes =
  | 'open'
  | 'happy'
  | 'closed'
  | 'wink'
  | 'shut'
  | 'wide'
  | 'heart'
  | 'sleepy'
  | 'dots'
  | 'sparkle'
  | 'spiral';
export type Mouth =
  | 'smile'
  | 'open'
  | 'cat'
  | 'frown'
  | 'o'
  | 'grin'
  | 'flat'
  | 'tongue'
  | 'pout'
  | 'wavy'
  | 'fang'
  | 'smirk'
  | 'kiss'
  | 'wail'
  | 'chew';
export type Brows = 'none' | 'angry' | 'worried' | 'raised';
export type Hand = 'open' | 'fist' | 'thumb' | 'point' | 'peace' | 'paw' | 'none';

/**
 * An arm by two angles from straight down, turning outwards: `a1` the upper arm, `a2` the
 * forearm's bend on top of it (a1 + a2 past π crosses in front of the body).
 */
export interface Arm {
  a1: number;
  a2: number;
  hand?: Hand;
}

export interface Pose {
  eyes: Eyes;
  mouth: Mouth;
  brows: Brows;
  /** 0 (none) to 1 (bright red cheeks). */
  blush: number;
  /** Head tilt in radians, positive to the character's left (clockwise on screen). */
  tilt: number;
  /** Where the pupils look, -1..1 in x and y. */
  lookX: number;
  lookY: number;
  /** null hides the arm (it is behind something, or another hand is drawn instead). */
  armL: Arm | null;
  armR: Arm | null;
  /** Leg angles from straight down, outwards. */
  legL: number;
  legR: number;
  /** Tail swing in radians. */
  tailSwing: number;
  /** The whole body leans by this angle (radians) around the hips. */
  lean: number;
  /** The head drops by this much (head units), for nods. */
  nod: number;
}

export const ARMS = {
  down: { a1: 0.18, a2: 0.08, hand: 'open' },
  hip: { a1: 0.75, a2: -2.1, hand: 'fist' },
  up: { a1: 2.65, a2: 0.15, hand: 'open' },
  wave: { a1: 2.2, a2: 0.55, hand: 'open' },
  forward: { a1: 1.35, a2: 0.1, hand: 'open' },
  cheek: { a1: 0.35, a2: 2.75, hand: 'open' },
  chest: { a1: 0.15, a2: 2.2, hand: 'fist' },
  peace: { a1: 2.0, a2: 0.9, hand: 'peace' },
  head: { a1: 2.55, a2: 1.35, hand: 'open' },
  paw: { a1: 0.5, a2: 2.55, hand: 'paw' },
} as const satisfies Record<string, Arm>;

export function basePose(overrides: Partial<Pose> = {}): Pose {
  return {
    eyes: 'open',
    mouth: 'smile',
    brows: 'none',
    blush: 0.4,
    tilt: 0,
    lookX: 0,
    lookY: 0,
    armL: ARMS.down,
    armR: ARMS.down,
    legL: 0.08,
    legR: 0.08,
    tailSwing: 0,
    lean: 0,
    nod: 0,
    ...overrides,
  };
}

const HAIR_COLOURS: Hsl[] = [
  hsl(340, 75, 78), // sakura pink
  hsl(270, 45, 72), // lavender
  hsl(215, 20, 84), // silver
  hsl(45, 85, 72), // blonde
  hsl(25, 45, 38), // brown
  hsl(228, 35, 24), // blue-black
  hsl(4, 70, 52), // red
  hsl(180, 45, 52), // teal
  hsl(150, 40, 70), // mint
  hsl(28, 85, 60), // orange
  hsl(215, 60, 45), // navy blue
  hsl(40, 30, 92), // white-cream
  hsl(300, 35, 55), // plum
  hsl(200, 70, 68), // sky blue
  hsl(15, 30, 25), // dark chocolate
];
const EYE_COLOURS: Hsl[] = [
  hsl(200, 80, 50),
  hsl(145, 55, 42),
  hsl(280, 55, 55),
  hsl(25, 75, 45),
  hsl(350, 70, 52),
  hsl(45, 90, 50),
  hsl(175, 65, 40),
  hsl(220, 70, 55),
  hsl(0, 0, 35),
];
const SKIN_TONES: Hsl[] = [
  hsl(24, 90, 92),
  hsl(22, 75, 86),
  hsl(26, 60, 78),
  hsl(25, 45, 64),
  hsl(22, 40, 48),
  hsl(30, 80, 90),
];
const OUTFIT_COLOURS: Hsl[] = [
  hsl(220, 45, 35),
  hsl(350, 60, 60),
  hsl(200, 55, 55),
  hsl(140, 35, 45),
  hsl(45, 80, 60),
  hsl(270, 40, 50),
  hsl(0, 0, 96),
  hsl(20, 70, 55),
  hsl(175, 45, 40),
  hsl(320, 45, 70),
  hsl(0, 0, 22),
];

/** A random character; `kind` fixes what a category requires (ears for neko and kitsune, a masculine look for husbando). */
export function randomLook(rng: Rng, kind: { ears?: Ears; tail?: Tail; masculine?: boolean } = {}): Look {
  const masculine = kind.masculine ?? rng() < 0.25;
  const ears = kind.ears ?? (rng() < 0.15 ? 'cat' : 'none');
  const tail = kind.tail ?? (ears === 'fox' ? 'fox' : ears === 'cat' && rng() < 0.7 ? 'cat' : 'none');
  const hair = pick(rng, HAIR_COLOURS);
  const outfit = pick(rng, OUTFIT_COLOURS);
  let trim = pick(rng, OUTFIT_COLOURS);
  if (Math.abs(trim.l - outfit.l) < 15 && Math.abs(trim.h - outfit.h) < 30)
    trim = hsl(outfit.h + 160, 70, 55);
  const accessories: Accessory[] = masculine
    ? ['none', 'none', 'glasses', 'headphones', 'clip']
    : ['none', 'ribbon', 'ribbon', 'clip', 'glasses', 'flower', 'headphones', 'beret'];
  let accessory = pick(rng, accessories);
  if (accessory === 'headphones' && ears !== 'none') accessory = 'clip';
  return {
    skin: pick(rng, SKIN_TONES),
    hair,
    eyes: pick(rng, EYE_COLOURS),
    outfit,
    trim,
    hairStyle: masculine
      ? pick(rng, ['short', 'spiky', 'short', 'ponytail'] as const)
      : pick(rng, ['bob', 'long', 'twintails', 'ponytail', 'bun', 'wavy', 'long', 'short'] as const),
    bangs: masculine
      ? pick(rng, ['spiky', 'side', 'parted'] as const)
      : pick(rng, ['straight', 'side', 'parted'] as const),
    ears,
    tail,
    accessory,
    outfitStyle: masculine
      ? pick(rng, ['shirt', 'hoodie', 'jacket', 'kimono', 'sweater'] as const)
      : pick(rng, ['sailor', 'hoodie', 'shirt', 'kimono', 'sweater', 'jacket', 'dress'] as const),
    ahoge: rng() < 0.35,
    masculine,
  };
}

/** Outline width in head units. */
const LINE = 0.045;

/** The line around a shape: a darker shade of its fill; around skin, a soft brown rather than orange. */
function outlineOf(c: Hsl): string {
  if (c.h >= 15 && c.h <= 35 && c.s >= 35 && c.s <= 95 && c.l >= 40)
    return css(hsl(12, 35, Math.max(18, c.l - 45)));
  return css(shade(c, -32, 10));
}

function fillStroke(ctx: Ctx, fill: Hsl, outline = true) {
  ctx.fillStyle = css(fill);
  ctx.fill();
  if (outline) {
    ctx.strokeStyle = outlineOf(fill);
    ctx.lineWidth = LINE;
    ctx.stroke();
  }
}

/** The end of an arm's or leg's segment from `from`, `length` long at `angle` from straight down, outwards on `side`. */
function segment(from: [number, number], angle: number, length: number, side: number): [number, number] {
  return [from[0] + side * Math.sin(angle) * length, from[1] + Math.cos(angle) * length];
}

function drawTail(ctx: Ctx, look: Look, swing: number) {
  if (look.tail === 'none') return;
  ctx.save();
  ctx.translate(0.35, 2.25);
  ctx.rotate(swing);
  if (look.tail === 'cat') {
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.bezierCurveTo(0.9, 0.2, 1.2, -0.4, 1.05, -1.1);
    ctx.lineCap = 'round';
    ctx.strokeStyle = outlineOf(look.hair);
    ctx.lineWidth = 0.26;
    ctx.stroke();
    ctx.strokeStyle = css(look.hair);
    ctx.lineWidth = 0.18;
    ctx.stroke();
  } else {
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.bezierCurveTo(0.5, 0.5, 1.6, 0.2, 1.5, -1.0);
    ctx.bezierCurveTo(1.45, -1.5, 1.1, -1.8, 1.0, -1.9);
    ctx.bezierCurveTo(1.0, -1.2, 0.6, -0.6, 0, -0.25);
    ctx.closePath();
    fillStroke(ctx, look.hair);
    // The white tip.
    ctx.save();
    ctx.clip();
    ctx.beginPath();
    ctx.ellipse(1.2, -1.75, 0.45, 0.5, 0.4, 0, Math.PI * 2);
    ctx.fillStyle = css(hsl(40, 40, 96));
    ctx.fill();
    ctx.restore();
  }
  ctx.restore();
}

function drawBackHair(ctx: Ctx, look: Look) {
  const back = shade(look.hair, -10);
  ctx.beginPath();
  switch (look.hairStyle) {
    case 'long':
    case 'wavy': {
      ctx.moveTo(-1.12, 0);
      ctx.arc(0, -0.05, 1.13, Math.PI, 0);
      ctx.lineTo(1.2, 1.5);
      if (look.hairStyle === 'wavy') {
        for (let i = 0; i <= 8; i++) {
          const y = 1.5 + i * 0.14;
          ctx.lineTo(1.2 + Math.sin(i * 1.6) * 0.12, y);
        }
      } else ctx.lineTo(1.15, 2.6);
      for (let i = 0; i < 6; i++) {
        const x = 1.15 - (i + 0.5) * (2.3 / 6);
        ctx.lineTo(x, 2.9 - (i % 2) * 0.12);
        ctx.lineTo(1.15 - (i + 1) * (2.3 / 6), 2.62);
      }
      ctx.lineTo(-1.2, 1.5);
      break;
    }
    case 'bob': {
      ctx.moveTo(-1.15, 0);
      ctx.arc(0, -0.05, 1.14, Math.PI, 0);
      ctx.bezierCurveTo(1.25, 0.5, 1.25, 0.9, 1.05, 1.05);
      ctx.lineTo(-1.05, 1.05);
      ctx.bezierCurveTo(-1.25, 0.9, -1.25, 0.5, -1.15, 0);
      break;
    }
    case 'spiky': {
      const spikes = 11;
      for (let i = 0; i <= spikes; i++) {
        const a = Math.PI * 0.85 + (i / spikes) * Math.PI * 1.3;
        const r = i % 2 === 0 ? 1.12 : 1.42;
        const x = Math.cos(a) * r;
        const y = Math.sin(a) * r - 0.05;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.lineTo(0.9, 0.75);
      ctx.lineTo(-0.9, 0.75);
      break;
    }
    default: {
      ctx.moveTo(-1.12, 0.1);
      ctx.arc(0, -0.05, 1.13, Math.PI, 0);
      ctx.lineTo(1.05, 0.75);
      ctx.lineTo(-1.05, 0.75);
    }
  }
  ctx.closePath();
  fillStroke(ctx, back);

  if (look.hairStyle === 'twintails') {
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(side * 0.9, -0.55);
      ctx.bezierCurveTo(side * 1.9, -0.4, side * 1.9, 1.3, side * 1.45, 2.3);
      ctx.bezierCurveTo(side * 1.3, 1.5, side * 1.05, 0.4, side * 0.85, -0.1);
      ctx.closePath();
      fillStroke(ctx, back);
      ctx.beginPath();
      ctx.ellipse(side * 1.02, -0.45, 0.13, 0.18, 0, 0, Math.PI * 2);
      fillStroke(ctx, look.trim);
    }
  } else if (look.hairStyle === 'ponytail') {
    ctx.beginPath();
    ctx.moveTo(0.55, -0.95);
    ctx.bezierCurveTo(1.7, -1.2, 1.9, 0.4, 1.35, 1.6);
    ctx.bezierCurveTo(1.35, 0.6, 1.0, -0.2, 0.75, -0.55);
    ctx.closePath();
    fillStroke(ctx, back);
  } else if (look.hairStyle === 'bun') {
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(side * 0.72, -0.9, 0.38, 0, Math.PI * 2);
      fillStroke(ctx, back);
    }
  }
}

function drawEars(ctx: Ctx, look: Look) {
  if (look.ears === 'none') return;
  const fox = look.ears === 'fox';
  for (const side of [-1, 1]) {
    const base1: [number, number] = [side * 0.35, -0.95];
    const base2: [number, number] = [side * 0.95, -0.5];
    const tip: [number, number] = fox ? [side * 1.1, -1.85] : [side * 1.0, -1.5];
    ctx.beginPath();
    ctx.moveTo(...base1);
    ctx.quadraticCurveTo(side * 0.7, fox ? -1.6 : -1.35, ...tip);
    ctx.quadraticCurveTo(side * 1.1, fox ? -1.0 : -0.9, ...base2);
    ctx.closePath();
    fillStroke(ctx, look.hair);
    ctx.beginPath();
    ctx.moveTo(side * 0.5, -0.9);
    ctx.quadraticCurveTo(side * 0.75, fox ? -1.45 : -1.25, tip[0] * 0.94, tip[1] * 0.9);
    ctx.quadraticCurveTo(side * 1.0, -0.9, side * 0.85, -0.65);
    ctx.closePath();
    ctx.fillStyle = css(fox ? hsl(40, 40, 95) : hsl(345, 70, 82));
    ctx.fill();
  }
}

function facePath(ctx: Ctx) {
  ctx.beginPath();
  ctx.moveTo(-0.98, -0.1);
  ctx.arc(0, -0.1, 0.98, Math.PI, 0);
  ctx.bezierCurveTo(0.98, 0.55, 0.5, 0.95, 0, 1.02);
  ctx.bezierCurveTo(-0.5, 0.95, -0.98, 0.55, -0.98, -0.1);
  ctx.closePath();
}

const INK = hsl(250, 30, 16);

function lash(ctx: Ctx, cx: number, cy: number, side: number, w: number, masculine: boolean) {
  ctx.beginPath();
  ctx.moveTo(cx - side * w * 1.05, cy + 0.02);
  ctx.quadraticCurveTo(cx, cy - 0.16, cx + side * w * 1.15, cy - 0.04);
  if (!masculine) ctx.lineTo(cx + side * w * 1.45, cy - 0.12);
  ctx.strokeStyle = css(INK);
  ctx.lineWidth = masculine ? 0.05 : 0.07;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke();
}

export function heartPath(ctx: Ctx, x: number, y: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x, y + r * 0.9);
  ctx.bezierCurveTo(x - r * 1.6, y - r * 0.2, x - r * 0.6, y - r * 1.3, x, y - r * 0.45);
  ctx.bezierCurveTo(x + r * 0.6, y - r * 1.3, x + r * 1.6, y - r * 0.2, x, y + r * 0.9);
  ctx.closePath();
}

function drawEye(ctx: Ctx, look: Look, pose: Pose, side: number, kind: Eyes) {
  const cx = side * 0.38;
  const cy = 0.26;
  const w = 0.17;
  const h = look.masculine ? 0.17 : 0.23;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = css(INK);
  switch (kind) {
    case 'happy': {
      ctx.beginPath();
      ctx.moveTo(cx - w, cy + 0.05);
      ctx.quadraticCurveTo(cx, cy - 0.2, cx + w, cy + 0.05);
      ctx.lineWidth = 0.07;
      ctx.stroke();
      return;
    }
    case 'closed': {
      ctx.beginPath();
      ctx.moveTo(cx - w, cy);
      ctx.quadraticCurveTo(cx, cy + 0.14, cx + w, cy);
      ctx.lineWidth = 0.06;
      ctx.stroke();
      return;
    }
    case 'shut': {
      ctx.beginPath();
      ctx.moveTo(cx + side * w, cy - 0.12);
      ctx.lineTo(cx - side * w * 0.8, cy);
      ctx.lineTo(cx + side * w, cy + 0.12);
      ctx.lineWidth = 0.07;
      ctx.stroke();
      return;
    }
    case 'dots': {
      ctx.beginPath();
      ctx.ellipse(cx + pose.lookX * 0.05, cy, 0.045, 0.07, 0, 0, Math.PI * 2);
      ctx.fillStyle = css(INK);
      ctx.fill();
      return;
    }
    case 'spiral': {
      ctx.beginPath();
      for (let i = 0; i <= 24; i++) {
        const a = i * 0.55;
        const r = 0.015 + i * 0.0065;
        const x = cx + Math.cos(a) * r;
        const y = cy + Math.sin(a) * r;
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.lineWidth = 0.035;
      ctx.stroke();
      return;
    }
    case 'heart': {
      heartPath(ctx, cx, cy, 0.15);
      ctx.fillStyle = css(hsl(350, 85, 60));
      ctx.fill();
      ctx.beginPath();
      ctx.arc(cx - 0.05, cy - 0.06, 0.03, 0, Math.PI * 2);
      ctx.fillStyle = '#fff';
      ctx.fill();
      return;
    }
    case 'wide': {
      ctx.beginPath();
      ctx.ellipse(cx, cy, w * 1.05, h * 1.05, 0, 0, Math.PI * 2);
      ctx.fillStyle = '#fff';
      ctx.fill();
      ctx.lineWidth = 0.035;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(cx + pose.lookX * 0.05, cy + pose.lookY * 0.05, 0.05, 0, Math.PI * 2);
      ctx.fillStyle = css(INK);
      ctx.fill();
      return;
    }
    default:
  }
  // Open eyes: sclera, iris, pupil, shine; sleepy ones under a heavy lid.
  const sleepy = kind === 'sleepy';
  ctx.save();
  ctx.beginPath();
  ctx.ellipse(cx, cy, w, h, 0, 0, Math.PI * 2);
  if (sleepy) {
    ctx.rect(cx - w * 1.2, cy - h * 1.2, w * 2.4, h * 1.0);
  }
  ctx.clip(sleepy ? 'evenodd' : 'nonzero');
  ctx.beginPath();
  ctx.ellipse(cx, cy, w, h, 0, 0, Math.PI * 2);
  ctx.fillStyle = '#fff';
  ctx.fill();
  const ix = cx + pose.lookX * 0.045;
  const iy = cy + pose.lookY * 0.05 + 0.015;
  const gradient = ctx.createLinearGradient(0, iy - h, 0, iy + h);
  gradient.addColorStop(0, css(shade(look.eyes, -28)));
  gradient.addColorStop(1, css(shade(look.eyes, 22)));
  ctx.beginPath();
  ctx.ellipse(ix, iy, w * 0.82, h * 0.86, 0, 0, Math.PI * 2);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(ix, iy + 0.01, w * 0.4, h * 0.45, 0, 0, Math.PI * 2);
  ctx.fillStyle = css(shade(look.eyes, -40));
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(ix - w * 0.32, iy - h * 0.38, kind === 'sparkle' ? 0.065 : 0.05, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(ix + w * 0.3, iy + h * 0.35, 0.025, 0, Math.PI * 2);
  ctx.fill();
  if (kind === 'sparkle') {
    ctx.beginPath();
    ctx.arc(ix + w * 0.25, iy - h * 0.1, 0.035, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
  if (sleepy) {
    ctx.beginPath();
    ctx.moveTo(cx - w * 1.05, cy - h * 0.2);
    ctx.lineTo(cx + w * 1.05, cy - h * 0.2);
    ctx.strokeStyle = css(INK);
    ctx.lineWidth = 0.06;
    ctx.stroke();
  } else lash(ctx, cx, cy - h * 0.88, side, w, look.masculine);
}

function drawMouth(ctx: Ctx, look: Look, mouth: Mouth) {
  const y = 0.68;
  const lip = css(hsl(350, 45, 38));
  const inside = css(hsl(350, 55, 35));
  const tongue = css(hsl(355, 75, 70));
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = lip;
  ctx.lineWidth = 0.045;
  const small = look.masculine ? 0.85 : 1;
  switch (mouth) {
    case 'smile':
      ctx.beginPath();
      ctx.arc(0, y - 0.06, 0.1 * small, 0.2 * Math.PI, 0.8 * Math.PI);
      ctx.stroke();
      return;
    case 'frown':
      ctx.beginPath();
      ctx.arc(0, y + 0.07, 0.09, 1.2 * Math.PI, 1.8 * Math.PI);
      ctx.stroke();
      return;
    case 'flat':
      ctx.beginPath();
      ctx.moveTo(-0.07, y);
      ctx.lineTo(0.07, y);
      ctx.stroke();
      return;
    case 'cat':
      ctx.beginPath();
      ctx.arc(-0.055, y - 0.02, 0.055, 0.1 * Math.PI, 0.95 * Math.PI);
      ctx.moveTo(0.11, y - 0.02);
      ctx.arc(0.055, y - 0.02, 0.055, 0.05 * Math.PI, 0.9 * Math.PI);
      ctx.stroke();
      return;
    case 'wavy':
      ctx.beginPath();
      for (let i = 0; i <= 12; i++) {
        const x = -0.12 + i * 0.02;
        const yy = y + Math.sin(i * 1.3) * 0.025;
        if (i === 0) ctx.moveTo(x, yy);
        else ctx.lineTo(x, yy);
      }
      ctx.stroke();
      return;
    case 'smirk':
      ctx.beginPath();
      ctx.moveTo(-0.08, y);
      ctx.quadraticCurveTo(0.04, y + 0.04, 0.11, y - 0.06);
      ctx.stroke();
      return;
    case 'kiss':
    case 'pout':
      ctx.beginPath();
      ctx.arc(0.0, y - 0.025, 0.035, -0.5 * Math.PI, 0.5 * Math.PI);
      ctx.arc(0.0, y + 0.035, 0.03, -0.5 * Math.PI, 0.5 * Math.PI);
      ctx.stroke();
      return;
    case 'o':
      ctx.beginPath();
      ctx.ellipse(0, y, 0.06, 0.08, 0, 0, Math.PI * 2);
      ctx.fillStyle = inside;
      ctx.fill();
      return;
    case 'chew':
      ctx.beginPath();
      ctx.ellipse(0, y, 0.09, 0.05, 0, 0, Math.PI * 2);
      ctx.fillStyle = inside;
      ctx.fill();
      return;
    case 'tongue':
      ctx.beginPath();
      ctx.arc(0, y - 0.06, 0.1, 0.15 * Math.PI, 0.85 * Math.PI);
      ctx.stroke();
      ctx.beginPath();
      ctx.ellipse(0.02, y + 0.06, 0.055, 0.07, 0, 0, Math.PI);
      ctx.fillStyle = tongue;
      ctx.fill();
      return;
    case 'fang':
      ctx.beginPath();
      ctx.arc(0, y - 0.06, 0.1, 0.2 * Math.PI, 0.8 * Math.PI);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(0.03, y + 0.02);
      ctx.lineTo(0.055, y + 0.07);
      ctx.lineTo(0.075, y + 0.015);
      ctx.fillStyle = '#fff';
      ctx.fill();
      return;
    default: {
      // open, grin, wail: an open mouth, wider or taller.
      const wide = mouth === 'grin' ? 0.16 : mouth === 'wail' ? 0.13 : 0.11;
      const tall = mouth === 'wail' ? 0.17 : mouth === 'grin' ? 0.11 : 0.12;
      ctx.beginPath();
      ctx.moveTo(-wide, y - 0.04);
      ctx.quadraticCurveTo(0, y - 0.01, wide, y - 0.04);
      ctx.quadraticCurveTo(wide * 0.7, y + tall, 0, y + tall);
      ctx.quadraticCurveTo(-wide * 0.7, y + tall, -wide, y - 0.04);
      ctx.closePath();
      ctx.fillStyle = inside;
      ctx.fill();
      ctx.save();
      ctx.clip();
      ctx.beginPath();
      ctx.ellipse(0, y + tall, wide * 0.7, tall * 0.5, 0, 0, Math.PI * 2);
      ctx.fillStyle = tongue;
      ctx.fill();
      if (mouth === 'grin') {
        ctx.fillStyle = '#fff';
        ctx.fillRect(-wide, y - 0.05, wide * 2, 0.035);
      }
      ctx.restore();
    }
  }
}

function drawBlush(ctx: Ctx, amount: number) {
  if (amount <= 0) return;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(side * 0.56, 0.56, 0.17, 0.085, 0, 0, Math.PI * 2);
    ctx.fillStyle = css(hsl(352, 90, 68), 0.35 + 0.4 * Math.min(1, amount));
    ctx.fill();
    if (amount > 0.7) {
      ctx.beginPath();
      for (let i = -1; i <= 1; i++) {
        ctx.moveTo(side * 0.56 + i * 0.07 + 0.03, 0.5);
        ctx.lineTo(side * 0.56 + i * 0.07 - 0.02, 0.61);
      }
      ctx.strokeStyle = css(hsl(352, 70, 50), 0.7);
      ctx.lineWidth = 0.025;
      ctx.stroke();
    }
  }
}

function drawBrows(ctx: Ctx, brows: Brows) {
  if (brows === 'none') return;
  ctx.strokeStyle = css(INK);
  ctx.lineWidth = 0.055;
  ctx.lineCap = 'round';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    const inner = side * 0.2;
    const outer = side * 0.55;
    if (brows === 'angry') {
      ctx.moveTo(inner, -0.02);
      ctx.lineTo(outer, -0.16);
    } else if (brows === 'worried') {
      ctx.moveTo(inner, -0.16);
      ctx.lineTo(outer, -0.04);
    } else {
      ctx.moveTo(inner, -0.16);
      ctx.quadraticCurveTo(side * 0.38, -0.26, outer, -0.16);
    }
    ctx.stroke();
  }
}

/** The fringe: strands from the crown down to the eyebrows, cut in the given style. */
function drawBangs(ctx: Ctx, look: Look) {
  const tips: Array<[number, number]> = [];
  const roots: Array<[number, number]> = [];
  const n = look.bangs === 'spiky' ? 6 : 5;
  for (let i = 0; i <= n; i++) {
    const x = -1.0 + (i * 2.0) / n;
    if (look.bangs === 'parted') {
      const d = Math.abs(x);
      roots.push([x, -0.3 - (1 - d) * 0.45]);
    } else roots.push([x, look.bangs === 'spiky' ? -0.38 : -0.27]);
  }
  // Strands of uneven length, as a fringe is never cut with a ruler.
  const uneven = [0.04, -0.06, 0.07, -0.02, 0.05, -0.05];
  for (let i = 0; i < n; i++) {
    const mid = (roots[i][0] + roots[i + 1][0]) / 2;
    const sweep = look.bangs === 'side' ? 0.12 + i * 0.02 : 0;
    const drop = look.bangs === 'side' ? 0.0 + i * 0.035 : look.bangs === 'spiky' ? 0.06 : 0.0;
    tips.push([mid + sweep, drop + uneven[i]]);
  }
  ctx.beginPath();
  ctx.moveTo(1.02, 0.35);
  // Over the crown, right to left.
  ctx.bezierCurveTo(1.25, -0.9, 0.6, -1.25, 0, -1.2);
  ctx.bezierCurveTo(-0.6, -1.25, -1.25, -0.9, -1.02, 0.35);
  // Along the fringe, left to right.
  ctx.lineTo(roots[0][0], roots[0][1] + 0.2);
  for (let i = 0; i < n; i++) {
    const [tx, ty] = tips[i];
    const [rx, ry] = roots[i + 1];
    const sharp = look.bangs === 'spiky' ? 0.0 : 0.1;
    ctx.quadraticCurveTo(tx - 0.08 - sharp, ty - 0.25, tx, ty);
    ctx.quadraticCurveTo(tx + 0.05 + sharp, ty - 0.22, rx, ry + (i === n - 1 ? 0.2 : 0));
  }
  ctx.closePath();
  fillStroke(ctx, look.hair);

  // Side locks that frame the face.
  const lockEnd =
    look.hairStyle === 'short' || look.hairStyle === 'spiky' ? 0.55 : look.hairStyle === 'bob' ? 0.95 : 1.25;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(side * 0.72, -0.3);
    ctx.quadraticCurveTo(side * 1.08, 0.2, side * 0.98, lockEnd);
    ctx.quadraticCurveTo(side * 0.88, lockEnd * 0.6, side * 0.8, 0.25);
    ctx.closePath();
    fillStroke(ctx, look.hair);
  }

  // Shine: a soft band across the crown.
  ctx.beginPath();
  ctx.arc(0, -0.05, 0.82, 1.18 * Math.PI, 1.42 * Math.PI);
  ctx.moveTo(Math.cos(1.55 * Math.PI) * 0.82, -0.05 + Math.sin(1.55 * Math.PI) * 0.82);
  ctx.arc(0, -0.05, 0.82, 1.55 * Math.PI, 1.8 * Math.PI);
  ctx.strokeStyle = css(shade(look.hair, 18), 0.75);
  ctx.lineWidth = 0.08;
  ctx.lineCap = 'round';
  ctx.stroke();

  if (look.ahoge) {
    ctx.beginPath();
    ctx.moveTo(0.05, -1.15);
    ctx.bezierCurveTo(0.1, -1.6, 0.55, -1.6, 0.45, -1.35);
    ctx.strokeStyle = outlineOf(look.hair);
    ctx.lineWidth = 0.1;
    ctx.stroke();
    ctx.strokeStyle = css(look.hair);
    ctx.lineWidth = 0.05;
    ctx.stroke();
  }
}

function flowerAt(ctx: Ctx, x: number, y: number, r: number, colour: Hsl) {
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    ctx.beginPath();
    ctx.arc(x + Math.cos(a) * r, y + Math.sin(a) * r, r * 0.75, 0, Math.PI * 2);
    ctx.fillStyle = css(colour);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
  ctx.fillStyle = css(hsl(48, 95, 60));
  ctx.fill();
}

function drawAccessory(ctx: Ctx, look: Look) {
  switch (look.accessory) {
    case 'ribbon': {
      ctx.save();
      ctx.translate(0.62, -0.88);
      ctx.rotate(0.5);
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(0, 0);
        ctx.lineTo(side * 0.42, -0.22);
        ctx.quadraticCurveTo(side * 0.5, 0, side * 0.42, 0.22);
        ctx.closePath();
        fillStroke(ctx, look.trim);
      }
      ctx.beginPath();
      ctx.arc(0, 0, 0.1, 0, Math.PI * 2);
      fillStroke(ctx, shade(look.trim, -8));
      ctx.restore();
      return;
    }
    case 'clip': {
      ctx.save();
      ctx.translate(-0.62, -0.42);
      ctx.rotate(-0.6);
      ctx.beginPath();
      for (let i = 0; i < 10; i++) {
        const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
        const r = i % 2 === 0 ? 0.17 : 0.075;
        if (i === 0) ctx.moveTo(Math.cos(a) * r, Math.sin(a) * r);
        else ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
      }
      ctx.closePath();
      fillStroke(ctx, hsl(48, 95, 62));
      ctx.restore();
      return;
    }
    case 'flower':
      flowerAt(ctx, 0.72, -0.62, 0.12, shade(look.trim, 15));
      return;
    case 'glasses': {
      ctx.strokeStyle = css(hsl(250, 20, 25));
      ctx.lineWidth = 0.045;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.ellipse(side * 0.38, 0.28, 0.25, 0.22, 0, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.moveTo(-0.13, 0.25);
      ctx.quadraticCurveTo(0, 0.18, 0.13, 0.25);
      ctx.stroke();
      return;
    }
    case 'headphones': {
      ctx.beginPath();
      ctx.arc(0, -0.05, 1.2, 1.05 * Math.PI, 1.95 * Math.PI);
      ctx.strokeStyle = outlineOf(look.trim);
      ctx.lineWidth = 0.2;
      ctx.stroke();
      ctx.strokeStyle = css(look.trim);
      ctx.lineWidth = 0.12;
      ctx.stroke();
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.ellipse(side * 1.05, 0.15, 0.2, 0.3, 0, 0, Math.PI * 2);
        fillStroke(ctx, look.trim);
      }
      return;
    }
    case 'beret': {
      ctx.save();
      ctx.translate(0.2, -1.05);
      ctx.rotate(0.25);
      ctx.beginPath();
      ctx.ellipse(0, 0, 0.85, 0.32, 0, 0, Math.PI * 2);
      fillStroke(ctx, look.trim);
      ctx.beginPath();
      ctx.arc(0, -0.32, 0.07, 0, Math.PI * 2);
      fillStroke(ctx, look.trim);
      ctx.restore();
      return;
    }
    default:
  }
}

function drawLegs(ctx: Ctx, look: Look, pose: Pose) {
  const sock = look.masculine ? shade(look.outfit, -25) : hsl(0, 0, 97);
  const shoe = hsl(look.trim.h, 35, 28);
  for (const [side, angle] of [
    [-1, pose.legL],
    [1, pose.legR],
  ] as const) {
    const hip: [number, number] = [side * 0.24, 2.3];
    const foot = segment(hip, angle, 0.85, side);
    ctx.beginPath();
    ctx.moveTo(...hip);
    ctx.lineTo(...foot);
    ctx.lineCap = 'round';
    ctx.strokeStyle = outlineOf(look.skin);
    ctx.lineWidth = 0.3;
    ctx.stroke();
    ctx.strokeStyle = css(look.masculine ? look.outfit : look.skin);
    ctx.lineWidth = 0.22;
    ctx.stroke();
    const knee = segment(hip, angle, 0.5, side);
    ctx.beginPath();
    ctx.moveTo(...knee);
    ctx.lineTo(...foot);
    ctx.strokeStyle = css(sock);
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(foot[0] + side * 0.06, foot[1] + 0.05, 0.19, 0.11, 0, 0, Math.PI * 2);
    fillStroke(ctx, shoe);
  }
}

function torsoPath(ctx: Ctx, look: Look) {
  const skirt = !look.masculine && ['sailor', 'dress', 'kimono'].includes(look.outfitStyle);
  const hem = skirt ? 0.82 : 0.6;
  ctx.beginPath();
  ctx.moveTo(-0.22, 1.0);
  ctx.quadraticCurveTo(-0.62, 1.05, -0.66, 1.35);
  ctx.lineTo(-0.52, 1.95);
  ctx.lineTo(-hem, 2.45);
  ctx.quadraticCurveTo(0, 2.55, hem, 2.45);
  ctx.lineTo(0.52, 1.95);
  ctx.lineTo(0.66, 1.35);
  ctx.quadraticCurveTo(0.62, 1.05, 0.22, 1.0);
  ctx.closePath();
}

function drawTorso(ctx: Ctx, look: Look) {
  // Neck.
  ctx.beginPath();
  ctx.rect(-0.17, 0.8, 0.34, 0.35);
  ctx.fillStyle = css(shade(look.skin, -8));
  ctx.fill();

  torsoPath(ctx, look);
  const body = ctx.createLinearGradient(-0.7, 0, 0.7, 0);
  body.addColorStop(0, css(shade(look.outfit, 6)));
  body.addColorStop(1, css(shade(look.outfit, -10)));
  ctx.fillStyle = body;
  ctx.fill();
  ctx.strokeStyle = outlineOf(look.outfit);
  ctx.lineWidth = LINE;
  ctx.stroke();

  const white = hsl(0, 0, 97);
  ctx.save();
  torsoPath(ctx, look);
  ctx.clip();
  switch (look.outfitStyle) {
    case 'sailor': {
      ctx.beginPath();
      ctx.moveTo(-0.7, 1.1);
      ctx.lineTo(0, 1.7);
      ctx.lineTo(0.7, 1.1);
      ctx.lineTo(0.7, 1.0);
      ctx.lineTo(-0.7, 1.0);
      ctx.closePath();
      fillStroke(ctx, white);
      ctx.beginPath();
      ctx.moveTo(-0.62, 1.16);
      ctx.lineTo(0, 1.62);
      ctx.lineTo(0.62, 1.16);
      ctx.strokeStyle = css(look.outfit);
      ctx.lineWidth = 0.04;
      ctx.stroke();
      break;
    }
    case 'shirt':
    case 'jacket': {
      if (look.outfitStyle === 'jacket') {
        ctx.beginPath();
        ctx.moveTo(-0.22, 1.0);
        ctx.lineTo(0, 2.5);
        ctx.lineTo(0.22, 1.0);
        ctx.closePath();
        fillStroke(ctx, white);
        for (const side of [-1, 1]) {
          ctx.beginPath();
          ctx.moveTo(side * 0.22, 1.0);
          ctx.lineTo(side * 0.42, 1.35);
          ctx.lineTo(side * 0.2, 1.5);
          ctx.lineTo(side * 0.06, 2.2);
          ctx.strokeStyle = outlineOf(look.outfit);
          ctx.lineWidth = 0.04;
          ctx.stroke();
        }
      }
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(0, 1.1);
        ctx.lineTo(side * 0.3, 1.0);
        ctx.lineTo(side * 0.22, 1.28);
        ctx.closePath();
        fillStroke(ctx, white);
      }
      ctx.beginPath();
      ctx.moveTo(-0.06, 1.12);
      ctx.lineTo(0.06, 1.12);
      ctx.lineTo(0.09, 1.8);
      ctx.lineTo(0, 1.9);
      ctx.lineTo(-0.09, 1.8);
      ctx.closePath();
      fillStroke(ctx, look.trim);
      break;
    }
    case 'hoodie': {
      ctx.beginPath();
      ctx.ellipse(0, 1.02, 0.48, 0.16, 0, 0, Math.PI * 2);
      fillStroke(ctx, shade(look.outfit, -12));
      ctx.beginPath();
      ctx.moveTo(-0.12, 1.12);
      ctx.lineTo(-0.14, 1.55);
      ctx.moveTo(0.12, 1.12);
      ctx.lineTo(0.14, 1.55);
      ctx.strokeStyle = css(white);
      ctx.lineWidth = 0.035;
      ctx.stroke();
      ctx.beginPath();
      ctx.roundRect(-0.35, 1.85, 0.7, 0.35, 0.08);
      ctx.strokeStyle = outlineOf(look.outfit);
      ctx.lineWidth = 0.035;
      ctx.stroke();
      break;
    }
    case 'kimono': {
      ctx.beginPath();
      ctx.moveTo(-0.25, 1.0);
      ctx.lineTo(0.2, 1.8);
      ctx.moveTo(0.25, 1.0);
      ctx.lineTo(-0.02, 1.5);
      ctx.strokeStyle = css(look.trim);
      ctx.lineWidth = 0.1;
      ctx.stroke();
      ctx.fillStyle = css(look.trim);
      ctx.fillRect(-0.8, 1.72, 1.6, 0.26);
      ctx.fillStyle = css(shade(look.trim, -15));
      ctx.fillRect(-0.8, 1.82, 1.6, 0.05);
      // A pattern of little flowers on the cloth.
      for (const [x, y] of [
        [-0.4, 1.4],
        [0.42, 1.3],
        [-0.3, 2.2],
        [0.35, 2.25],
      ] as const) {
        flowerAt(ctx, x, y, 0.05, shade(look.outfit, 25));
      }
      break;
    }
    case 'sweater': {
      ctx.beginPath();
      ctx.ellipse(0, 1.02, 0.3, 0.12, 0, 0, Math.PI * 2);
      fillStroke(ctx, shade(look.outfit, -10));
      ctx.fillStyle = css(look.trim);
      ctx.fillRect(-0.8, 1.5, 1.6, 0.12);
      ctx.fillRect(-0.8, 1.7, 1.6, 0.05);
      break;
    }
    default: {
      // dress: a bow at the chest and a lace hem.
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(0, 1.3);
        ctx.lineTo(side * 0.24, 1.18);
        ctx.lineTo(side * 0.24, 1.42);
        ctx.closePath();
        fillStroke(ctx, look.trim);
      }
      for (let i = -4; i <= 4; i++) {
        ctx.beginPath();
        ctx.arc(i * 0.2, 2.47, 0.1, 0, Math.PI);
        ctx.fillStyle = css(white);
        ctx.fill();
      }
    }
  }
  if (look.outfitStyle === 'sailor' || look.outfitStyle === 'dress') {
    // Pleats.
    ctx.beginPath();
    for (const x of [-0.45, -0.15, 0.15, 0.45]) {
      ctx.moveTo(x * 0.8, 2.0);
      ctx.lineTo(x * 1.2, 2.45);
    }
    ctx.strokeStyle = outlineOf(look.outfit);
    ctx.lineWidth = 0.025;
    ctx.stroke();
  }
  ctx.restore();
  if (look.outfitStyle === 'sailor') {
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(0, 1.62);
      ctx.lineTo(side * 0.26, 1.5);
      ctx.lineTo(side * 0.2, 1.8);
      ctx.closePath();
      fillStroke(ctx, look.trim);
    }
  }
}

function drawHand(ctx: Ctx, look: Look, at: [number, number], angle: number, side: number, hand: Hand) {
  if (hand === 'none') return;
  const dir: [number, number] = [side * Math.sin(angle), Math.cos(angle)];
  const finger = (length: number, spread: number) => {
    const a = angle + spread;
    const tip: [number, number] = [at[0] + side * Math.sin(a) * length, at[1] + Math.cos(a) * length];
    ctx.beginPath();
    ctx.moveTo(...at);
    ctx.lineTo(...tip);
    ctx.lineCap = 'round';
    ctx.strokeStyle = outlineOf(look.skin);
    ctx.lineWidth = 0.11;
    ctx.stroke();
    ctx.strokeStyle = css(look.skin);
    ctx.lineWidth = 0.07;
    ctx.stroke();
  };
  if (hand === 'point') finger(0.3, 0);
  if (hand === 'peace') {
    finger(0.3, -0.25);
    finger(0.3, 0.25);
  }
  if (hand === 'thumb') {
    // Thumb up, whichever way the fist points.
    ctx.beginPath();
    ctx.moveTo(at[0], at[1]);
    ctx.lineTo(at[0], at[1] - 0.3);
    ctx.lineCap = 'round';
    ctx.strokeStyle = outlineOf(look.skin);
    ctx.lineWidth = 0.13;
    ctx.stroke();
    ctx.strokeStyle = css(look.skin);
    ctx.lineWidth = 0.08;
    ctx.stroke();
  }
  const r = hand === 'fist' || hand === 'thumb' || hand === 'point' || hand === 'peace' ? 0.14 : 0.16;
  ctx.beginPath();
  ctx.arc(at[0] + dir[0] * 0.04, at[1] + dir[1] * 0.04, r, 0, Math.PI * 2);
  fillStroke(ctx, look.skin);
  if (hand === 'paw') {
    for (const s of [-1, 0, 1]) {
      ctx.beginPath();
      ctx.arc(at[0] + s * 0.08, at[1] - 0.12, 0.055, 0, Math.PI * 2);
      fillStroke(ctx, look.skin);
    }
    ctx.beginPath();
    ctx.arc(at[0], at[1] + 0.02, 0.06, 0, Math.PI * 2);
    ctx.fillStyle = css(hsl(345, 70, 80));
    ctx.fill();
  }
}

function drawArm(ctx: Ctx, look: Look, side: number, arm: Arm) {
  const shoulder: [number, number] = [side * 0.56, 1.22];
  const elbow = segment(shoulder, arm.a1, 0.58, side);
  const wrist = segment(elbow, arm.a1 + arm.a2, 0.52, side);
  ctx.beginPath();
  ctx.moveTo(...shoulder);
  ctx.lineTo(...elbow);
  ctx.lineTo(...wrist);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = outlineOf(look.outfit);
  ctx.lineWidth = 0.34;
  ctx.stroke();
  ctx.strokeStyle = css(shade(look.outfit, 3));
  ctx.lineWidth = 0.26;
  ctx.stroke();
  drawHand(ctx, look, wrist, arm.a1 + arm.a2, side, arm.hand ?? 'open');
}

/** Where a hand of the pose is, in head units; for props held in it. */
export function handPosition(arm: Arm, side: number): [number, number] {
  const elbow = segment([side * 0.56, 1.22], arm.a1, 0.58, side);
  return segment(elbow, arm.a1 + arm.a2, 0.52, side);
}

export interface DrawOptions {
  /** Mirror left to right. */
  flip?: boolean;
  /** Stretch (or squash) vertically around the feet; for squishes and hops. */
  squash?: number;
  /** Draw the body below the head (false for a head peeking out). */
  body?: boolean;
  /** Draw the legs (false for someone kneeling, seen down to the knees). */
  legs?: boolean;
  /** Draw only the arms: an arm in front of something held. */
  armsOnly?: boolean;
}

/**
 * Draws the character with its head centre at (x, y) and a head radius of `s` pixels. The canvas
 * state is left as it was found.
 */
export function drawCharacter(
  ctx: Ctx,
  look: Look,
  pose: Pose,
  x: number,
  y: number,
  s: number,
  options: DrawOptions = {},
) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(options.flip ? -s : s, s);
  const squash = options.squash ?? 1;
  if (squash !== 1) {
    ctx.translate(0, 3.2);
    ctx.scale(1 / Math.sqrt(squash), squash);
    ctx.translate(0, -3.2);
  }
  if (pose.lean) {
    ctx.translate(0, 2.3);
    ctx.rotate(pose.lean);
    ctx.translate(0, -2.3);
  }
  const body = options.body ?? true;
  if (options.armsOnly) {
    if (pose.armL) drawArm(ctx, look, -1, pose.armL);
    if (pose.armR) drawArm(ctx, look, 1, pose.armR);
    ctx.restore();
    return;
  }

  // The head turns about the neck; the back hair turns with it.
  const head = () => {
    ctx.translate(0, 0.95 + pose.nod);
    ctx.rotate(pose.tilt);
    ctx.translate(0, -0.95);
  };
  ctx.save();
  head();
  drawBackHair(ctx, look);
  ctx.restore();

  if (body) {
    drawTail(ctx, look, pose.tailSwing);
    if (options.legs ?? true) drawLegs(ctx, look, pose);
    drawTorso(ctx, look);
  }

  ctx.save();
  head();
  drawEars(ctx, look);
  facePath(ctx);
  fillStroke(ctx, look.skin);
  drawBlush(ctx, pose.blush);
  if (pose.eyes === 'wink') {
    drawEye(ctx, look, pose, -1, 'open');
    drawEye(ctx, look, pose, 1, 'happy');
  } else {
    drawEye(ctx, look, pose, -1, pose.eyes);
    drawEye(ctx, look, pose, 1, pose.eyes);
  }
  drawMouth(ctx, look, pose.mouth);
  drawBangs(ctx, look);
  drawBrows(ctx, pose.brows);
  drawAccessory(ctx, look);
  ctx.restore();

  if (body) {
    if (pose.armL) drawArm(ctx, look, -1, pose.armL);
    if (pose.armR) drawArm(ctx, look, 1, pose.armR);
  }
  ctx.restore();
}

/** A little variety in how a character stands: tilt, gaze, blush. */
export function idlePose(rng: Rng, overrides: Partial<Pose> = {}): Pose {
  return basePose({
    tilt: between(rng, -0.12, 0.12),
    lookX: between(rng, -0.6, 0.6),
    blush: between(rng, 0.2, 0.6),
    ...overrides,
  });
}
