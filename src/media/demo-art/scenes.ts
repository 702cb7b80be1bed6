import type { SKRSContext2D } from '@napi-rs/canvas';
import { css, type Hsl, hsl, mix, shade } from './colour.js';
import { between, pick, type Rng } from './rng.js';

type Ctx = SKRSContext2D;

/** The places a picture is set in. */
export const SCENES = [
  'sky',
  'sunset',
  'night',
  'sakura',
  'beach',
  'city',
  'room',
  'forest',
  'pattern',
  'festival',
  'snow',
  'field',
  'library',
  'burst',
] as const;
export type Scene = (typeof SCENES)[number];

/**
 * Where the ground meets the sky (as a share of the height) for scenes that have one: characters
 * standing in full stand on it.
 */
export const GROUND_AT: Partial<Record<Scene, number>> = {
  sky: 0.78,
  sunset: 0.8,
  sakura: 0.8,
  beach: 0.8,
  field: 0.78,
  snow: 0.8,
  forest: 0.82,
  room: 0.8,
};

function vertical(ctx: Ctx, h: number, stops: Hsl[], from = 0, to = h) {
  const g = ctx.createLinearGradient(0, from, 0, to);
  for (const [i, c] of stops.entries()) g.addColorStop(i / (stops.length - 1), css(c));
  return g;
}

function fill(
  ctx: Ctx,
  w: number,
  h: number,
  style: string | CanvasGradient | ReturnType<Ctx['createLinearGradient']>,
) {
  ctx.fillStyle = style as string;
  ctx.fillRect(0, 0, w, h);
}

