import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isRetryableConflict, retryConflicts } from '../../src/db/retry-conflicts.js';

const conflict = (code: string) => Object.assign(new Error(code), { code });

describe('retryConflicts', () => {
  test('runs the work again after a deadlock or serialization failure', async () => {
    let calls = 0;
    const result = await retryConflicts(async () => {
      calls += 1;
      if (calls === 1) throw conflict('40P01');
      if (calls === 2) throw conflict('40001');
      return 'done';
    });
    assert.equal(result, 'done');
    assert.equal(calls, 3);
  });

  test('gives up after the last attempt with the database error', async () => {
    let calls = 0;
    await assert.rejects(
      retryConflicts(async () => {
        calls += 1;
        throw conflict('40P01');
      }, 3),
      { code: '40P01' },
    );
    assert.equal(calls, 3);
  });

  test('any other error is not retried', async () => {
    let calls = 0;
    await assert.rejects(
      retryConflicts(async () => {
        calls += 1;
        throw conflict('23505');
      }),
      { code: '23505' },
    );
    assert.equal(calls, 1);
    assert.equal(isRetryableConflict(new Error('plain')), false);
    assert.equal(isRetryableConflict(null), false);
  });
});
