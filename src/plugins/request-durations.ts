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
 * (docs/benchmarks.md); here one string key finds the series, and the exposition (the text
 * prom-client's registry prints, which this object joins as a metric of its own) is built only
 * when /metrics is read. Written here because prom-client has no cheaper way in.
 */
export class RequestDurations {
  readonly #series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let series = this.#series.get(key);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        counts: new Array(this.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
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
    for (const { labels, counts, sum, count } of this.#series.values()) {
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

  reset(): void {
    this.#series.clear();
  }
}
