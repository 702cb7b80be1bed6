import type { SKRSContext2D } from '@napi-rs/canvas';
import { ARMS, type Arm, basePose, drawCharacter, type Look, type Pose } from './character.js';
import { css, type Hsl, hsl, shade } from './colour.js';
import {
  anger,
  bigHeart,
  dizzy,
  hearts,
  impact,
  label,
  notes,
  puff,
  sparkles,
  speedLines,
  sweat,
  tears,
  zzz,
} from './effects.js';
import { ball, dango, mallet, mug, onigiri, table, wallPanel } from './props.js';
import type { Scene } from './scenes.js';

type Ctx = SKRSContext2D;

/**
 * One frame of a reaction GIF: the characters, where the ground is, and the point `t` (0..1) in
 * the loop. A reaction draws only what moves; the scene behind is drawn once per GIF.
 */
export interface Stage {
  ctx: Ctx;
  w: number;
  h: number;
  t: number;
  /** The one who acts. */
  a: Look;
  /** The one it is done to (in reactions with two). */
  b: Look;
  /** A colour for marks that goes with the picture. */
  accent: Hsl;
  /** Whole bodies, small, standing on the ground; otherwise closer, cut at the waist. */
  far: boolean;
  /** The acting one stands on the right instead of the left. */
  mirror: boolean;
  /** Where feet stand, in pixels. */
  ground: number;
  /** The second one's size relative to the first (height differences). */
  bScale: number;
}

export interface Reaction {
  draw: (stage: Stage) => void;
  /** The scenes that suit it; the variants walk through them. */
  scenes: readonly Scene[];
  /** Whether the reaction needs whole bodies ('far'), faces ('near') or takes either. */
  camera?: 'near' | 'far' | 'any';
  /** Milliseconds per frame. */
  delay?: number;
  /** A change the reaction needs in its character (cat ears for nya, a tail for wag). */
  dress?: (look: Look) => void;
}

const TAU = Math.PI * 2;
const wave = (t: number, k = 1, phase = 0) => Math.sin((t * k + phase) * TAU);
/** -1 and +1 on alternate frames: a tremble (a sine of 4 cycles per loop would sit at 0 on every frame). */
const jitter = (t: number) => (Math.round(t * 8) % 2 === 0 ? -1 : 1);
/** 0 outside [from, to], rising to 1 and back inside it. */
const bump = (t: number, from: number, to: number) =>
  t < from || t > to ? 0 : Math.sin(((t - from) / (to - from)) * Math.PI);
/** 0 before `from`, 1 after `to`, smoothly between. */
const ramp = (t: number, from: number, to: number) => {
  const x = Math.min(1, Math.max(0, (t - from) / (to - from)));
  return x * x * (3 - 2 * x);
};

interface Spot {
  x: number;
  y: number;
  s: number;
  flip: boolean;
}

/** Where a single character stands. */
function solo(st: Stage, near = 0.19, far = 0.12): Spot {
  if (st.far) {
    const s = st.h * far;
    return { x: st.w / 2, y: st.ground + st.h * 0.02 - 3.25 * s, s, flip: st.mirror };
  }
  const s = st.h * near;
  return { x: st.w / 2, y: st.h * 0.4, s, flip: st.mirror };
}

/** Where two characters stand, the actor first; `gap` is how far apart their centres are, in head radii. */
function pair(st: Stage, gap = 3): [Spot, Spot] {
  const s = st.far ? st.h * 0.11 : st.h * 0.16;
  const y = st.far ? st.ground + st.h * 0.02 - 3.25 * s : st.h * 0.42;
  const left = st.w / 2 - (gap * s) / 2;
  const right = st.w / 2 + (gap * s) / 2;
  const sb = s * st.bScale;
  const yb = st.far ? st.ground + st.h * 0.02 - 3.25 * sb : y + (s - sb) * 1.2;
  const a: Spot = { x: st.mirror ? right : left, y, s, flip: st.mirror };
  const b: Spot = { x: st.mirror ? left : right, y: yb, s: sb, flip: !st.mirror };
  return [a, b];
}

/** +1 when the actor faces right (towards the other on the right), -1 when mirrored. */
const facing = (st: Stage) => (st.mirror ? -1 : 1);

function draw(st: Stage, look: Look, pose: Pose, spot: Spot, dx = 0, dy = 0, squash = 1) {
  drawCharacter(st.ctx, look, pose, spot.x + dx, spot.y + dy, spot.s, { flip: spot.flip, squash });
}

/** A point on a character's head, in pixels: `u` towards its partner, `v` down, in head units. */
function headPoint(spot: Spot, u: number, v: number, dx = 0, dy = 0): [number, number] {
  return [spot.x + dx + (spot.flip ? -u : u) * spot.s, spot.y + dy + v * spot.s];
}

const arm = (a1: number, a2: number, hand: Arm['hand'] = 'open'): Arm => ({ a1, a2, hand });

const INK = hsl(230, 40, 25);
const RED = hsl(355, 80, 55);
const GOLD = hsl(45, 100, 60);

// Reactions by category, each a small scene of its own.

const happy: Reaction = {
  scenes: ['field', 'sky', 'pattern', 'sakura', 'festival'],
  draw: (st) => {
    const sp = solo(st);
    const hop = Math.abs(wave(st.t, 1, 0.0)) * sp.s * 0.35;
    const land = 1 - 0.06 * bump(st.t, 0.9, 1) - 0.06 * bump(st.t, 0, 0.1);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'open',
        armL: arm(2.5 + wave(st.t) * 0.2, 0.2),
        armR: arm(2.5 - wave(st.t) * 0.2, 0.2),
        blush: 0.6,
      }),
      sp,
      0,
      -hop,
      land,
    );
    sparkles(st.ctx, sp.x, sp.y - hop, sp.s * 1.6, st.t, 5);
  },
};

const smile: Reaction = {
  scenes: ['sakura', 'field', 'sky', 'room', 'beach'],
  delay: 130,
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: wave(st.t) > 0.6 ? 'happy' : 'open',
        mouth: 'smile',
        tilt: wave(st.t) * 0.12,
        blush: 0.7,
        armL: ARMS.chest,
        armR: ARMS.chest,
      }),
      sp,
    );
    sparkles(st.ctx, sp.x + sp.s * 1.3, sp.y - sp.s * 0.6, sp.s * 0.5, st.t, 3);
    hearts(st.ctx, sp.x - sp.s * 1.4, sp.y + sp.s * 0.2, sp.s * 0.4, st.t, 1, st.accent);
  },
};

const wavehand: Reaction = {
  scenes: ['sky', 'beach', 'city', 'sakura', 'room', 'field'],
  draw: (st) => {
    const sp = solo(st);
    const swing = wave(st.t, 2) * 0.45;
    draw(
      st,
      st.a,
      basePose({ eyes: 'open', mouth: 'open', armR: arm(2.3 + swing * 0.3, 0.4 + swing), tilt: swing * 0.1 }),
      sp,
    );
    const [hx, hy] = headPoint(sp, 1.7, -0.3);
    st.ctx.strokeStyle = css(shade(st.accent, -10), 0.8);
    st.ctx.lineWidth = Math.max(1.5, sp.s * 0.06);
    for (const r of [0.35, 0.55]) {
      st.ctx.beginPath();
      st.ctx.arc(hx, hy, sp.s * r, -2.4 + swing, -1.2 + swing);
      st.ctx.stroke();
    }
  },
};

const wink: Reaction = {
  scenes: ['pattern', 'city', 'festival', 'room', 'sakura'],
  draw: (st) => {
    const sp = solo(st);
    const winking = st.t > 0.25 && st.t < 0.85;
    draw(
      st,
      st.a,
      basePose({
        eyes: winking ? 'wink' : 'open',
        mouth: winking ? 'tongue' : 'smile',
        armL: ARMS.peace,
        blush: 0.7,
        tilt: winking ? -0.12 : 0,
      }),
      sp,
    );
    if (winking) {
      const k = ramp(st.t, 0.25, 0.6);
      const [x, y] = headPoint(sp, 0.6 + k * 1.2, 0.2 - k * 0.6);
      sparkles(st.ctx, x, y, sp.s * 0.35, st.t, 2, css(GOLD));
    }
  },
};

