import type { MetricValueWithName } from 'prom-client';

type Labels = { method: string; route: string; status: string };

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram of request durations by method, route and status, counted the way every
 * request can afford. prom-client's own Histogram checks and hashes its label object on each
 * observation, a few µs that showed as the largest single cost of the API's small routes
 * (docs/benchmarks.md); here the series is found by route, method and status in turn, in maps
 * keyed by the very strings Fastify hands over each time (a route's pattern, Node's method names,
 * whose hashes V8 keeps) and by the status number, so an observation builds no string; a key made
 * of the three, as before, had to be joined and hashed anew on every request. The exposition (the
 * text prom-client's registry prints, which this object joins as a metric of its own) is built
 * only when /metrics is read. Written here because prom-client has no cheaper way in.
 */
export class RequestDurations {
  /** route → method → status → series. */
  readonly #series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#series.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.#series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        counts: new Array(this.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > this.buckets[bucket]) bucket++;
    series.counts[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /** What prom-client's registry reads to print the metric (the shape of its own histograms). */
  async get(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    values: MetricValueWithName<string>[];
    aggregator: 'sum';
  }> {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, counts, sum, count } of this.#allSeries()) {
      let cumulative = 0;
      counts.forEach((inBucket, i) => {
        cumulative += inBucket;
        const le = i < this.buckets.length ? this.buckets[i] : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  *#allSeries(): Generator<Series> {
    for (const byMethod of this.#series.values())
      for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  reset(): void {
    this.#series.clear();
  }
}
