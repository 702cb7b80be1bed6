import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flipCoin } from '../../../src/v1/util/coinflip.js';
import { rollDice } from '../../../src/v1/util/dice.js';
import { generatePassword, SYMBOLS } from '../../../src/v1/util/password.js';
import { generateUuids } from '../../../src/v1/util/uuid.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('generateUuids', () => {
  it('gives the asked number of distinct version 4 UUIDs', () => {
    const uuids = generateUuids(50);
    assert.equal(uuids.length, 50);
    assert.equal(new Set(uuids).size, 50);
    for (const uuid of uuids) assert.match(uuid, UUID_V4);
  });
});

describe('generatePassword', () => {
  it('has exactly the asked length at both ends of the range', () => {
    assert.equal(generatePassword(8, true).password.length, 8);
    assert.equal(generatePassword(128, true).password.length, 128);
  });
  it('with symbols=false uses letters and digits only, and still has each class', () => {
    for (let i = 0; i < 200; i++) {
      const { password } = generatePassword(8, false);
      assert.match(password, /^[A-Za-z0-9]{8}$/);
      assert.match(password, /[a-z]/);
      assert.match(password, /[A-Z]/);
      assert.match(password, /[0-9]/);
    }
  });
  it('with symbols=true always contains a symbol', () => {
    for (let i = 0; i < 200; i++) {
      const { password } = generatePassword(8, true);
      assert.ok(
        [...password].some((c) => SYMBOLS.includes(c)),
        password,
      );
    }
  });
  it('reports the entropy of its alphabet', () => {
    assert.equal(generatePassword(16, false).entropyBits, Math.floor(16 * Math.log2(62)));
    assert.equal(generatePassword(16, true).entropyBits, Math.floor(16 * Math.log2(62 + SYMBOLS.length)));
  });
  it('spreads characters evenly over the alphabet (no visible bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      for (const c of generatePassword(128, false).password) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    assert.equal(counts.size, 62);
    const expected = (400 * 128) / 62; // ≈ 826 per character; 6 standard deviations is ≈ 170
    for (const [char, count] of counts) assert.ok(Math.abs(count - expected) < 200, `${char}: ${count}`);
  });
});

describe('rollDice', () => {
  it('returns count rolls within 1..sides and their sum', () => {
    const result = rollDice(6, 100);
    assert.equal(result.rolls.length, 100);
    assert.ok(result.rolls.every((r) => Number.isInteger(r) && r >= 1 && r <= 6));
    assert.equal(
      result.sum,
      result.rolls.reduce((a, b) => a + b, 0),
    );
    assert.deepEqual([result.sides, result.count], [6, 100]);
  });
  it('reaches both faces of a two-sided die and the top face of a large one', () => {
    const faces = new Set(Array.from({ length: 100 }, () => rollDice(2, 1).rolls[0]));
    assert.deepEqual([...faces].sort(), [1, 2]);
    const big = Array.from({ length: 50 }, () => rollDice(1000, 100).rolls).flat();
    assert.ok(big.every((r) => r >= 1 && r <= 1000));
    assert.ok(Math.max(...big) > 990);
  });
});

describe('flipCoin', () => {
  it('gives heads and tails, both often', () => {
    const flips = Array.from({ length: 2000 }, flipCoin);
    const heads = flips.filter((f) => f === 'heads').length;
    assert.ok(flips.every((f) => f === 'heads' || f === 'tails'));
    assert.ok(heads > 850 && heads < 1150, `heads ${heads} of 2000`); // 6.7 standard deviations
  });
});
