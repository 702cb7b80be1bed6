import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  DATASET_PATH,
  extractCharacters,
  serialiseDataset,
} from '../../../src/v1/genshin/extract-characters.js';

describe('data/characters.json', () => {
  it('is exactly what the installed genshin-db yields (rerun extract-characters after an upgrade)', async () => {
    const extracted = await extractCharacters();
    assert.equal(extracted.length, 120);
    assert.equal(readFileSync(DATASET_PATH, 'utf8'), serialiseDataset(extracted));
  });
});
