/**
 * npm run bench (default suite): how the cost of the directory's list and search grows with its
 * size, at 1,000, 10,000 and 100,000 groups (BENCH_GROWTH_SIZES), on SQLite and, with
 * BENCH_DATABASE_URL, PostgreSQL: the seeding, servers and loads of the scale benchmark
 * (bench/areas/scale.ts), page cache off, on the first page and two searches. Cost that stays
 * flat from 1k to 100k is the O(log n) the directory promises; `npm run bench -- scale` goes to 1M.
 */
import type { BenchArea, BenchRow } from '../lib/types.js';
import { measureGrowth } from './scale.js';

const sizes = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map((n) => Number(n.trim()));
const ONLY = ['GET /api/groups (first page)', 'search common', 'search rare'];

export const area: BenchArea = {
  name: 'growth',
  async run(ctx) {
    const results = await measureGrowth(ctx.scratchDir, sizes, ONLY);
    const rows: BenchRow[] = [];
    for (const r of results) {
      for (const f of r.figures) {
        rows.push({
          area: 'growth',
          name: `${r.engine} ${r.size.toLocaleString('en')} groups: ${f.name} p99 (p50 ${f.p50} ms, ${Math.round(f.rps)} req/s, ${Math.round(f.cpuMicros ?? 0)} µs CPU)`,
          value: f.p99,
          unit: 'ms',
        });
      }
    }
    return rows;
  },
};
