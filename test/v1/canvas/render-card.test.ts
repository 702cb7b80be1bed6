import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import { parseHex } from '../../../src/lib/colour.js';
import { CARD_TYPES, type CardData } from '../../../src/v1/canvas/card-data.js';
import { defaultAvatar } from '../../../src/v1/canvas/default-avatar.js';
import { fitText, graphemesOf } from '../../../src/v1/canvas/draw.js';
import { drawCard, renderCard } from '../../../src/v1/canvas/render-card.js';

const SIZES = { xp: [934, 282], me: [800, 440], levelup: [800, 260], ai: [934, 282] } as const;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const names = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 32 }),
  fc.constantFrom('桜井さくら', '🔥🔥🔥', 'Zoë 🌸 絆', 'W'.repeat(32), 'A', 'ﷺ', '👩‍👩‍👧‍👦 family'),
);
const cards = fc.record({
  type: fc.constantFrom(...CARD_TYPES),
  name: names,
  level: fc.integer({ min: 0, max: 9999 }),
  xp: fc.integer({ min: 0, max: 1_000_000_000 }),
  needed: fc.integer({ min: 1, max: 1_000_000_000 }),
  rank: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: undefined }),
  accent: fc.integer({ min: 0, max: 0xffffff }),
});

function data(card: {
  name: string;
  level: number;
  xp: number;
  needed: number;
  rank?: number;
  accent: number;
}): CardData {
  const accent = parseHex(card.accent.toString(16).padStart(6, '0'));
  assert.ok(accent);
  return { ...card, accent, face: defaultAvatar(card.name) };
}

describe('drawing cards', () => {
  test("any valid input draws a card of its design's size, and the same pixels twice", () => {
    fc.assert(
      fc.property(cards, (card) => {
        const first = drawCard(card.type, data(card));
        const second = drawCard(card.type, data(card));
        assert.deepEqual([first.width, first.height], SIZES[card.type]);
        assert.ok(first.rgba.equals(second.rgba));
      }),
      { numRuns: 16 },
    );
  });

  test('a fresh process draws the same bytes as this one: instances agree', async () => {
    const card = { name: 'Aki 桜 🌸', level: 27, xp: 1340, needed: 2000, rank: 4, accent: 0x8b5cf6 };
    // Warm this process up first, so the comparison would catch a first-draw difference.
    await renderCard('ai', data({ ...card, name: 'warm-up' }));
    const here = await Promise.all(CARD_TYPES.map(async (type) => sha(await renderCard(type, data(card)))));
    const script = `
      import { createHash } from 'node:crypto';
      import { renderCard } from './src/v1/canvas/render-card.ts';
      import { defaultAvatar } from './src/v1/canvas/default-avatar.ts';
      const card = ${JSON.stringify({ ...card, accent: { r: 0x8b, g: 0x5c, b: 0xf6 } })};
      const out = [];
      for (const type of ['xp', 'me', 'levelup', 'ai']) {
        const png = await renderCard(type, { ...card, face: defaultAvatar(card.name) });
        out.push(createHash('sha256').update(png).digest('hex'));
      }
      console.log(JSON.stringify(out));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    assert.deepEqual(JSON.parse(output.trim().split('\n').at(-1) ?? '[]'), here);
  });
});

describe('fitText', () => {
  const ctx = createCanvas(10, 10).getContext('2d');

  test('keeps text that fits, at the largest size', () => {
    assert.equal(fitText(ctx, 'Aki', 500, 800, 40, 20), 'Aki');
    assert.match(ctx.font, /^800 40px/);
  });

  test('shrinks before it cuts', () => {
    const text = 'A rather long display name';
    const atFull = (() => {
      ctx.font = '800 40px Outfit';
      return ctx.measureText(text).width;
    })();
    assert.equal(fitText(ctx, text, atFull * 0.8, 800, 40, 20), text);
    assert.ok(ctx.measureText(text).width <= atFull * 0.8);
  });

  test('cuts whole characters only and ends with an ellipsis, never wider than allowed', () => {
    fc.assert(
      fc.property(names, fc.integer({ min: 20, max: 300 }), (name, width) => {
        const fitted = fitText(ctx, name, width, 600, 28, 18);
        if (fitted === name) return;
        assert.ok(fitted.endsWith('…'));
        const kept = graphemesOf(fitted.slice(0, -1).trimEnd());
        assert.deepEqual(kept, graphemesOf(name).slice(0, kept.length));
        if (kept.length > 1) assert.ok(ctx.measureText(fitted).width <= width);
      }),
      { numRuns: 60 },
    );
  });
});