const blush: Reaction = {
  scenes: ['pattern', 'sakura', 'room', 'festival'],
  delay: 110,
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: st.t < 0.5 ? 'happy' : 'closed',
        mouth: 'wavy',
        blush: 1,
        armL: ARMS.cheek,
        armR: ARMS.cheek,
        tilt: wave(st.t) * 0.1,
        lookX: -0.8,
      }),
      sp,
    );
    puff(st.ctx, sp.x + sp.s * 0.7, sp.y - sp.s * 1.1, sp.s * 0.4, st.t, 'rgba(255, 200, 210, 0.9)');
    hearts(st.ctx, sp.x - sp.s * 1.3, sp.y, sp.s * 0.35, st.t, 1, st.accent);
  },
};

const cry: Reaction = {
  scenes: ['night', 'room', 'city', 'snow', 'burst'],
  draw: (st) => {
    const sp = solo(st);
    const shake = jitter(st.t) * sp.s * 0.03;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        mouth: 'wail',
        brows: 'worried',
        blush: 0.8,
        armL: arm(0.4, 2.5, 'fist'),
        armR: arm(0.4, 2.5, 'fist'),
      }),
      sp,
      shake,
    );
    tears(st.ctx, sp.x + shake, sp.y, sp.s, st.t);
  },
};

const laugh: Reaction = {
  scenes: ['pattern', 'room', 'festival', 'burst', 'field'],
  delay: 80,
  draw: (st) => {
    const sp = solo(st);
    const shake = Math.abs(wave(st.t, 2)) * sp.s * 0.12;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: st.t % 0.5 < 0.25 ? 'grin' : 'open',
        armL: ARMS.chest,
        armR: ARMS.chest,
        tilt: -0.15 + wave(st.t, 2) * 0.05,
        blush: 0.8,
      }),
      sp,
      0,
      -shake,
    );
    const k = st.t % 0.5;
    label(st.ctx, 'HA', sp.x + sp.s * (1.3 + k), sp.y - sp.s * (0.8 + k), sp.s * 0.5, st.accent, 0.2);
    label(st.ctx, 'HA', sp.x - sp.s * (1.4 + k * 0.6), sp.y - sp.s * (0.2 + k), sp.s * 0.4, st.accent, -0.2);
  },
};

const angry: Reaction = {
  scenes: ['burst', 'room', 'city', 'sunset'],
  delay: 80,
  draw: (st) => {
    const sp = solo(st);
    const shake = jitter(st.t) * sp.s * 0.06;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'open',
        brows: 'angry',
        mouth: st.t < 0.5 ? 'open' : 'frown',
        blush: 0.2,
        armL: arm(0.45, 2.2 + wave(st.t, 2) * 0.2, 'fist'),
        armR: arm(0.45, 2.2 - wave(st.t, 2) * 0.2, 'fist'),
      }),
      sp,
      shake,
    );
    anger(st.ctx, sp.x + sp.s * 0.85 + shake, sp.y - sp.s * 0.85, sp.s * (0.28 + 0.06 * wave(st.t, 2)));
    puff(st.ctx, sp.x - sp.s * 0.9, sp.y - sp.s * 1.1, sp.s * 0.35, st.t, 'rgba(90, 90, 110, 0.6)');
  },
};

const baka: Reaction = {
  scenes: ['burst', 'room', 'pattern', 'sakura'],
  draw: (st) => {
    const sp = solo(st);
    const hop = bump(st.t, 0, 0.5) * sp.s * 0.2;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        mouth: 'wail',
        brows: 'angry',
        blush: 1,
        armR: arm(1.2, 0.2, 'point'),
        armL: arm(0.6, 2.3, 'fist'),
      }),
      sp,
      0,
      -hop,
    );
    const k = 0.7 + 0.3 * ramp(st.t, 0, 0.3);
    label(st.ctx, 'BAKA!', st.w / 2, st.h * 0.12, st.h * 0.13 * k, RED, -0.08);
  },
};

const bleh: Reaction = {
  scenes: ['pattern', 'room', 'sakura', 'city'],
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'wink',
        mouth: 'tongue',
        armL: arm(0.35, 2.85, 'point'),
        tilt: wave(st.t) * 0.15,
        blush: 0.6,
      }),
      sp,
      wave(st.t) * sp.s * 0.08,
    );
    sparkles(st.ctx, sp.x + sp.s * 1.2, sp.y - sp.s * 0.5, sp.s * 0.35, st.t, 2);
  },
};

const blowkiss: Reaction = {
  scenes: ['sakura', 'festival', 'pattern', 'sunset'],
  draw: (st) => {
    const sp = solo(st);
    const blown = st.t > 0.35;
    draw(
      st,
      st.a,
      basePose({
        eyes: blown ? 'wink' : 'closed',
        mouth: 'kiss',
        blush: 0.8,
        armR: blown ? arm(1.5, 0.1, 'open') : arm(0.3, 2.9, 'open'),
      }),
      sp,
    );
    if (blown) {
      const k = ramp(st.t, 0.35, 1);
      const [x, y] = headPoint(sp, 0.8 + k * 2.2, 0.5 - k * 1.2);
      bigHeart(st.ctx, x, y, sp.s * (0.15 + k * 0.35), st.accent);
    }
  },
};

const bored: Reaction = {
  scenes: ['room', 'library', 'city', 'sky'],
  delay: 160,
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'sleepy',
        mouth: 'flat',
        armR: arm(0.25, 2.95, 'open'),
        tilt: 0.22 + wave(st.t) * 0.04,
        blush: 0.1,
      }),
      sp,
    );
    const dots = 1 + Math.floor(st.t * 3);
    label(st.ctx, '.'.repeat(dots), sp.x - sp.s * 1.3, sp.y - sp.s * 0.9, sp.s * 0.6, INK);
  },
};

const confused: Reaction = {
  scenes: ['library', 'room', 'pattern', 'forest'],
  delay: 120,
  draw: (st) => {
    const sp = solo(st);
    const side = wave(st.t) > 0 ? 1 : -1;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'open',
        mouth: 'wavy',
        brows: 'worried',
        tilt: side * 0.22,
        lookX: side,
        lookY: -0.5,
        armL: arm(0.4, 2.7, 'point'),
      }),
      sp,
    );
    label(
      st.ctx,
      '?',
      sp.x + sp.s * 1.2,
      sp.y - sp.s * (1.1 + 0.1 * wave(st.t, 2)),
      sp.s * 0.8,
      st.accent,
      0.2,
    );
    label(
      st.ctx,
      '?',
      sp.x - sp.s * 1.3,
      sp.y - sp.s * (0.7 - 0.1 * wave(st.t, 2)),
      sp.s * 0.55,
      shade(st.accent, -15),
      -0.3,
    );
    sweat(st.ctx, sp.x + sp.s * 0.95, sp.y - sp.s * 0.2, sp.s * 0.12);
  },
};

const facepalm: Reaction = {
  scenes: ['room', 'city', 'library', 'burst'],
  delay: 130,
  draw: (st) => {
    const sp = solo(st);
    const shake = wave(st.t) * 0.08;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'closed',
        mouth: 'frown',
        brows: 'worried',
        tilt: shake,
        armR: arm(0.1, 3.3, 'open'),
        blush: 0,
      }),
      sp,
    );
    st.ctx.strokeStyle = css(hsl(230, 50, 45), 0.6);
    st.ctx.lineWidth = Math.max(1, sp.s * 0.05);
    for (let i = -2; i <= 2; i++) {
      st.ctx.beginPath();
      st.ctx.moveTo(sp.x + i * sp.s * 0.15, sp.y - sp.s * 0.55);
      st.ctx.lineTo(sp.x + i * sp.s * 0.15, sp.y - sp.s * 0.2);
      st.ctx.stroke();
    }
    sweat(st.ctx, sp.x - sp.s * 1.0, sp.y - sp.s * 0.4, sp.s * 0.14);
  },
};

