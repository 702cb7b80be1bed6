import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JikanClient, jikanLimiter } from '../../../../src/v1/anime/jikan/jikan-client.js';
import { UpstreamError } from '../../../../src/v1/anime/jikan/upstream-error.js';
import { FakeJikan, jikanAnime, page } from '../fake-jikan.js';

describe('JikanClient against a fake Jikan', () => {
  let fake: FakeJikan;
  before(async () => {
    fake = await FakeJikan.start();
  });
  after(() => fake.close());

  const client = (options: Partial<ConstructorParameters<typeof JikanClient>[0]> = {}) =>
    new JikanClient({ baseUrl: fake.url, timeoutMs: 3000, backoffMs: 10, ...options });

  const failure = (kind: UpstreamError['kind']) => (error: unknown) => {
    assert.ok(error instanceof UpstreamError, String(error));
    assert.equal(error.kind, kind);
    return true;
  };

  it('resolves a 200 with its parsed body and a 404 as not found', async () => {
    fake.script('/anime/1', { status: 200, body: { data: jikanAnime(1, 'Cowboy Bebop') } });
    const found = await client().get('/anime/1');
    assert.equal(found.found, true);
    assert.equal(found.found && (found.body as { data: { title: string } }).data.title, 'Cowboy Bebop');
    assert.deepEqual(await client().get('/anime/999999'), { found: false });
  });

  it('passes the query on', async () => {
    fake.script('/anime', { status: 200, body: page() });
    await client().get('/anime', { q: 'a & b', limit: 10 });
    const seen = fake.requests.at(-1);
    assert.equal(seen?.query.get('q'), 'a & b');
    assert.equal(seen?.query.get('limit'), '10');
  });

  it('retries 429 and 5xx up to three attempts, then fails', async () => {
    fake.script(
      '/retry',
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 502 },
      { status: 200, body: page() },
    );
    assert.equal((await client().get('/retry')).found, true);
    assert.equal(fake.count('/retry'), 3);

    fake.script('/always-500', { status: 500 });
    await assert.rejects(client().get('/always-500'), failure('failed'));
    assert.equal(fake.count('/always-500'), 3);
  });

  it('does not retry other 4xx answers or bodies that are not JSON', async () => {
    fake.script('/bad-request', { status: 400, body: { message: 'bad' } });
    await assert.rejects(client().get('/bad-request'), failure('failed'));
    assert.equal(fake.count('/bad-request'), 1);
    fake.script('/html', { status: 200, raw: '<html>maintenance</html>' });
    await assert.rejects(client().get('/html'), failure('failed'));
    assert.equal(fake.count('/html'), 1);
  });

  it('times out a slow answer without retrying it', async () => {
    fake.script('/slow', { status: 200, body: page(), delayMs: 10_000 });
    await assert.rejects(client({ timeoutMs: 300 }).get('/slow'), failure('timeout'));
    assert.equal(fake.count('/slow'), 1);
  });

  it('retries dropped connections and fails after the third', async () => {
    fake.script('/dropped', { drop: true });
    await assert.rejects(client().get('/dropped'), failure('failed'));
    assert.equal(fake.count('/dropped'), 3);
  });

  it('fails at once when nothing listens', async () => {
    const closed = new JikanClient({ baseUrl: 'http://127.0.0.1:9/v4', timeoutMs: 500, backoffMs: 1 });
    await assert.rejects(closed.get('/anime'), failure('failed'));
  });

  it('holds 3 requests per second across every caller of one client', async () => {
    const limiter = jikanLimiter(10_000);
    const grants: number[] = [];
    const acquire = limiter.acquire.bind(limiter);
    limiter.acquire = async () => {
      const at = await acquire();
      grants.push(at);
      return at;
    };
    fake.script('/burst', { status: 200, body: page() });
    const shared = client({ limiter });
    await Promise.all(Array.from({ length: 7 }, (_, i) => shared.get('/burst', { i })));
    assert.equal(fake.count('/burst'), 7);
    grants.sort((a, b) => a - b);
    for (let i = 3; i < grants.length; i++) {
      // Slots are booked as start + 1000 in fractional milliseconds; allow for float rounding.
      assert.ok(grants[i] - grants[i - 3] >= 1000 - 1e-6, `starts ${i - 3} and ${i} are a second apart`);
    }
  });

  it('refuses with busy when the outbound queue is longer than allowed', async () => {
    fake.script('/queue', { status: 200, body: page() });
    const impatient = client({ maxQueueMs: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => impatient.get('/queue', { i })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    const refused = results.find((r) => r.status === 'rejected');
    assert.ok(refused && failure('busy')(refused.reason));
  });
});