function cloud(ctx: Ctx, x: number, y: number, r: number, tint: Hsl) {
  const puffs: Array<[number, number, number]> = [
    [0, 0, 1],
    [-1.1, 0.35, 0.7],
    [1.1, 0.3, 0.75],
    [-0.5, -0.45, 0.75],
    [0.55, -0.35, 0.65],
    [-1.9, 0.55, 0.45],
    [1.9, 0.55, 0.45],
  ];
  ctx.fillStyle = css(shade(tint, -6));
  for (const [dx, dy, k] of puffs) {
    ctx.beginPath();
    ctx.arc(x + dx * r, y + dy * r + r * 0.12, k * r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = css(tint);
  for (const [dx, dy, k] of puffs) {
    ctx.beginPath();
    ctx.arc(x + dx * r, y + dy * r, k * r * 0.94, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillRect(x - 2.1 * r, y + 0.55 * r, 4.2 * r, 0.35 * r);
}

/** A band of rolling hills whose top follows a few sine waves. */
function hills(ctx: Ctx, w: number, h: number, top: number, amp: number, colour: Hsl, phase: number) {
  ctx.beginPath();
  ctx.moveTo(0, h);
  for (let x = 0; x <= w; x += Math.max(2, w / 60)) {
    const y = top + Math.sin(x / (w * 0.18) + phase) * amp + Math.sin(x / (w * 0.07) + phase * 2) * amp * 0.3;
    ctx.lineTo(x, y);
  }
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fillStyle = css(colour);
  ctx.fill();
}

function mountains(ctx: Ctx, w: number, h: number, base: number, height: number, colour: Hsl, rng: Rng) {
  ctx.beginPath();
  ctx.moveTo(0, h);
  ctx.lineTo(0, base);
  let x = 0;
  while (x < w) {
    const step = between(rng, w * 0.12, w * 0.28);
    ctx.lineTo(x + step / 2, base - between(rng, height * 0.5, height));
    ctx.lineTo(x + step, base - between(rng, 0, height * 0.25));
    x += step;
  }
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fillStyle = css(colour);
  ctx.fill();
}

export function sparkle(ctx: Ctx, x: number, y: number, r: number, colour: string) {
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.quadraticCurveTo(x, y, x, y + r);
  ctx.quadraticCurveTo(x, y, x - r, y);
  ctx.quadraticCurveTo(x, y, x, y - r);
  ctx.fillStyle = colour;
  ctx.fill();
}

function stars(ctx: Ctx, w: number, h: number, rng: Rng, count: number, t: number) {
  for (let i = 0; i < count; i++) {
    const x = rng() * w;
    const y = rng() * h;
    const twinkle = 0.5 + 0.5 * Math.sin(t * Math.PI * 2 + i);
    const r = between(rng, 0.4, 1.4) * (w / 320);
    if (i % 9 === 0)
      sparkle(ctx, x, y, r * 4 * (0.6 + 0.4 * twinkle), `rgba(255, 250, 220, ${0.6 + 0.4 * twinkle})`);
    else {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = `rgba(255, 255, 240, ${0.4 + 0.5 * twinkle})`;
      ctx.fill();
    }
  }
}

function glow(ctx: Ctx, x: number, y: number, r: number, colour: Hsl, alpha = 0.6) {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, css(colour, alpha));
  g.addColorStop(1, css(colour, 0));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function petal(ctx: Ctx, x: number, y: number, r: number, angle: number, colour: string) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.beginPath();
  ctx.ellipse(0, 0, r, r * 0.55, 0, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.restore();
}

function tree(
  ctx: Ctx,
  x: number,
  ground: number,
  size: number,
  trunk: Hsl,
  leaves: Hsl[],
  rng: Rng,
  lean: number,
) {
  ctx.beginPath();
  ctx.moveTo(x - size * 0.09, ground);
  ctx.quadraticCurveTo(
    x + lean * size * 0.3,
    ground - size * 0.6,
    x + lean * size * 0.45,
    ground - size * 1.05,
  );
  ctx.lineTo(x + lean * size * 0.45 + size * 0.07, ground - size * 1.0);
  ctx.quadraticCurveTo(x + lean * size * 0.35 + size * 0.1, ground - size * 0.55, x + size * 0.1, ground);
  ctx.closePath();
  ctx.fillStyle = css(trunk);
  ctx.fill();
  const cx = x + lean * size * 0.45;
  const cy = ground - size * 1.15;
  for (let i = 0; i < 16; i++) {
    const a = rng() * Math.PI * 2;
    const d = rng() * size * 0.5;
    ctx.beginPath();
    ctx.arc(
      cx + Math.cos(a) * d * 1.3,
      cy + Math.sin(a) * d * 0.7,
      size * between(rng, 0.16, 0.3),
      0,
      Math.PI * 2,
    );
    ctx.fillStyle = css(leaves[i % leaves.length]);
    ctx.fill();
  }
}

function pine(ctx: Ctx, x: number, ground: number, size: number, green: Hsl, snow: boolean) {
  for (let i = 0; i < 3; i++) {
    const top = ground - size * (0.55 + i * 0.33);
    const half = size * (0.38 - i * 0.09);
    ctx.beginPath();
    ctx.moveTo(x, top - size * 0.25);
    ctx.lineTo(x + half, top + size * 0.18);
    ctx.lineTo(x - half, top + size * 0.18);
    ctx.closePath();
    ctx.fillStyle = css(shade(green, i * 4));
    ctx.fill();
    if (snow) {
      ctx.beginPath();
      ctx.moveTo(x, top - size * 0.25);
      ctx.lineTo(x + half * 0.45, top - size * 0.05);
      ctx.lineTo(x, top - size * 0.1);
      ctx.lineTo(x - half * 0.45, top - size * 0.05);
      ctx.closePath();
      ctx.fillStyle = '#fbfdff';
      ctx.fill();
    }
  }
  ctx.fillStyle = css(hsl(25, 35, 30));
  ctx.fillRect(x - size * 0.05, ground - size * 0.5, size * 0.1, size * 0.5);
}

function lantern(ctx: Ctx, x: number, y: number, r: number, colour: Hsl) {
  glow(ctx, x, y, r * 2.6, hsl(40, 100, 70), 0.35);
  ctx.beginPath();
  ctx.ellipse(x, y, r * 0.85, r, 0, 0, Math.PI * 2);
  ctx.fillStyle = css(colour);
  ctx.fill();
  ctx.strokeStyle = css(shade(colour, -20), 0.8);
  ctx.lineWidth = Math.max(1, r * 0.08);
  ctx.beginPath();
  ctx.ellipse(x, y, r * 0.4, r, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = css(hsl(30, 30, 20));
  ctx.fillRect(x - r * 0.45, y - r * 1.1, r * 0.9, r * 0.22);
  ctx.fillRect(x - r * 0.45, y + r * 0.9, r * 0.9, r * 0.22);
}

function firework(ctx: Ctx, x: number, y: number, r: number, colour: Hsl, t: number) {
  const grow = 0.4 + 0.6 * t;
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    for (let k = 1; k <= 3; k++) {
      ctx.beginPath();
      ctx.arc(
        x + Math.cos(a) * r * grow * (k / 3),
        y + Math.sin(a) * r * grow * (k / 3),
        r * 0.05 * (1 + k * 0.3),
        0,
        Math.PI * 2,
      );
      ctx.fillStyle = css(shade(colour, k * 6), 1 - t * 0.5);
      ctx.fill();
    }
  }
}

function books(ctx: Ctx, x: number, y: number, width: number, height: number, rng: Rng, palette: Hsl[]) {
  let bx = x;
  while (bx < x + width - 2) {
    const bw = height * between(rng, 0.12, 0.22);
    const bh = height * between(rng, 0.7, 0.98);
    const c = pick(rng, palette);
    ctx.fillStyle = css(c);
    ctx.fillRect(bx, y + height - bh, bw - 1, bh);
    ctx.fillStyle = css(shade(c, 18), 0.8);
    ctx.fillRect(bx + bw * 0.2, y + height - bh * 0.8, bw * 0.55, bh * 0.08);
    bx += bw;
  }
}

/**
 * Draws a scene over the whole canvas. `t` (0..1) moves what moves in it (petals, twinkling
 * stars, fireworks) for animated uses; stills pass 0.
 */
export function drawScene(ctx: Ctx, scene: Scene, w: number, h: number, rng: Rng, t = 0): void {
  const hueShift = between(rng, -18, 18);
  const unit = Math.min(w, h);
  switch (scene) {
    case 'sky': {
      fill(ctx, w, h, vertical(ctx, h, [hsl(205 + hueShift, 70, 58), hsl(195 + hueShift, 75, 86)]));
      glow(ctx, w * between(rng, 0.65, 0.9), h * 0.15, unit * 0.6, hsl(50, 100, 92), 0.8);
      for (let i = 0; i < 4; i++) {
        cloud(
          ctx,
          ((rng() * 1.2 - 0.1 + t * 0.15) % 1.2) * w,
          h * between(rng, 0.12, 0.5),
          unit * between(rng, 0.05, 0.09),
          hsl(210, 60, 98),
        );
      }
      hills(ctx, w, h, h * 0.72, h * 0.04, hsl(120 + hueShift, 35, 62), rng() * 6);
      hills(ctx, w, h, h * 0.8, h * 0.03, hsl(105 + hueShift, 45, 52), rng() * 6);
      return;
    }
    case 'sunset': {
      fill(
        ctx,
        w,
        h,
        vertical(ctx, h * 0.85, [
          hsl(255, 45, 32),
          hsl(330 + hueShift, 65, 62),
          hsl(30 + hueShift / 2, 95, 70),
        ]),
      );
      const sunX = w * between(rng, 0.25, 0.75);
      glow(ctx, sunX, h * 0.66, unit * 0.55, hsl(40, 100, 75), 0.7);
      ctx.beginPath();
      ctx.arc(sunX, h * 0.66, unit * 0.13, 0, Math.PI * 2);
      ctx.fillStyle = css(hsl(42, 100, 80));
      ctx.fill();
      mountains(ctx, w, h, h * 0.74, h * 0.22, hsl(290, 30, 42), rng);
      mountains(ctx, w, h, h * 0.82, h * 0.14, hsl(275, 35, 30), rng);
      ctx.fillStyle = css(hsl(265, 40, 20));
      ctx.fillRect(0, h * 0.86, w, h);
      ctx.strokeStyle = css(hsl(270, 40, 20), 0.8);
      ctx.lineWidth = Math.max(1, unit / 250);
      for (let i = 0; i < 4; i++) {
        const bx = w * between(rng, 0.1, 0.9);
        const by = h * between(rng, 0.15, 0.4);
        const s = unit * 0.02;
        ctx.beginPath();
        ctx.moveTo(bx - s, by - s * 0.5);
        ctx.quadraticCurveTo(bx - s * 0.4, by - s * 0.7, bx, by);
        ctx.quadraticCurveTo(bx + s * 0.4, by - s * 0.7, bx + s, by - s * 0.5);
        ctx.stroke();
      }
      return;
    }
    case 'night':
    case 'festival': {
      fill(ctx, w, h, vertical(ctx, h, [hsl(235 + hueShift, 55, 12), hsl(255 + hueShift, 45, 32)]));
      stars(ctx, w, h * 0.75, rng, Math.round(40 + (w * h) / 4000), t);
      if (scene === 'night') {
        const mx = w * between(rng, 0.15, 0.85);
        const my = h * between(rng, 0.12, 0.28);
        const mr = unit * 0.08;
        glow(ctx, mx, my, mr * 4, hsl(50, 80, 85), 0.35);
        ctx.beginPath();
        ctx.arc(mx, my, mr, 0, Math.PI * 2);
        ctx.fillStyle = css(hsl(50, 90, 90));
        ctx.fill();
        ctx.fillStyle = css(hsl(45, 40, 80), 0.6);
        for (const [dx, dy, k] of [
          [-0.3, -0.2, 0.22],
          [0.35, 0.1, 0.15],
          [-0.05, 0.4, 0.12],
        ]) {
          ctx.beginPath();
          ctx.arc(mx + dx * mr, my + dy * mr, k * mr, 0, Math.PI * 2);
          ctx.fill();
        }
        hills(ctx, w, h, h * 0.8, h * 0.04, hsl(240, 35, 18), rng() * 6);
      } else {
        for (let i = 0; i < 3; i++) {
          firework(
            ctx,
            w * (0.2 + i * 0.3 + between(rng, -0.05, 0.05)),
            h * between(rng, 0.15, 0.35),
            unit * between(rng, 0.1, 0.18),
            hsl(pick(rng, [350, 45, 190, 290, 130]), 90, 65),
            (t + i / 3) % 1,
          );
        }
        const lanterns = 7;
        ctx.strokeStyle = css(hsl(30, 20, 15));
        ctx.lineWidth = Math.max(1, unit / 300);
        ctx.beginPath();
        ctx.moveTo(0, h * 0.45);
        ctx.quadraticCurveTo(w / 2, h * 0.6, w, h * 0.45);
        ctx.stroke();
        for (let i = 0; i < lanterns; i++) {
          const x = ((i + 0.5) / lanterns) * w;
          const k = x / w;
          const y = h * 0.45 + 4 * k * (1 - k) * h * 0.075 + unit * 0.05;
          lantern(ctx, x, y, unit * 0.04, hsl(pick(rng, [0, 10, 350, 30]), 80, 55));
        }
        ctx.fillStyle = css(hsl(250, 35, 14));
        ctx.fillRect(0, h * 0.85, w, h);
      }
      return;
    }
    case 'sakura': {
      fill(ctx, w, h, vertical(ctx, h, [hsl(200 + hueShift, 65, 82), hsl(330, 70, 93)]));
      hills(ctx, w, h, h * 0.78, h * 0.02, hsl(95, 40, 68), rng() * 6);
      ctx.fillStyle = css(hsl(95, 45, 58), 0.5);
      for (let i = 0; i < 12; i++)
        ctx.fillRect(rng() * w, h * between(rng, 0.82, 0.98), unit * 0.05, unit * 0.006);
      const left = rng() < 0.5;
      const pinks = [hsl(340, 80, 84), hsl(345, 75, 76), hsl(330, 70, 90), hsl(0, 0, 100)];
      tree(
        ctx,
        left ? w * 0.12 : w * 0.88,
        h * 0.8,
        unit * 0.55,
        hsl(15, 30, 32),
        pinks,
        rng,
        left ? 0.5 : -0.5,
      );
      for (let i = 0; i < 18; i++) {
        const fall = (rng() + t) % 1;
        petal(
          ctx,
          (rng() * w + fall * w * 0.2) % w,
          fall * h,
          unit * 0.012,
          rng() * 6 + t * 6,
          css(pick(rng, pinks)),
        );
      }
      return;
    }
    case 'beach': {
      fill(ctx, w, h, vertical(ctx, h * 0.55, [hsl(200 + hueShift, 80, 62), hsl(190, 80, 88)]));
      glow(ctx, w * 0.8, h * 0.18, unit * 0.45, hsl(50, 100, 90), 0.8);
      cloud(ctx, w * between(rng, 0.1, 0.5), h * 0.2, unit * 0.06, hsl(0, 0, 100));
      ctx.fillStyle = vertical(
        ctx,
        h,
        [hsl(190, 70, 48), hsl(175, 60, 62)],
        h * 0.52,
        h * 0.74,
      ) as unknown as string;
      ctx.fillRect(0, h * 0.52, w, h * 0.24);
      ctx.strokeStyle = 'rgba(255,255,255,0.65)';
      ctx.lineWidth = Math.max(1, unit / 160);
      for (let i = 0; i < 6; i++) {
        const y = h * (0.56 + i * 0.032);
        const x = rng() * w;
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + unit * 0.08, y);
        ctx.stroke();
      }
      hills(ctx, w, h, h * 0.76, h * 0.012, hsl(44, 70, 82), rng() * 6);
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = Math.max(1.5, unit / 110);
      ctx.beginPath();
      for (let x = 0; x <= w; x += 4) {
        const y = h * 0.765 + Math.sin(x / (unit * 0.05) + t * Math.PI * 2) * unit * 0.008;
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
      for (let i = 0; i < 3; i++) {
        sparkle(
          ctx,
          rng() * w,
          h * between(rng, 0.85, 0.97),
          unit * 0.018,
          css(pick(rng, [hsl(15, 80, 70), hsl(340, 60, 80)])),
        );
      }
      return;
    }
    case 'city': {
      fill(
        ctx,
        w,
        h,
        vertical(ctx, h, [hsl(245 + hueShift, 45, 22), hsl(300 + hueShift, 40, 45), hsl(25, 80, 68)]),
      );
      stars(ctx, w, h * 0.35, rng, 25, t);
      for (const [layer, colour] of [
        [0, hsl(260, 30, 32)],
        [1, hsl(255, 35, 20)],
      ] as const) {
        let x = -rng() * unit * 0.1;
        while (x < w) {
          const bw = unit * between(rng, 0.1, 0.2);
          const bh = h * (layer === 0 ? between(rng, 0.35, 0.6) : between(rng, 0.2, 0.42));
          ctx.fillStyle = css(colour);
          ctx.fillRect(x, h - bh, bw, bh);
          if (layer === 1) {
            for (let wy = h - bh + unit * 0.03; wy < h - unit * 0.03; wy += unit * 0.045) {
              for (let wx = x + unit * 0.02; wx < x + bw - unit * 0.03; wx += unit * 0.035) {
                if (rng() < 0.45) {
                  ctx.fillStyle = css(hsl(pick(rng, [45, 40, 190]), 90, 72), 0.9);
                  ctx.fillRect(wx, wy, unit * 0.018, unit * 0.022);
                }
              }
            }
          }
          x += bw + unit * between(rng, 0, 0.02);
        }
      }
      return;
    }
    case 'room': {
      const wall = hsl(pick(rng, [30, 200, 340, 100, 270, 45]), 45, 88);
      fill(ctx, w, h, css(wall));
      ctx.fillStyle = css(shade(wall, -5));
      for (let x = 0; x < w; x += unit * 0.08) ctx.fillRect(x, 0, unit * 0.035, h * 0.8);
      const wx = w * between(rng, 0.1, 0.55);
      const ww = unit * 0.45;
      const wy = h * 0.12;
      const wh = h * 0.42;
      ctx.fillStyle = vertical(
        ctx,
        h,
        [hsl(205, 70, 65), hsl(195, 70, 88)],
        wy,
        wy + wh,
      ) as unknown as string;
      ctx.fillRect(wx, wy, ww, wh);
      ctx.save();
      ctx.beginPath();
      ctx.rect(wx, wy, ww, wh);
      ctx.clip();
      cloud(ctx, wx + ww * 0.35, wy + wh * 0.4, ww * 0.09, hsl(0, 0, 100));
      ctx.restore();
      ctx.strokeStyle = css(hsl(30, 30, 96));
      ctx.lineWidth = unit * 0.02;
      ctx.strokeRect(wx, wy, ww, wh);
      ctx.beginPath();
      ctx.moveTo(wx + ww / 2, wy);
      ctx.lineTo(wx + ww / 2, wy + wh);
      ctx.moveTo(wx, wy + wh / 2);
      ctx.lineTo(wx + ww, wy + wh / 2);
      ctx.stroke();
      const curtain = hsl(pick(rng, [350, 200, 45, 150]), 50, 70);
      ctx.fillStyle = css(curtain);
      ctx.fillRect(wx - ww * 0.15, wy - unit * 0.02, ww * 0.15, wh * 1.15);
      ctx.fillRect(wx + ww, wy - unit * 0.02, ww * 0.15, wh * 1.15);
      const sx = wx + ww + unit * 0.2 < w ? wx + ww + unit * 0.12 : unit * 0.05;
      ctx.fillStyle = css(hsl(30, 40, 55));
      ctx.fillRect(sx, h * 0.45, unit * 0.3, unit * 0.02);
      books(ctx, sx + unit * 0.01, h * 0.45 - unit * 0.1, unit * 0.28, unit * 0.1, rng, [
        hsl(0, 60, 55),
        hsl(210, 50, 50),
        hsl(140, 40, 45),
        hsl(45, 80, 60),
      ]);
      ctx.fillStyle = css(hsl(28, 45, 62));
      ctx.fillRect(0, h * 0.8, w, h * 0.2);
      ctx.fillStyle = css(hsl(28, 40, 55));
      for (let x = 0; x < w; x += unit * 0.18) ctx.fillRect(x, h * 0.8, unit * 0.006, h * 0.2);
      return;
    }
    case 'forest': {
      fill(ctx, w, h, vertical(ctx, h, [hsl(80 + hueShift, 50, 80), hsl(60, 60, 90)]));
      const greens = [hsl(140, 30, 45), hsl(125, 35, 38), hsl(110, 40, 30)];
      greens.forEach((g, layer) => {
        for (let i = 0; i < 5 + layer; i++) {
          tree(
            ctx,
            rng() * w,
            h * (0.62 + layer * 0.1),
            unit * (0.3 + layer * 0.12),
            shade(g, -15),
            [g, shade(g, 6), shade(g, -5)],
            rng,
            between(rng, -0.1, 0.1),
          );
        }
      });
      ctx.fillStyle = css(hsl(100, 40, 40));
      ctx.fillRect(0, h * 0.82, w, h * 0.18);
      ctx.fillStyle = 'rgba(255, 250, 200, 0.18)';
      for (let i = 0; i < 3; i++) {
        const x = w * between(rng, 0.1, 0.9);
        ctx.beginPath();
        ctx.moveTo(x, 0);
        ctx.lineTo(x + unit * 0.12, 0);
        ctx.lineTo(x - unit * 0.2, h);
        ctx.lineTo(x - unit * 0.4, h);
        ctx.closePath();
        ctx.fill();
      }
      return;
    }
    case 'pattern': {
      const base = hsl(between(rng, 0, 360), 70, 80);
      fill(ctx, w, h, css(base));
      const kind = pick(rng, ['dots', 'stripes', 'checks', 'hearts'] as const);
      const step = unit * 0.12;
      ctx.fillStyle = css(shade(base, 8), 0.9);
      if (kind === 'stripes') {
        ctx.save();
        ctx.rotate(-0.6);
        for (let x = -h * 2; x < w * 2; x += step) ctx.fillRect(x, -h, step / 2, h * 4);
        ctx.restore();
      } else if (kind === 'checks') {
        for (let y = 0; y < h; y += step)
          for (let x = ((y / step) % 2) * step; x < w; x += step * 2) ctx.fillRect(x, y, step, step);
      } else {
        for (let y = 0; y < h + step; y += step) {
          for (let x = ((y / step) % 2) * (step / 2); x < w + step; x += step) {
            ctx.beginPath();
            if (kind === 'dots') ctx.arc(x, y, step * 0.18, 0, Math.PI * 2);
            else {
              const r = step * 0.18;
              ctx.moveTo(x, y + r * 0.9);
              ctx.bezierCurveTo(x - r * 1.6, y - r * 0.2, x - r * 0.6, y - r * 1.3, x, y - r * 0.45);
              ctx.bezierCurveTo(x + r * 0.6, y - r * 1.3, x + r * 1.6, y - r * 0.2, x, y + r * 0.9);
            }
            ctx.fill();
          }
        }
      }
      for (let i = 0; i < 5; i++)
        glow(ctx, rng() * w, rng() * h, unit * between(rng, 0.1, 0.3), hsl(base.h + 40, 80, 95), 0.5);
      return;
    }
    case 'snow': {
      fill(ctx, w, h, vertical(ctx, h, [hsl(210 + hueShift, 45, 72), hsl(200, 50, 92)]));
      hills(ctx, w, h, h * 0.7, h * 0.05, hsl(210, 30, 90), rng() * 6);
      for (let i = 0; i < 6; i++)
        pine(
          ctx,
          rng() * w,
          h * between(rng, 0.72, 0.8),
          unit * between(rng, 0.18, 0.3),
          hsl(160, 35, 30),
          true,
        );
      hills(ctx, w, h, h * 0.8, h * 0.02, hsl(205, 40, 97), rng() * 6);
      for (let i = 0; i < 40; i++) {
        const fall = (rng() + t) % 1;
        ctx.beginPath();
        ctx.arc(
          (rng() * w + Math.sin(fall * 6 + i) * unit * 0.02) % w,
          fall * h,
          unit * between(rng, 0.004, 0.01),
          0,
          Math.PI * 2,
        );
        ctx.fillStyle = 'rgba(255,255,255,0.9)';
        ctx.fill();
      }
      return;
    }
    case 'field': {
      fill(ctx, w, h, vertical(ctx, h, [hsl(210 + hueShift, 75, 65), hsl(200, 70, 90)]));
      cloud(ctx, w * between(rng, 0.1, 0.9), h * 0.2, unit * 0.07, hsl(0, 0, 100));
      hills(ctx, w, h, h * 0.6, h * 0.05, hsl(110, 35, 60), rng() * 6);
      hills(ctx, w, h, h * 0.74, h * 0.04, hsl(95, 45, 55), rng() * 6);
      const colours = [hsl(350, 80, 70), hsl(48, 95, 65), hsl(280, 60, 75), hsl(0, 0, 100), hsl(20, 90, 65)];
      for (let i = 0; i < 60; i++) {
        const y = h * between(rng, 0.76, 1);
        const r = unit * 0.006 * (1 + ((y / h - 0.76) / 0.24) * 2);
        ctx.beginPath();
        ctx.arc(rng() * w, y, r, 0, Math.PI * 2);
        ctx.fillStyle = css(pick(rng, colours));
        ctx.fill();
      }
      return;
    }
    case 'library': {
      fill(ctx, w, h, css(hsl(25, 35, 30)));
      const shelf = unit * 0.16;
      const colours = [
        hsl(0, 50, 45),
        hsl(210, 40, 45),
        hsl(140, 30, 40),
        hsl(40, 70, 55),
        hsl(280, 30, 45),
        hsl(20, 60, 50),
      ];
      for (let y = unit * 0.04; y < h; y += shelf) {
        books(ctx, 0, y, w, shelf * 0.82, rng, colours);
        ctx.fillStyle = css(hsl(25, 40, 22));
        ctx.fillRect(0, y + shelf * 0.82, w, shelf * 0.18);
      }
      glow(ctx, w * 0.5, h * 0.4, unit * 0.8, hsl(45, 90, 80), 0.35);
      return;
    }
    default: {
      // burst: manga speed lines out of the centre.
      const base = hsl(between(rng, 0, 360), 65, 82);
      fill(ctx, w, h, css(base));
      const cx = w / 2;
      const cy = h * 0.45;
      ctx.fillStyle = css(shade(base, 10));
      const rays = 28;
      for (let i = 0; i < rays; i += 1) {
        const a = (i / rays) * Math.PI * 2 + t * 0.2;
        const spread = (Math.PI / rays) * 0.55;
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + Math.cos(a - spread) * w * 2, cy + Math.sin(a - spread) * w * 2);
        ctx.lineTo(cx + Math.cos(a + spread) * w * 2, cy + Math.sin(a + spread) * w * 2);
        ctx.closePath();
        ctx.fill();
      }
      glow(ctx, cx, cy, unit * 0.5, mix(base, hsl(0, 0, 100), 0.7), 0.8);
    }
  }
}
