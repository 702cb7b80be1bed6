import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  blockDurationMs,
} from '../../../src/directory/auth/login-throttle.js';

describe('blockDurationMs', () => {
  it('lets the first failures through free', () => {
    for (let n = 1; n < ACCOUNT_POLICY.freeFailures; n++) assert.equal(blockDurationMs(n, ACCOUNT_POLICY), 0);
  });
  it('holds an account back from 30 s, doubling, never beyond 5 minutes', () => {
    assert.equal(blockDurationMs(5, ACCOUNT_POLICY), 30_000);
    assert.equal(blockDurationMs(6, ACCOUNT_POLICY), 60_000);
    assert.equal(blockDurationMs(7, ACCOUNT_POLICY), 120_000);
    assert.equal(blockDurationMs(50, ACCOUNT_POLICY), 300_000);
    assert.equal(blockDurationMs(10_000, ACCOUNT_POLICY), 300_000);
  });
  it('holds an address back for 15 minutes after 30 failures', () => {
    assert.equal(blockDurationMs(29, ADDRESS_POLICY), 0);
    assert.equal(blockDurationMs(30, ADDRESS_POLICY), 15 * 60_000);
  });
});