const nod: Reaction = {
  scenes: ['room', 'sky', 'library', 'field', 'beach'],
  draw: (st) => {
    const sp = solo(st);
    const down = Math.max(0, wave(st.t, 2));
    draw(
      st,
      st.a,
      basePose({
        eyes: down > 0.5 ? 'happy' : 'open',
        mouth: 'smile',
        nod: down * 0.2,
        armL: ARMS.chest,
        armR: ARMS.down,
      }),
      sp,
    );
    st.ctx.strokeStyle = css(INK, 0.5);
    st.ctx.lineWidth = Math.max(1, sp.s * 0.05);
    st.ctx.beginPath();
    st.ctx.arc(sp.x + sp.s * 1.3, sp.y, sp.s * 0.3, -0.8, 0.8);
    st.ctx.stroke();
  },
};

const nope: Reaction = {
  scenes: ['burst', 'room', 'city', 'pattern'],
  delay: 80,
  draw: (st) => {
    const sp = solo(st);
    const shake = wave(st.t, 2);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'closed',
        mouth: 'frown',
        brows: 'angry',
        tilt: shake * 0.2,
        lookX: shake,
        armL: arm(0.5, 2.65, 'fist'),
        armR: arm(0.5, 2.65, 'fist'),
      }),
      sp,
      shake * sp.s * 0.05,
    );
    const k = 0.8 + 0.2 * Math.abs(shake);
    label(st.ctx, 'NOPE', st.w / 2, st.h * 0.12, st.h * 0.12 * k, RED);
  },
};

const pout: Reaction = {
  scenes: ['room', 'pattern', 'sakura', 'city'],
  delay: 120,
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'closed',
        mouth: 'pout',
        brows: 'angry',
        blush: 1,
        tilt: -0.18,
        lookX: -1,
        armL: arm(0.5, 2.6, 'fist'),
        armR: arm(0.5, 2.6, 'fist'),
      }),
      sp,
      0,
      Math.abs(wave(st.t)) * -sp.s * 0.04,
    );
    puff(st.ctx, sp.x + sp.s * 0.9, sp.y + sp.s * 0.4, sp.s * 0.3, st.t);
    anger(st.ctx, sp.x - sp.s * 0.8, sp.y - sp.s * 0.9, sp.s * 0.2);
  },
};

const salute: Reaction = {
  scenes: ['sky', 'city', 'beach', 'field'],
  draw: (st) => {
    const sp = solo(st);
    const up = ramp(st.t, 0, 0.3);
    draw(
      st,
      st.a,
      basePose({
        eyes: st.t > 0.5 ? 'wink' : 'open',
        mouth: 'grin',
        armR: arm(0.2 + up * 2.25, 0.1 + up * 1.5, 'open'),
      }),
      sp,
    );
    if (up === 1) sparkles(st.ctx, sp.x + sp.s * 1.2, sp.y - sp.s * 0.9, sp.s * 0.35, st.t, 3, css(GOLD));
  },
};

const shocked: Reaction = {
  scenes: ['burst', 'city', 'room', 'night'],
  delay: 80,
  draw: (st) => {
    const sp = solo(st);
    const jolt = bump(st.t, 0, 0.25) * sp.s * 0.3;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'wide',
        mouth: st.t < 0.25 ? 'o' : 'wail',
        brows: 'worried',
        blush: 0,
        armL: arm(1.9, 0.5),
        armR: arm(1.9, 0.5),
      }),
      sp,
      jitter(st.t) * sp.s * 0.03,
      -jolt,
    );
    label(st.ctx, '!!', sp.x + sp.s * 1.3, sp.y - sp.s * 1.0 - jolt, sp.s * 0.75, RED, 0.15);
    st.ctx.strokeStyle = css(hsl(230, 55, 40), 0.55);
    st.ctx.lineWidth = Math.max(1, sp.s * 0.05);
    for (let i = -2; i <= 2; i++) {
      st.ctx.beginPath();
      st.ctx.moveTo(sp.x + i * sp.s * 0.15, sp.y - sp.s * 0.6 - jolt);
      st.ctx.lineTo(sp.x + i * sp.s * 0.15, sp.y - sp.s * 0.25 - jolt);
      st.ctx.stroke();
    }
  },
};

const shrug: Reaction = {
  scenes: ['room', 'city', 'sky', 'library'],
  delay: 120,
  draw: (st) => {
    const sp = solo(st);
    const up = bump(st.t, 0.1, 0.7);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'closed',
        mouth: 'smirk',
        tilt: up * 0.12,
        armL: arm(1.0 + up * 0.2, -1.3, 'open'),
        armR: arm(1.0 + up * 0.2, -1.3, 'open'),
      }),
      sp,
      0,
      -up * sp.s * 0.08,
    );
    label(st.ctx, '~', sp.x + sp.s * 1.2, sp.y - sp.s * 0.9, sp.s * 0.6, INK);
  },
};

const sleep: Reaction = {
  scenes: ['night', 'room', 'snow', 'sky'],
  delay: 180,
  draw: (st) => {
    const sp = solo(st);
    const breath = wave(st.t);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'closed',
        mouth: 'o',
        tilt: 0.3 + breath * 0.03,
        nod: 0.08 + breath * 0.03,
        blush: 0.5,
        armL: ARMS.chest,
        armR: ARMS.chest,
      }),
      sp,
      0,
      0,
      1 + breath * 0.015,
    );
    zzz(st.ctx, sp.x + sp.s * 0.9, sp.y - sp.s * 0.8, sp.s * 0.6, st.t);
    // The bubble at the nose that every anime sleeper blows.
    const [bx, by] = headPoint(sp, 0.5, 0.75);
    st.ctx.beginPath();
    st.ctx.arc(bx, by, sp.s * (0.12 + (0.12 * (breath + 1)) / 2), 0, TAU);
    st.ctx.fillStyle = 'rgba(190, 230, 255, 0.55)';
    st.ctx.fill();
    st.ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    st.ctx.lineWidth = Math.max(1, sp.s * 0.03);
    st.ctx.stroke();
  },
};

const smug: Reaction = {
  scenes: ['pattern', 'sakura', 'city', 'festival'],
  delay: 120,
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'sleepy',
        brows: 'raised',
        mouth: st.t < 0.5 ? 'smirk' : 'fang',
        tilt: -0.15 + wave(st.t) * 0.04,
        armR: arm(0.3, 2.9, 'open'),
        armL: ARMS.hip,
        blush: 0.4,
      }),
      sp,
    );
    sparkles(st.ctx, sp.x - sp.s * 1.2, sp.y - sp.s * 0.9, sp.s * 0.4, st.t, 3, css(GOLD));
  },
};

const spin: Reaction = {
  scenes: ['pattern', 'festival', 'sakura', 'field'],
  delay: 70,
  draw: (st) => {
    const sp = solo(st);
    const turn = Math.cos(st.t * TAU);
    const ctx = st.ctx;
    ctx.save();
    ctx.translate(sp.x, 0);
    ctx.scale(Math.max(0.12, Math.abs(turn)), 1);
    drawCharacter(
      ctx,
      st.a,
      basePose({ eyes: 'happy', mouth: 'open', armL: arm(1.4, 0.1), armR: arm(1.4, 0.1) }),
      0,
      sp.y,
      sp.s,
      { flip: turn < 0 },
    );
    ctx.restore();
    ctx.strokeStyle = css(st.accent, 0.7);
    ctx.lineWidth = Math.max(1.5, sp.s * 0.07);
    ctx.beginPath();
    ctx.ellipse(sp.x, sp.y + sp.s * 2.2, sp.s * 1.6, sp.s * 0.35, 0, st.t * TAU, st.t * TAU + 2.2);
    ctx.stroke();
  },
};

