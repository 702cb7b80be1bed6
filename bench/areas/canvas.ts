import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { startLoopbackHttps } from '../../test/lib/safe-fetch/loopback-https.js';
import { againstBaseline } from '../lib/against-baseline.js';
import type { BenchArea, BenchContext, BenchRow } from '../lib/types.js';

const AREA = 'canvas';

/** A 256×256 portrait with some texture, about the weight of a real chat avatar. */
async function portrait(): Promise<Buffer> {
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const x = i % size;
    const y = Math.floor(i / size);
    pixels[i * 3] = (x * 3 + y) & 255;
    pixels[i * 3 + 1] = (y * 2 + ((x * y) >> 6)) & 255;
    pixels[i * 3 + 2] = 180;
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function cardsPerSecond(ctx: BenchContext, name: string, path: string): Promise<BenchRow[]> {
  return againstBaseline(ctx, AREA, name, path, { unit: 'cards/s' });
}

async function get(url: string, expectAvatar?: string): Promise<void> {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  if (expectAvatar && res.headers.get('x-avatar-status') !== expectAvatar) {
    throw new Error(`${url}: avatar ${res.headers.get('x-avatar-status')}`);
  }
}

/**
 * Cards per second with and without an avatar, and the median time of one xp card. The avatar is
 * served from loopback by the bench process; setup() lets the server under test fetch from
 * loopback, which only tests and this benchmark can do.
 */
export const area: BenchArea = {
  name: AREA,
  async setup(app: FastifyInstance) {
    app.config.allowLoopbackFetchForTests = true;
  },
  async run(ctx) {
    const image = await portrait();
    const avatars = await startLoopbackHttps((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) });
      res.end(image);
    });
    try {
      const avatar = (n: string) => encodeURIComponent(`${avatars.origin}/avatar.jpg?n=${n}`);
      const base = 'name=Aki%20%E6%A1%9C&level=27&xp=1340&needed=2000';
      const query = `${base}&rank=4`;
      const rows: BenchRow[] = [
        ...(await cardsPerSecond(ctx, 'GET /canvas/xp without avatar', `/api/v1/canvas/xp?${query}`)),
        ...(await cardsPerSecond(
          ctx,
          'GET /canvas/xp with avatar (kept after the first fetch)',
          `/api/v1/canvas/xp?${query}&avatar=${avatar('same')}`,
        )),
      ];
      let n = 0;
      const xpMedian = await ctx.medianMs(40, () =>
        get(`${ctx.baseUrl}/api/v1/canvas/xp?${base}&rank=${++n}`),
      );
      rows.push({
        area: AREA,
        name: 'median xp card, no avatar',
        value: xpMedian,
        unit: 'ms',
        target: '≤ 20 ms',
      });
      const fresh = await ctx.medianMs(20, () =>
        get(`${ctx.baseUrl}/api/v1/canvas/xp?${query}&avatar=${avatar(String(++n))}`, 'fetched'),
      );
      rows.push({
        area: AREA,
        name: 'median xp card, avatar fetched and decoded anew',
        value: fresh,
        unit: 'ms',
      });
      for (const type of ['me', 'levelup', 'ai']) {
        const median = await ctx.medianMs(20, () =>
          get(`${ctx.baseUrl}/api/v1/canvas/${type}?${base}&rank=${++n}`),
        );
        rows.push({ area: AREA, name: `median ${type} card, no avatar`, value: median, unit: 'ms' });
      }
      return rows;
    } finally {
      await avatars.close();
    }
  },
};
