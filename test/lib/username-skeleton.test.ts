import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reservedSkeletons, usernameSkeleton } from '../../src/lib/username-skeleton.js';

describe('usernameSkeleton', () => {
  it('gives look-alikes of a name one skeleton: Cyrillic, fullwidth, mathematical bold, other case', () => {
    const admin = usernameSkeleton('admin');
    for (const lookAlike of ['аdmin', 'ａｄｍｉｎ', '𝐚𝐝𝐦𝐢𝐧', 'ADMIN', 'Аdmin'])
      assert.equal(usernameSkeleton(lookAlike), admin, lookAlike);
  });
  it('gives a decomposed and a precomposed é one skeleton', () => {
    assert.equal(usernameSkeleton('jose\u0301'), usernameSkeleton('josé'));
  });
  it('keeps names that only differ in a real way apart', () => {
    assert.notEqual(usernameSkeleton('hana'), usernameSkeleton('hanna'));
    assert.notEqual(usernameSkeleton('josé'), usernameSkeleton('jose'));
    assert.notEqual(usernameSkeleton('नमस्ते'), usernameSkeleton('नमस्त'));
  });
  it('blocks a reserved name written with a small l for a capital I', () => {
    assert.ok(reservedSkeletons('kizuna').includes(usernameSkeleton('KlZUNA')));
  });
});