const stare: Reaction = {
  scenes: ['night', 'room', 'city', 'library'],
  camera: 'near',
  delay: 150,
  draw: (st) => {
    const zoom = 1 + 0.12 * bump(st.t, 0, 1);
    const s = st.h * 0.3 * zoom;
    const ctx = st.ctx;
    const vignette = ctx.createRadialGradient(st.w / 2, st.h / 2, st.h * 0.2, st.w / 2, st.h / 2, st.w * 0.7);
    vignette.addColorStop(0, 'rgba(0,0,0,0)');
    vignette.addColorStop(1, 'rgba(0,0,0,0.55)');
    drawCharacter(
      ctx,
      st.a,
      basePose({ eyes: st.t < 0.5 ? 'open' : 'dots', mouth: 'flat', blush: 0, armL: null, armR: null }),
      st.w / 2,
      st.h * 0.5,
      s,
      { flip: st.mirror },
    );
    ctx.fillStyle = vignette;
    ctx.fillRect(0, 0, st.w, st.h);
    label(ctx, '...', st.w * 0.85, st.h * 0.15, st.h * 0.14, hsl(0, 0, 100), 0, css(INK));
  },
};

const teehee: Reaction = {
  scenes: ['pattern', 'room', 'sakura', 'festival'],
  draw: (st) => {
    const sp = solo(st);
    const knock = bump(st.t, 0.2, 0.45);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'wink',
        mouth: 'tongue',
        blush: 0.9,
        tilt: 0.18,
        armR: arm(2.55, 1.35 + knock * 0.3, 'fist'),
      }),
      sp,
    );
    sparkle3(st, sp);
  },
};

function sparkle3(st: Stage, sp: Spot) {
  sparkles(st.ctx, sp.x - sp.s * 1.2, sp.y - sp.s * 0.6, sp.s * 0.4, st.t, 3, css(GOLD));
}

const think: Reaction = {
  scenes: ['library', 'room', 'night', 'sky'],
  delay: 140,
  draw: (st) => {
    const sp = solo(st);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'open',
        mouth: 'flat',
        lookX: 0.8,
        lookY: -1,
        tilt: -0.1,
        armR: arm(0.25, 2.95, 'fist'),
        armL: arm(0.3, 2.2, 'open'),
      }),
      sp,
    );
    const ctx = st.ctx;
    const [bx, by] = headPoint(sp, 1.6, -1.3);
    ctx.fillStyle = 'rgba(255,255,255,0.95)';
    ctx.strokeStyle = css(INK, 0.6);
    ctx.lineWidth = Math.max(1, sp.s * 0.04);
    const grow = ramp(st.t, 0, 0.5);
    for (const [k, r] of [
      [0.3, 0.1],
      [0.55, 0.16],
    ] as const) {
      ctx.beginPath();
      ctx.arc(sp.x + (bx - sp.x) * k, sp.y + (by - sp.y) * k, sp.s * r, 0, TAU);
      ctx.fill();
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.ellipse(bx, by, sp.s * 0.6 * (0.5 + 0.5 * grow), sp.s * 0.42 * (0.5 + 0.5 * grow), 0, 0, TAU);
    ctx.fill();
    ctx.stroke();
    if (grow > 0.6) label(ctx, st.t > 0.75 ? '!' : '?', bx, by, sp.s * 0.5, st.accent);
  },
};

const thumbsup: Reaction = {
  scenes: ['sky', 'city', 'beach', 'field', 'pattern'],
  draw: (st) => {
    const sp = solo(st);
    const pump = bump(st.t, 0, 0.5);
    draw(
      st,
      st.a,
      basePose({ eyes: 'wink', mouth: 'grin', armR: arm(1.45 + pump * 0.15, -0.4, 'thumb') }),
      sp,
    );
    const [x, y] = headPoint(sp, 1.6, 1.3);
    sparkles(st.ctx, x, y - sp.s * 0.4, sp.s * 0.35, st.t, 3, css(GOLD));
  },
};

const yawn: Reaction = {
  scenes: ['room', 'night', 'sky', 'snow'],
  delay: 150,
  draw: (st) => {
    const sp = solo(st);
    const open = bump(st.t, 0.1, 0.9);
    draw(
      st,
      st.a,
      basePose({
        eyes: open > 0.3 ? 'closed' : 'sleepy',
        mouth: open > 0.6 ? 'wail' : open > 0.2 ? 'o' : 'flat',
        armL: arm(2.3 + open * 0.4, 0.3, 'fist'),
        armR: arm(0.35, 2.8, 'open'),
        tilt: -open * 0.1,
      }),
      sp,
    );
    if (open > 0.5) label(st.ctx, '~', sp.x - sp.s * 1.1, sp.y + sp.s * 0.3, sp.s * 0.5, INK);
  },
};

const nya: Reaction = {
  scenes: ['pattern', 'room', 'sakura', 'festival'],
  dress: (look) => {
    if (look.ears !== 'fox') look.ears = 'cat';
    if (look.accessory === 'headphones') look.accessory = 'none';
  },
  draw: (st) => {
    const sp = solo(st);
    const paw = wave(st.t, 2) * 0.25;
    draw(
      st,
      st.a,
      basePose({
        eyes: st.t < 0.5 ? 'happy' : 'wink',
        mouth: 'cat',
        blush: 0.8,
        armL: arm(0.5, 2.55 + paw, 'paw'),
        armR: arm(0.5, 2.55 - paw, 'paw'),
        tilt: paw * 0.4,
      }),
      sp,
    );
    label(st.ctx, 'nya~', sp.x + sp.s * 1.3, sp.y - sp.s * 1.1, sp.s * 0.45, st.accent, 0.15);
    notes(st.ctx, sp.x - sp.s * 1.5, sp.y - sp.s * 0.3, sp.s * 0.35, st.t, shade(st.accent, -10));
  },
};

const wag: Reaction = {
  scenes: ['field', 'room', 'sky', 'pattern'],
  delay: 70,
  dress: (look) => {
    if (look.tail === 'none') look.tail = look.ears === 'cat' ? 'cat' : 'fox';
    if (look.ears === 'none') look.ears = look.tail === 'cat' ? 'cat' : 'fox';
    if (look.accessory === 'headphones') look.accessory = 'none';
  },
  draw: (st) => {
    const sp = solo(st, 0.17);
    const swing = wave(st.t, 2) * 0.45;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'cat',
        tailSwing: swing,
        tilt: swing * 0.15,
        blush: 0.7,
        armL: ARMS.chest,
        armR: ARMS.chest,
      }),
      sp,
    );
    hearts(st.ctx, sp.x + sp.s * 1.3, sp.y - sp.s * 0.3, sp.s * 0.35, st.t, 2, st.accent);
  },
};

const dance: Reaction = {
  scenes: ['festival', 'pattern', 'city', 'beach'],
  camera: 'far',
  draw: (st) => {
    const sp = solo(st, 0.19, 0.13);
    const k = wave(st.t);
    const hop = Math.abs(wave(st.t, 1)) * sp.s * 0.25;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'open',
        lean: k * 0.15,
        armL: arm(1.6 + k * 1.0, 0.4),
        armR: arm(1.6 - k * 1.0, 0.4),
        legL: 0.1 + Math.max(0, k) * 0.5,
        legR: 0.1 + Math.max(0, -k) * 0.5,
      }),
      sp,
      k * sp.s * 0.2,
      -hop,
    );
    notes(st.ctx, sp.x + sp.s * 1.4, sp.y - sp.s * 0.4, sp.s * 0.4, st.t, st.accent);
    notes(st.ctx, sp.x - sp.s * 2, sp.y + sp.s * 0.5, sp.s * 0.35, (st.t + 0.5) % 1, shade(st.accent, 20));
  },
};

