import { againstBaseline } from '../lib/against-baseline.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

const AREA = 'util';
const UUID = '/api/v1/util/uuid';
const HASH = '/api/v1/util/hash?algo=sha256&text=hello';
const QR = `/api/v1/util/qr?format=png&text=${encodeURIComponent('https://kizuna.example/groups/42?utm_source=bench')}`;

/** The utility endpoints need no data: uuid and hash against the baseline (rate limit on), and QR PNGs. */
export const area: BenchArea = {
  name: AREA,
  async run(ctx) {
    // A second of each first, so the figures show a warmed-up JIT rather than the first calls.
    for (const path of [UUID, HASH, QR]) await ctx.load(path, { duration: 1 });
    const rows: BenchRow[] = [
      ...(await againstBaseline(ctx, AREA, 'GET /api/v1/util/uuid', UUID, { target: '≥ 0.8' })),
      ...(await againstBaseline(ctx, AREA, 'GET /api/v1/util/hash sha256', HASH, { target: '≥ 0.7' })),
    ];
    const qr = await ctx.load(QR);
    if (qr.non2xx > 0) throw new Error(`qr: ${qr.non2xx} non-2xx answers`);
    rows.push(
      {
        area: AREA,
        name: 'GET /api/v1/util/qr?format=png (PNGs per second)',
        value: qr.requestsPerSecond,
        unit: 'png/s',
      },
      { area: AREA, name: 'GET /api/v1/util/qr?format=png p99', value: qr.latencyP99Ms, unit: 'ms' },
    );
    return rows;
  },
};
