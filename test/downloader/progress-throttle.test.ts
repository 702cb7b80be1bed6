import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProgressThrottle } from '../../src/downloader/progress-throttle.js';

test('lets one report through per interval, and always the last one', () => {
  let now = 1000;
  const throttle = new ProgressThrottle(500, () => now);
  assert.equal(throttle.pass(1), true);
  now += 100;
  assert.equal(throttle.pass(2), false);
  now += 399;
  assert.equal(throttle.pass(3), false);
  now += 1;
  assert.equal(throttle.pass(4), true);
  now += 1;
  assert.equal(throttle.pass(100), true);
});