const run: Reaction = {
  scenes: ['field', 'city', 'beach', 'sky', 'forest'],
  camera: 'far',
  delay: 70,
  draw: (st) => {
    const sp = solo(st, 0.19, 0.13);
    const k = wave(st.t, 2);
    const bob = Math.abs(k) * sp.s * 0.15;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        mouth: 'open',
        brows: 'worried',
        lean: 0.25,
        armL: arm(0.9 + k * 0.8, 1.2),
        armR: arm(0.9 - k * 0.8, 1.2),
        legL: 0.2 + k * 0.7,
        legR: 0.2 - k * 0.7,
      }),
      sp,
      0,
      -bob,
    );
    const back = -facing(st);
    for (let i = 0; i < 3; i++) {
      const y = sp.y + sp.s * (0.5 + i * 0.9);
      speedLines(
        st.ctx,
        sp.x + back * sp.s * (1.5 + ((st.t * 3 + i * 0.3) % 1) * 0.8),
        y,
        sp.s * 0.8,
        back > 0 ? 0 : Math.PI,
        1,
        'rgba(255,255,255,0.9)',
      );
    }
    puff(
      st.ctx,
      sp.x + back * sp.s * 1.2,
      st.ground - sp.s * 0.2,
      sp.s * 0.3,
      st.t,
      'rgba(230, 220, 200, 0.8)',
    );
    sweat(st.ctx, sp.x - back * sp.s * 1.0, sp.y - sp.s * 0.5 - bob, sp.s * 0.13);
  },
};

const clap: Reaction = {
  scenes: ['festival', 'sky', 'room', 'pattern', 'field'],
  delay: 70,
  draw: (st) => {
    const sp = solo(st);
    const open = (wave(st.t, 2) + 1) / 2;
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'open',
        armL: arm(0.6, 2.35 - open * 0.7, 'open'),
        armR: arm(0.6, 2.35 - open * 0.7, 'open'),
        blush: 0.6,
      }),
      sp,
    );
    if (open < 0.25) sparkles(st.ctx, sp.x, sp.y + sp.s * 1.4, sp.s * 0.55, st.t, 4, css(GOLD));
  },
};

const sip: Reaction = {
  scenes: ['room', 'library', 'snow', 'city'],
  delay: 140,
  draw: (st) => {
    const sp = solo(st);
    const up = bump(st.t, 0.1, 0.8);
    const a: Arm = arm(0.3 + up * 0.1, 2.3 + up * 0.55, 'fist');
    draw(
      st,
      st.a,
      basePose({
        eyes: 'closed',
        mouth: up > 0.5 ? 'kiss' : 'smile',
        blush: 0.7,
        armR: a,
        armL: arm(0.3, 2.2, 'open'),
        tilt: -up * 0.08,
      }),
      sp,
    );
    const [hx, hy] = handAt(sp, a, 1);
    mug(st.ctx, hx, hy - sp.s * 0.1, sp.s * 0.7, (sp.flip ? 1 : -1) * up * 0.5, st.accent, st.t);
  },
};

/** Where a character's hand is, in pixels; `side` +1 is its right (towards the partner). */
function handAt(sp: Spot, a: Arm, side: number, dx = 0, dy = 0): [number, number] {
  const elbowX = side * 0.56 + side * Math.sin(a.a1) * 0.58;
  const elbowY = 1.22 + Math.cos(a.a1) * 0.58;
  const hx = elbowX + side * Math.sin(a.a1 + a.a2) * 0.52;
  const hy = elbowY + Math.cos(a.a1 + a.a2) * 0.52;
  return [sp.x + dx + (sp.flip ? -hx : hx) * sp.s, sp.y + dy + hy * sp.s];
}

const nom: Reaction = {
  scenes: ['room', 'festival', 'field', 'beach'],
  delay: 110,
  draw: (st) => {
    const sp = solo(st);
    const chew = st.t % 0.5 < 0.25;
    const a: Arm = arm(0.35, 2.45, 'open');
    draw(
      st,
      st.a,
      basePose({ eyes: 'happy', mouth: chew ? 'chew' : 'open', blush: 0.8, armL: a, armR: a }),
      sp,
      0,
      chew ? sp.s * 0.02 : 0,
    );
    const [lx, ly] = handAt(sp, a, -1);
    const [rx] = handAt(sp, a, 1);
    onigiri(st.ctx, (lx + rx) / 2, ly - sp.s * 0.2, sp.s * 0.55);
    hearts(st.ctx, sp.x + sp.s * 1.3, sp.y - sp.s * 0.4, sp.s * 0.3, st.t, 1, st.accent);
  },
};

const shoot: Reaction = {
  scenes: ['city', 'sunset', 'burst', 'night'],
  draw: (st) => {
    const sp = solo(st);
    const recoil = bump(st.t, 0.15, 0.45);
    const a = arm(1.45 + recoil * 0.35, -0.05, 'point');
    draw(st, st.a, basePose({ eyes: 'wink', mouth: 'smirk', armR: a, tilt: -recoil * 0.1 }), sp);
    const [hx, hy] = handAt(sp, a, 1);
    const tip: [number, number] = [hx + facing(st) * sp.s * 0.4, hy];
    if (st.t > 0.15 && st.t < 0.55) impact(st.ctx, tip[0], tip[1], sp.s * 0.45 * (0.6 + recoil * 0.5), GOLD);
    if (st.t > 0.2 && st.t < 0.8)
      label(st.ctx, 'BANG!', st.w / 2 + facing(st) * st.w * 0.25, st.h * 0.15, st.h * 0.11, RED, -0.1);
    if (st.t >= 0.45) puff(st.ctx, tip[0], tip[1] - sp.s * 0.2, sp.s * 0.25, st.t, 'rgba(220,220,230,0.8)');
  },
};

const tableflip: Reaction = {
  scenes: ['room', 'burst', 'city', 'library'],
  camera: 'far',
  draw: (st) => {
    const sp = solo(st, 0.19, 0.12);
    const lift = ramp(st.t, 0.2, 0.7);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        mouth: 'wail',
        brows: 'angry',
        armL: arm(0.8 + lift * 1.8, 0.3, 'open'),
        armR: arm(0.8 + lift * 1.8, 0.3, 'open'),
        lean: -lift * 0.1,
      }),
      sp,
    );
    const ty = sp.y + sp.s * 2.2 - lift * sp.s * 3.2;
    const tx = sp.x + facing(st) * lift * sp.s * 1.2;
    if (st.t < 0.9) table(st.ctx, tx, ty, sp.s * 1.4, facing(st) * lift * 3.4);
    if (lift > 0.2) {
      label(st.ctx, '(╯°□°)╯', st.w / 2, st.h * 0.1, st.h * 0.09, RED, 0);
      speedLines(st.ctx, tx, ty + sp.s, sp.s * 1.2, -Math.PI / 2, 3, 'rgba(255,255,255,0.9)');
    }
  },
};

const lurk: Reaction = {
  scenes: ['room', 'city', 'night', 'forest'],
  camera: 'near',
  delay: 140,
  draw: (st) => {
    const edge = st.mirror ? st.w * 0.35 : st.w * 0.65;
    const s = st.h * 0.22;
    const peek = 0.35 + 0.35 * bump(st.t, 0.1, 0.9);
    const x = st.mirror ? edge - s * (1 - peek * 2) : edge + s * (1 - peek * 2);
    drawCharacter(
      st.ctx,
      st.a,
      basePose({
        eyes: st.t > 0.4 && st.t < 0.6 ? 'dots' : 'open',
        mouth: 'flat',
        lookX: st.mirror ? 1 : -1,
        tilt: st.mirror ? 0.2 : -0.2,
        blush: 0.3,
        armL: null,
        armR: null,
      }),
      x,
      st.h * 0.45,
      s,
      { flip: false },
    );
    const panel = hsl(st.accent.h, 20, 70);
    if (st.mirror) wallPanel(st.ctx, 0, edge, st.h, panel);
    else wallPanel(st.ctx, edge, st.w - edge, st.h, panel);
    // Fingers on the edge.
    st.ctx.fillStyle = css(st.a.skin);
    for (let i = 0; i < 3; i++) {
      st.ctx.beginPath();
      st.ctx.ellipse(edge, st.h * 0.62 + i * s * 0.17, s * 0.12, s * 0.07, 0, 0, TAU);
      st.ctx.fill();
    }
  },
};

// Two characters.

