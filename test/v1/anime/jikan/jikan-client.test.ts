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
    limiter.acquire = async (maxWaitMs?: number) => {
      const at = await acquire(maxWaitMs);
      grants.push(at);
      return at;
    };
    fake.script('/burst', { status: 200, body: page() });
    // A budget that lets the seventh question wait its two seconds for a slot.
    const shared = client({ limiter, budgetMs: 20_000 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => shared.get('/burst', { i })));
    assert.equal(fake.count('/burst'), 7);
    grants.sort((a, b) => a - b);
    for (let i = 3; i < grants.length; i++) {
      // Slots are booked as start + 1000 in fractional milliseconds; allow for float rounding.
      assert.ok(grants[i] - grants[i - 3] >= 1000 - 1e-6, `starts ${i - 3} and ${i} are a second apart`);
    }
  });

  it('a 429 with Retry-After pauses the client: no question goes upstream until it is over', async () => {
    fake.script('/limited', { status: 429, headers: { 'retry-after': '30' } });
    fake.script('/other', { status: 200, body: page() });
    const paused = client();
    await assert.rejects(paused.get('/limited'), (error: unknown) => {
      assert.ok(failure('busy')(error));
      const retryAfter = (error as UpstreamError).retryAfterMs ?? 0;
      assert.ok(retryAfter > 25_000 && retryAfter <= 30_000, `retry after ${retryAfter} ms`);
      return true;
    });
    assert.equal(fake.count('/limited'), 1, 'a 30 s pause does not fit the budget: no retry');
    for (const path of ['/other', '/limited']) {
      await assert.rejects(paused.get(path), (error: unknown) => {
        assert.ok(failure('busy')(error));
        const retryAfter = (error as UpstreamError).retryAfterMs ?? 0;
        assert.ok(retryAfter > 25_000 && retryAfter <= 30_000, `retry after ${retryAfter} ms`);
        return true;
      });
    }
    assert.equal(fake.count('/other'), 0, 'the other question never reached upstream');
    assert.equal(fake.count('/limited'), 1);
  });

  it('caps the pause a Retry-After asks for at maxPauseMs (10 minutes by default)', async () => {
    fake.script('/limited-a-day', { status: 429, headers: { 'retry-after': '86400' } });
    const paused = client();
    await assert.rejects(paused.get('/limited-a-day'), failure('busy'));
    assert.ok(paused.limiter.pausedFor() <= 600_000);
    assert.ok(paused.limiter.pausedFor() > 590_000);
    const short = client({ maxPauseMs: 2000 });
    await assert.rejects(short.get('/limited-a-day'), failure('busy'));
    assert.ok(short.limiter.pausedFor() <= 2000);
  });

  it('a 500 that arrives just under the timeout is not retried: the budget has no room for it', async () => {
    // Budget 1.5 × 400 = 600 ms; one attempt took ~300 ms, a retry would need as long again.
    fake.script('/slow-500', { status: 500, delayMs: 300 });
    await assert.rejects(client({ timeoutMs: 400 }).get('/slow-500'), failure('timeout'));
    assert.equal(fake.count('/slow-500'), 1);
  });

  it('counts the wait for a slot against the budget', async () => {
    fake.script('/crowded', { status: 200, body: page() });
    const limiter = jikanLimiter(10_000);
    for (let i = 0; i < 3; i++) limiter.reserve(performance.now());
    // The next slot is a second away; a 300 ms question (budget 450 ms) cannot wait for it.
    await assert.rejects(client({ timeoutMs: 300, limiter }).get('/crowded'), failure('busy'));
    assert.equal(fake.count('/crowded'), 0);
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
