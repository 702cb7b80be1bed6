import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Histogram, type Metric, Registry } from 'prom-client';
import { RequestDurations } from '../../src/plugins/request-durations.js';

const BUCKETS = [0.001, 0.01, 0.1];
const OBSERVATIONS: Observation[] = [
  ['GET', '/api/v1/util/uuid', 200, 0.0004],
  ['GET', '/api/v1/util/uuid', 200, 0.001],
  ['GET', '/api/v1/util/uuid', 200, 0.05],
  ['GET', '/api/v1/util/uuid', 429, 0.002],
  ['POST', '/api/groups', 201, 3],
];

type Observation = [method: string, route: string, status: number, seconds: number];

/** Ours and a prom-client Histogram of the same name, given the same observations. */
function observedByBoth(name: string, observations: Observation[]) {
  const ours = new Registry();
  const durations = new RequestDurations(name, 'Time to answer', BUCKETS);
  ours.registerMetric(durations as unknown as Metric);
  const theirs = new Registry();
  const histogram = new Histogram({
    name,
    help: 'Time to answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [theirs],
  });
  for (const [method, route, status, seconds] of observations) {
    durations.observe(method, route, status, seconds);
    histogram.observe({ method, route, status: String(status) }, seconds);
  }
  return { ours, theirs, durations, histogram };
}

describe('RequestDurations', () => {
  it('prints exactly what a prom-client Histogram with the same observations prints', async () => {
    const { ours, theirs } = observedByBoth('http_request_duration_seconds', OBSERVATIONS);
    assert.equal(await ours.metrics(), await theirs.metrics());
  });

  it('keeps each route, method and status apart, in whatever order the requests come', async () => {
    const { durations, histogram } = observedByBoth('d', [
      ['GET', '/a', 200, 0.002],
      ['GET', '/b', 200, 0.02],
      ['HEAD', '/a', 200, 0.0001],
      ['GET', '/a', 404, 0.5],
      ['GET', '/a', 200, 0.004],
      ['GET', '/b', 200, 0.0002],
      ['HEAD', '/a', 200, 0.3],
    ]);
    const sorted = (values: Array<{ metricName?: string; labels: object; value: number }>) =>
      values.map((v) => JSON.stringify([v.metricName, v.labels, v.value])).sort();
    assert.deepEqual(sorted((await durations.get()).values), sorted((await histogram.get()).values));
  });

  it('counts a value on a bucket bound in that bucket, and one past the last in +Inf', async () => {
    const durations = new RequestDurations('d', 'h', BUCKETS);
    durations.observe('GET', '/x', 200, 0.01);
    durations.observe('GET', '/x', 200, 99);
    const { values } = await durations.get();
    const bucket = (le: number | string) =>
      values.find((v) => v.metricName === 'd_bucket' && v.labels.le === le)?.value;
    assert.equal(bucket(0.001), 0);
    assert.equal(bucket(0.01), 1);
    assert.equal(bucket(0.1), 1);
    assert.equal(bucket('+Inf'), 2);
    assert.equal(values.find((v) => v.metricName === 'd_count')?.value, 2);
  });

  it('forgets every series on reset', async () => {
    const durations = new RequestDurations('d', 'h', BUCKETS);
    durations.observe('GET', '/x', 200, 0.01);
    durations.reset();
    assert.deepEqual((await durations.get()).values, []);
  });
});