const hug: Reaction = {
  scenes: ['sakura', 'sunset', 'snow', 'festival', 'field'],
  delay: 110,
  draw: (st) => {
    const close = ramp(st.t, 0, 0.35);
    const [a, b] = pair(st, 3.5 - close * 1.4);
    const squeeze = bump(st.t, 0.4, 1) * 0.08;
    const arms = arm(1.25 + close * 0.15, 0.5 + close * 0.9 + squeeze, 'open');
    draw(
      st,
      st.b,
      basePose({
        eyes: close > 0.5 ? 'closed' : 'wide',
        mouth: 'smile',
        blush: 0.5 + close * 0.5,
        tilt: close * 0.2,
        armR: arms,
      }),
      b,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: close > 0.5 ? 'happy' : 'open',
        mouth: 'open',
        blush: 0.8,
        tilt: close * 0.2,
        armR: arms,
        lean: close * 0.1,
      }),
      a,
    );
    if (close > 0.5) hearts(st.ctx, st.w / 2, a.y - a.s * 0.9, a.s * 0.4, st.t, 2, st.accent);
  },
};

const cuddle: Reaction = {
  scenes: ['room', 'night', 'snow', 'sakura', 'sunset'],
  delay: 150,
  draw: (st) => {
    const [a, b] = pair(st, 1.85);
    const sway = wave(st.t) * a.s * 0.06;
    draw(
      st,
      st.b,
      basePose({ eyes: 'closed', mouth: 'smile', blush: 0.9, tilt: 0.25, armR: arm(1.1, 1.2) }),
      b,
      sway,
    );
    draw(
      st,
      st.a,
      basePose({ eyes: 'closed', mouth: 'cat', blush: 0.9, tilt: 0.25, armR: arm(1.2, 1.3), lean: 0.08 }),
      a,
      sway,
    );
    hearts(st.ctx, st.w / 2 + sway, a.y - a.s * 1.0, a.s * 0.45, st.t, 3, st.accent);
  },
};

const kiss: Reaction = {
  scenes: ['sunset', 'sakura', 'festival', 'night', 'beach'],
  delay: 110,
  draw: (st) => {
    const close = ramp(st.t, 0, 0.45);
    const [a, b] = pair(st, 3.3 - close * 1.65);
    draw(
      st,
      st.b,
      basePose({
        eyes: close > 0.6 ? 'closed' : 'open',
        mouth: 'kiss',
        blush: 1,
        tilt: 0.2 * close,
        armR: arm(0.9, 0.6),
      }),
      b,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: close > 0.4 ? 'closed' : 'open',
        mouth: 'kiss',
        blush: 1,
        tilt: 0.25 * close,
        lean: 0.12 * close,
        armR: arm(1.0, 0.6),
      }),
      a,
    );
    if (close > 0.9) {
      const k = ramp(st.t, 0.45, 1);
      bigHeart(st.ctx, st.w / 2, a.y - a.s * (0.4 + k * 0.9), a.s * (0.2 + k * 0.35), st.accent);
    }
  },
};

const peck: Reaction = {
  scenes: ['sakura', 'city', 'room', 'beach'],
  draw: (st) => {
    const dash = bump(st.t, 0.1, 0.6);
    const [a, b] = pair(st, 3.3);
    draw(
      st,
      st.b,
      basePose({
        eyes: dash > 0.5 ? 'wide' : 'open',
        mouth: dash > 0.5 ? 'wavy' : 'smile',
        blush: 0.3 + dash * 0.7,
        lookX: 1,
      }),
      b,
    );
    draw(
      st,
      st.a,
      basePose({ eyes: 'closed', mouth: 'kiss', blush: 0.8, tilt: 0.3 * dash, lean: 0.2 * dash }),
      a,
      facing(st) * dash * st.w * 0.13,
    );
    if (st.t > 0.35) {
      const [x, y] = headPoint(b, 1.2, -0.4);
      bigHeart(st.ctx, x, y - ramp(st.t, 0.35, 1) * b.s * 0.5, b.s * 0.25, st.accent);
    }
  },
};

const pat: Reaction = {
  scenes: ['sakura', 'room', 'field', 'sky', 'library'],
  draw: (st) => {
    const [a, b] = pair(st, 2.5);
    const rub = wave(st.t, 2);
    draw(
      st,
      st.b,
      basePose({ eyes: 'happy', mouth: 'cat', blush: 0.9, tilt: rub * 0.08 }),
      b,
      0,
      0,
      1 - Math.abs(rub) * 0.03,
    );
    const reach = arm(2.05 + rub * 0.12, 0.95 - rub * 0.1, 'open');
    draw(
      st,
      st.a,
      basePose({ eyes: 'happy', mouth: 'smile', blush: 0.5, tilt: 0.1, armR: reach, lean: 0.06 }),
      a,
    );
    sparkles(st.ctx, b.x, b.y - b.s * 1.3, b.s * 0.7, st.t, 3);
  },
};

const poke: Reaction = {
  scenes: ['room', 'library', 'pattern', 'city'],
  delay: 90,
  draw: (st) => {
    const [a, b] = pair(st, 2.7);
    const jab = bump(st.t, 0, 0.5);
    draw(
      st,
      st.b,
      basePose({ eyes: jab > 0.5 ? 'shut' : 'open', mouth: 'pout', blush: 0.7, tilt: -jab * 0.15 }),
      b,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'grin',
        armR: arm(1.7 + jab * 0.05, -0.15 - jab * 0.1, 'point'),
        lean: jab * 0.08,
      }),
      a,
      facing(st) * jab * a.s * 0.2,
    );
    if (jab > 0.7) label(st.ctx, '!', b.x, b.y - b.s * 1.3, b.s * 0.5, RED);
  },
};

const handhold: Reaction = {
  scenes: ['sunset', 'sakura', 'beach', 'festival', 'city'],
  camera: 'far',
  delay: 120,
  draw: (st) => {
    const [a, b] = pair(st, 1.7);
    const swing = wave(st.t) * 0.25;
    const bob = Math.abs(wave(st.t)) * a.s * 0.08;
    draw(
      st,
      st.b,
      basePose({ eyes: 'happy', mouth: 'smile', blush: 0.9, tilt: 0.12, armR: arm(0.85 + swing, 0.2) }),
      b,
      0,
      -bob,
    );
    draw(
      st,
      st.a,
      basePose({ eyes: 'happy', mouth: 'smile', blush: 0.9, tilt: 0.12, armR: arm(0.85 + swing, 0.2) }),
      a,
      0,
      -bob,
    );
    hearts(st.ctx, st.w / 2, a.y - a.s * 1.0, a.s * 0.4, st.t, 2, st.accent);
  },
};

const handshake: Reaction = {
  scenes: ['city', 'room', 'sky', 'library'],
  draw: (st) => {
    const [a, b] = pair(st, 2.5);
    const shake = wave(st.t, 2) * 0.12;
    draw(st, st.b, basePose({ eyes: 'happy', mouth: 'smile', armR: arm(1.05 + shake, 0.45) }), b);
    draw(st, st.a, basePose({ eyes: 'open', mouth: 'grin', armR: arm(1.05 + shake, 0.45) }), a);
    sparkles(st.ctx, st.w / 2, a.y + a.s * 1.0, a.s * 0.6, st.t, 3, css(GOLD));
  },
};

const highfive: Reaction = {
  scenes: ['sky', 'beach', 'field', 'city', 'festival'],
  draw: (st) => {
    const meet = ramp(st.t, 0, 0.4);
    const [a, b] = pair(st, 3);
    const up = arm(2.2 + meet * 0.2, 0.15 + meet * 0.45, 'open');
    draw(st, st.b, basePose({ eyes: 'happy', mouth: 'open', armR: up, lean: meet * 0.1 }), b);
    draw(st, st.a, basePose({ eyes: 'happy', mouth: 'open', armR: up, lean: meet * 0.1 }), a);
    if (st.t > 0.38 && st.t < 0.8) impact(st.ctx, st.w / 2, a.y - a.s * 0.8, a.s * 0.6, GOLD);
  },
};

