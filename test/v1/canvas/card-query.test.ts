import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Problem } from '../../../src/lib/problem.js';
import { toCardOptions } from '../../../src/v1/canvas/card-query.js';

function refusedField(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof Problem);
    assert.equal(error.status, 400);
    return error.errors?.[0]?.field;
  }
  assert.fail('was accepted');
}

describe('card options', () => {
  test("defaults: xp 0, needed from the level curve, the design's accent, no avatar", () => {
    const options = toCardOptions('xp', { name: '  Aki ', level: 10 });
    assert.deepEqual(options, {
      name: 'Aki',
      level: 10,
      xp: 0,
      needed: 1100,
      rank: undefined,
      accent: { r: 0x8b, g: 0x5c, b: 0xf6 },
      avatar: undefined,
    });
  });

  test('given values win, the accent with or without #', () => {
    const options = toCardOptions('me', {
      name: 'Aki',
      level: 2,
      xp: 5,
      needed: 9,
      rank: 3,
      accent: '#00ff00',
      avatar: 'https://cdn.example.com/a.png',
    });
    assert.equal(options.xp, 5);
    assert.equal(options.needed, 9);
    assert.equal(options.rank, 3);
    assert.deepEqual(options.accent, { r: 0, g: 255, b: 0 });
    assert.equal(options.avatar, 'https://cdn.example.com/a.png');
  });

  test('a blank name or one with control characters is refused, naming the field', () => {
    assert.equal(
      refusedField(() => toCardOptions('xp', { name: '   ', level: 1 })),
      'name',
    );
    assert.equal(
      refusedField(() => toCardOptions('xp', { name: 'a\u0007b', level: 1 })),
      'name',
    );
  });

  test('an avatar that is not an https URL is refused, naming the field', () => {
    for (const avatar of [
      'not a url',
      'http://cdn.example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AA==',
    ]) {
      assert.equal(
        refusedField(() => toCardOptions('xp', { name: 'Aki', level: 1, avatar })),
        'avatar',
        avatar,
      );
    }
  });
});
