import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { IMAGE_KINDS } from '../../../src/v1/genshin/character.js';
import { genshinRoster } from '../../../src/v1/genshin/characters.js';
import { ELEMENT_COLOURS, STAND_IN_SIZES, standInCard } from '../../../src/v1/genshin/stand-in-card.js';

describe('standInCard', () => {
  const roster = genshinRoster();

  test('every element of the data has its colour', () => {
    for (const element of roster.elements) assert.ok(ELEMENT_COLOURS[element], element);
  });

  test('a PNG of the stated size for every kind; the same character and kind give the same bytes', async () => {
    const klee = roster.find('Klee');
    assert.ok(klee);
    for (const kind of IMAGE_KINDS) {
      const png = await standInCard(klee, kind);
      const meta = await sharp(png).metadata();
      assert.deepEqual(
        [meta.format, meta.width, meta.height],
        ['png', STAND_IN_SIZES[kind].width, STAND_IN_SIZES[kind].height],
      );
      assert.deepEqual(await standInCard(klee, kind), png);
    }
  });

  test('is painted in the element’s colour', async () => {
    const pyro = roster.find('Hu Tao');
    const hydro = roster.find('Furina');
    assert.ok(pyro && hydro);
    const centre = async (png: Buffer) => (await sharp(png).resize(1, 1).raw().toBuffer()).subarray(0, 3);
    const [r1, , b1] = await centre(await standInCard(pyro, 'card'));
    const [r2, , b2] = await centre(await standInCard(hydro, 'card'));
    assert.ok(r1 > b1, 'pyro leans red');
    assert.ok(b2 > r2, 'hydro leans blue');
  });
});