const handStrike =
  (word: string | undefined, colour: Hsl): Reaction['draw'] =>
  (st) => {
    const [a, b] = pair(st, 2.5);
    const hit = ramp(st.t, 0.15, 0.35);
    const after = bump(st.t, 0.3, 0.9);
    draw(
      st,
      st.b,
      basePose({
        eyes: after > 0.1 ? 'shut' : 'open',
        mouth: after > 0.1 ? 'wail' : 'smile',
        tilt: -after * 0.35,
        brows: 'worried',
        blush: 0.3,
      }),
      b,
      facing(st) * after * b.s * 0.25,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: 'open',
        brows: 'angry',
        mouth: 'open',
        armR: arm(2.3 - hit * 1.0, 0.2 + hit * 0.1, 'open'),
        lean: hit * 0.12,
      }),
      a,
    );
    if (after > 0.1) {
      const [x, y] = headPoint(b, -0.9, 0.3, facing(st) * after * b.s * 0.25);
      impact(st.ctx, x, y, b.s * 0.55 * (0.7 + after * 0.3), colour, word);
      speedLines(st.ctx, x - facing(st) * b.s * 0.6, y, b.s * 0.8, facing(st) > 0 ? 0 : Math.PI, 3);
    }
  };

const slap: Reaction = {
  scenes: ['burst', 'room', 'city', 'pattern'],
  delay: 80,
  draw: handStrike(undefined, hsl(10, 85, 60)),
};

const punch: Reaction = {
  scenes: ['burst', 'city', 'sunset', 'field'],
  delay: 80,
  draw: (st) => {
    const [a, b] = pair(st, 3.2);
    const jab = ramp(st.t, 0.1, 0.3) * (1 - ramp(st.t, 0.7, 0.95));
    const knock = bump(st.t, 0.25, 0.9);
    draw(
      st,
      st.b,
      basePose({
        eyes: knock > 0.2 ? 'spiral' : 'open',
        mouth: 'wail',
        tilt: -knock * 0.3,
        lean: -knock * 0.3,
      }),
      b,
      facing(st) * knock * b.s * 0.5,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        brows: 'angry',
        mouth: 'open',
        armR: arm(1.55, -jab * 0.05, 'fist'),
        armL: ARMS.chest,
        lean: jab * 0.15,
      }),
      a,
      facing(st) * jab * a.s * 0.5,
    );
    if (knock > 0.2) {
      const [x, y] = headPoint(b, -1, 0.4, facing(st) * knock * b.s * 0.5);
      impact(st.ctx, x, y, b.s * 0.6, hsl(45, 100, 58), 'POW');
    }
    if (jab > 0.5)
      speedLines(st.ctx, a.x + facing(st) * a.s * 1.2, a.y + a.s * 1.3, a.s, facing(st) > 0 ? 0 : Math.PI, 3);
  },
};

const bonk: Reaction = {
  scenes: ['burst', 'room', 'pattern', 'library'],
  delay: 90,
  draw: (st) => {
    const [a, b] = pair(st, 2.5);
    const swing = ramp(st.t, 0.05, 0.3);
    const hit = bump(st.t, 0.28, 0.8);
    draw(
      st,
      st.b,
      basePose({
        eyes: hit > 0.1 ? 'shut' : 'open',
        mouth: hit > 0.1 ? 'wail' : 'smile',
        brows: 'worried',
        nod: hit * 0.15,
      }),
      b,
      0,
      0,
      1 - hit * 0.12,
    );
    const a1 = 2.8 - swing * 1.3;
    const reach = arm(a1, 0.2, 'fist');
    draw(st, st.a, basePose({ eyes: 'closed', mouth: 'flat', brows: 'angry', armR: reach }), a);
    const [hx, hy] = handAt(a, reach, 1);
    mallet(st.ctx, hx, hy, a.s * 1.0, facing(st) * (a1 - Math.PI + 0.4), hsl(st.accent.h, 70, 60));
    if (hit > 0.1) {
      impact(st.ctx, b.x, b.y - b.s * 1.2, b.s * 0.5, hsl(45, 100, 60), 'BONK');
      dizzy(st.ctx, b.x, b.y - b.s * 0.9, b.s * 0.9, st.t);
    }
  },
};

const kick: Reaction = {
  scenes: ['field', 'city', 'sunset', 'burst'],
  camera: 'far',
  delay: 80,
  draw: (st) => {
    const [a, b] = pair(st, 2.5);
    const kickAt = bump(st.t, 0.1, 0.6);
    const fly = ramp(st.t, 0.3, 0.8) * (1 - ramp(st.t, 0.85, 1));
    draw(
      st,
      st.b,
      basePose({
        eyes: fly > 0.1 ? 'shut' : 'open',
        mouth: 'wail',
        lean: -fly * 0.6,
        armL: ARMS.up,
        armR: ARMS.up,
      }),
      b,
      facing(st) * fly * b.s * 1.2,
      -fly * b.s * 0.8,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        brows: 'angry',
        mouth: 'open',
        legR: 0.1 + kickAt * 1.5,
        lean: -kickAt * 0.2,
        armL: arm(1.4, 0.3),
        armR: arm(0.8, 0.5),
      }),
      a,
    );
    if (kickAt > 0.6)
      impact(
        st.ctx,
        (a.x + b.x) / 2 + facing(st) * a.s * 0.3,
        a.y + a.s * 2.2,
        a.s * 0.6,
        hsl(30, 100, 60),
        'KICK',
      );
  },
};

const bite: Reaction = {
  scenes: ['room', 'pattern', 'burst', 'forest'],
  delay: 90,
  draw: (st) => {
    const [a, b] = pair(st, 2.7);
    const lunge = bump(st.t, 0.05, 0.7);
    draw(
      st,
      st.b,
      basePose({
        eyes: lunge > 0.5 ? 'shut' : 'open',
        mouth: 'wail',
        brows: 'worried',
        tilt: -lunge * 0.2,
        armR: arm(1.4, 0.2),
      }),
      b,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: lunge > 0.4 ? 'shut' : 'open',
        mouth: lunge > 0.5 ? 'fang' : 'open',
        lean: lunge * 0.35,
        tilt: lunge * 0.2,
      }),
      a,
      facing(st) * lunge * a.s * 0.7,
    );
    if (lunge > 0.7) {
      const [x, y] = headPoint(b, -1.0, 1.7);
      label(st.ctx, 'CHOMP', x, y - b.s * 2.4, b.s * 0.45, RED, -0.15);
    }
  },
};

const feed: Reaction = {
  scenes: ['festival', 'room', 'sakura', 'field'],
  delay: 110,
  draw: (st) => {
    const [a, b] = pair(st, 2.7);
    const reach = bump(st.t, 0.05, 0.75);
    draw(
      st,
      st.b,
      basePose({
        eyes: reach > 0.7 ? 'closed' : 'happy',
        mouth: reach > 0.6 ? 'chew' : 'open',
        blush: 0.8,
        tilt: 0.1,
      }),
      b,
    );
    const hold = arm(1.35 + reach * 0.2, 0.4 - reach * 0.3, 'fist');
    draw(st, st.a, basePose({ eyes: 'happy', mouth: 'smile', armR: hold, blush: 0.5, lean: reach * 0.1 }), a);
    const [hx, hy] = handAt(a, hold, 1);
    dango(st.ctx, hx, hy, a.s * 0.8, facing(st) * 0.9);
    hearts(st.ctx, b.x, b.y - b.s * 1.2, b.s * 0.35, st.t, 2, st.accent);
  },
};

const tickle: Reaction = {
  scenes: ['room', 'field', 'pattern', 'sakura'],
  delay: 70,
  draw: (st) => {
    const [a, b] = pair(st, 2.2);
    const wiggle = wave(st.t, 3);
    draw(
      st,
      st.b,
      basePose({ eyes: 'shut', mouth: 'grin', blush: 1, tilt: wiggle * 0.15, armL: ARMS.up, armR: ARMS.up }),
      b,
      wiggle * b.s * 0.08,
    );
    draw(
      st,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'cat',
        armR: arm(1.2 + wiggle * 0.1, 0.6, 'open'),
        armL: arm(1.4 - wiggle * 0.1, 0.3, 'open'),
        lean: 0.1,
      }),
      a,
    );
    label(st.ctx, '!!', b.x + facing(st) * b.s, b.y - b.s * 1.3, b.s * 0.55, st.accent, 0.2);
    tears(st.ctx, b.x + wiggle * b.s * 0.08, b.y, b.s, st.t);
  },
};

