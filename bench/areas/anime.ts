import { againstBaseline } from '../lib/against-baseline.js';
import type { BenchArea } from '../lib/types.js';

const AREA = 'anime';

/** The deterministic anime endpoints: pure hashing, no data to seed, no upstream. */
export const area: BenchArea = {
  name: AREA,
  async run(ctx) {
    const paths: Array<[string, string]> = [
      ['GET /api/v1/anime/ship', '/api/v1/anime/ship?a=Naruto%20Uzumaki&b=Hinata%20Hyuga'],
      ['GET /api/v1/anime/rate', '/api/v1/anime/rate?thing=Cowboy%20Bebop'],
      ['GET /api/v1/anime/oracle', '/api/v1/anime/oracle?question=Will%20it%20rain%20tomorrow%3F'],
    ];
    // A second of each first, so the figures show a warmed-up JIT rather than the first calls.
    for (const [, path] of paths) await ctx.load(path, { duration: 1 });
    const rows = [];
    for (const [name, path] of paths) rows.push(...(await againstBaseline(ctx, AREA, name, path)));
    return rows;
  },
};
