import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOGO_MAX_BYTES } from '../../src/directory/directory-contract.js';
import { fileSize, plural, pluralWord } from '../../web/src/format.js';

describe('the UI formats counts and sizes', () => {
  it('says "1 member" but "0 members" and "2 likes"', () => {
    assert.equal(plural(1, 'member'), '1 member');
    assert.equal(plural(0, 'member'), '0 members');
    assert.equal(plural(2, 'like'), '2 likes');
    assert.equal(plural(1, 'like'), '1 like');
    assert.equal(plural(1, 'open report'), '1 open report');
    assert.equal(plural(1234, 'group'), '1,234 groups');
    assert.equal(plural(3, 'category', 'categories'), '3 categories');
    assert.equal(pluralWord(1, 'category', 'categories'), 'category');
    assert.equal(pluralWord(11, 'group'), 'groups');
  });

  it('gives a file size in the units of the logo limit, never rounding an oversize file down to it', () => {
    assert.equal(fileSize(1), '1 byte');
    assert.equal(fileSize(999), '999 bytes');
    assert.equal(fileSize(64_000), '64\u00a0KB');
    assert.equal(fileSize(LOGO_MAX_BYTES), '2\u00a0MB');
    assert.equal(fileSize(LOGO_MAX_BYTES + 1), '2.1\u00a0MB');
    assert.equal(fileSize(2_450_000), '2.5\u00a0MB');
    assert.equal(fileSize(64_000_001), '65\u00a0MB');
  });
});