const shake: Reaction = {
  scenes: ['burst', 'room', 'city', 'pattern'],
  delay: 60,
  draw: (st) => {
    const [a, b] = pair(st, 2.3);
    const jiggle = wave(st.t, 2) * b.s * 0.2;
    draw(st, st.b, basePose({ eyes: 'spiral', mouth: 'wavy', tilt: wave(st.t, 2) * 0.25 }), b, jiggle);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'shut',
        mouth: 'wail',
        brows: 'angry',
        armR: arm(1.2, 0.5 + wave(st.t, 2) * 0.15, 'open'),
        lean: 0.1,
      }),
      a,
      jiggle * 0.3,
    );
    speedLines(
      st.ctx,
      b.x + facing(st) * b.s * 1.3,
      b.y,
      b.s * 0.6,
      facing(st) > 0 ? Math.PI : 0,
      3,
      css(INK, 0.6),
    );
  },
};

const kabedon: Reaction = {
  scenes: ['room', 'city', 'library', 'night'],
  delay: 120,
  draw: (st) => {
    const [a, b] = pair(st, 2);
    const slam = ramp(st.t, 0, 0.2);
    const wallX = st.mirror ? b.x - b.s * 1.6 : b.x + b.s * 1.6;
    wallPanel(
      st.ctx,
      st.mirror ? 0 : wallX,
      st.mirror ? wallX : st.w - wallX,
      st.h,
      hsl(st.accent.h, 15, 75),
    );
    draw(st, st.b, basePose({ eyes: 'sparkle', mouth: 'wavy', blush: 1, lookX: 1 }), b);
    draw(
      st,
      st.a,
      basePose({
        eyes: 'open',
        mouth: 'smirk',
        brows: 'raised',
        armR: arm(1.6 + slam * 0.4, 0.0, 'open'),
        lean: 0.12,
        blush: 0.3,
      }),
      a,
    );
    if (st.t < 0.45)
      label(st.ctx, 'DON!', wallX - facing(st) * a.s * 0.9, a.y - a.s * 0.6, a.s * 0.55, RED, -0.1);
  },
};

const carry: Reaction = {
  scenes: ['sakura', 'sunset', 'field', 'festival', 'beach'],
  camera: 'far',
  delay: 110,
  draw: (st) => {
    const sp = solo(st, 0.17, 0.12);
    const bob = Math.abs(wave(st.t)) * sp.s * 0.1;
    const arms = arm(1.3, 0.6, 'open');
    draw(
      st,
      st.a,
      basePose({ eyes: 'happy', mouth: 'smile', blush: 0.6, armL: arms, armR: null, tilt: 0.1 }),
      sp,
      0,
      -bob,
    );
    const dir = facing(st);
    // The one carried lies across the arms, head on the far side, a little raised.
    const sb = sp.s * 0.75;
    const hips: [number, number] = [sp.x + dir * sp.s * 0.3, sp.y - bob + sp.s * 1.35];
    lying(
      st,
      st.b,
      basePose({
        eyes: 'happy',
        mouth: 'open',
        blush: 1,
        armL: ARMS.up,
        armR: arm(2.2, 0.6),
        legL: 0.5,
        legR: 0.9,
      }),
      hips,
      sb,
      -dir,
      0.3,
    );
    drawCharacter(st.ctx, st.a, basePose({ armL: null, armR: arms, tilt: 0.1 }), sp.x, sp.y - bob, sp.s, {
      flip: sp.flip,
      armsOnly: true,
    });
    hearts(st.ctx, sp.x, sp.y - sp.s * 1.6, sp.s * 0.4, st.t, 2, st.accent);
  },
};

/**
 * A character lying on its side with its hips at `hips`, its head towards `headSide` (-1 left,
 * +1 right), raised by `raise` radians.
 */
function lying(
  st: Stage,
  look: Look,
  pose: Pose,
  hips: [number, number],
  s: number,
  headSide: number,
  raise = 0,
) {
  const flip = headSide > 0;
  pose.lean = -(Math.PI / 2 - raise);
  drawCharacter(st.ctx, look, pose, hips[0], hips[1] - 2.3 * s, s, { flip });
}

const lappillow: Reaction = {
  scenes: ['sakura', 'room', 'night', 'field'],
  camera: 'far',
  delay: 170,
  draw: (st) => {
    const s = st.h * 0.13;
    const dir = facing(st);
    const pet = wave(st.t) * 0.15;
    // The one kneeling, seen down to the knees; the one lying, head on the lap.
    const sitter: Spot = { x: st.w / 2 - dir * s * 1.2, y: st.ground - 2.5 * s, s, flip: st.mirror };
    drawCharacter(
      st.ctx,
      st.a,
      basePose({
        eyes: 'happy',
        mouth: 'smile',
        blush: 0.6,
        tilt: 0.25,
        nod: 0.05,
        armR: arm(0.7 + pet, 0.5, 'open'),
      }),
      sitter.x,
      sitter.y,
      s,
      { flip: sitter.flip, legs: false },
    );
    const sb = s * 0.85;
    const head: [number, number] = [sitter.x + dir * s * 0.55, st.ground - sb * 0.75];
    lying(
      st,
      st.b,
      basePose({
        eyes: 'closed',
        mouth: 'smile',
        blush: 0.7,
        armL: ARMS.chest,
        armR: ARMS.chest,
        legL: 0.15,
        legR: 0.15,
      }),
      [head[0] + dir * 2.3 * sb, head[1]],
      sb,
      -dir,
    );
    zzz(st.ctx, head[0] + dir * sb * 0.6, head[1] - sb * 1.2, sb * 0.6, st.t);
  },
};

const yeet: Reaction = {
  scenes: ['field', 'beach', 'sky', 'city'],
  delay: 70,
  draw: (st) => {
    const sp = solo(st);
    const wind = ramp(st.t, 0, 0.25);
    const release = ramp(st.t, 0.25, 0.4);
    const fly = ramp(st.t, 0.35, 0.95);
    const a = arm(2.9 - release * 1.6 + wind * 0.3, 0.3, 'open');
    draw(st, st.a, basePose({ eyes: 'shut', mouth: 'grin', armR: a, lean: release * 0.2 - wind * 0.1 }), sp);
    const [hx, hy] = handAt(sp, a, 1);
    if (release < 1) ball(st.ctx, hx, hy, sp.s * 0.25, st.accent);
    else {
      const bx = hx + facing(st) * fly * st.w * 0.6;
      const by = hy - Math.sin(fly * Math.PI) * st.h * 0.3 - fly * st.h * 0.1;
      ball(st.ctx, bx, by, sp.s * 0.25 * (1 - fly * 0.5), st.accent);
      speedLines(st.ctx, bx - facing(st) * sp.s * 0.3, by, sp.s * 0.9, facing(st) > 0 ? 0 : Math.PI, 3);
      label(st.ctx, 'YEET!', st.w / 2, st.h * 0.12, st.h * 0.12, RED, -0.1);
    }
  },
};

/** The reaction of each GIF category. */
export const REACTIONS: Record<string, Reaction> = {
  angry,
  baka,
  bite,
  bleh,
  blowkiss,
  blush,
  bonk,
  bored,
  carry,
  clap,
  confused,
  cry,
  cuddle,
  dance,
  facepalm,
  feed,
  handhold,
  handshake,
  happy,
  highfive,
  hug,
  kabedon,
  kick,
  kiss,
  lappillow,
  laugh,
  lurk,
  nod,
  nom,
  nope,
  nya,
  pat,
  peck,
  poke,
  pout,
  punch,
  run,
  salute,
  shake,
  shoot,
  shocked,
  shrug,
  sip,
  slap,
  sleep,
  smile,
  smug,
  spin,
  stare,
  tableflip,
  teehee,
  think,
  thumbsup,
  tickle,
  wag,
  wave: wavehand,
  wink,
  yawn,
  yeet,
};
