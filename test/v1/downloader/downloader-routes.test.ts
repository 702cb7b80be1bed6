import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parse as parseDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { downloaderFor } from '../../../src/downloader/downloader-for.js';
import type { Engine } from '../../../src/downloader/engine.js';
import { SteeredEngine, settled } from '../../downloader/fake-engine.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { buildTestApp, SOURCES_ONLY } from '../../helpers/test-app.js';

async function appWithEngine(overrides = {}): Promise<{ app: FastifyInstance; engine: SteeredEngine }> {
  const app = await buildTestApp(overrides);
  const service = await downloaderFor(app);
  const engine = new SteeredEngine();
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  service.settings.progressIntervalMs = 0;
  return { app, engine };
}

const post = (app: FastifyInstance, path: string, payload: unknown, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: path, payload: payload as object, remoteAddress: ip });

// The head of an MP4 (ftyp box): enough for the results store to call it video/mp4.
const MP4_HEAD = Buffer.from('0000001866747970697336d00000000069736f6d', 'hex');

/** An engine that leaves result files with exactly these names, as yt-dlp or our extractors might. */
const filesEngine = (names: string[]): Engine => ({
  async run(context) {
    for (const name of names) await writeFile(join(context.workDir, name), MP4_HEAD);
  },
});

/** Runs one job on `engine` to its end and answers the finished job's JSON. */
async function finishedJob(app: FastifyInstance, engine: Engine) {
  const service = await downloaderFor(app);
  for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>) {
    service.engines[platform] = engine;
  }
  const { id } = (await post(app, '/api/v1/d/youtube', { url: 'https://youtu.be/dQw4w9WgXcQ' })).json();
  await settled(service, id);
  const job = (await app.inject(`/api/v1/jobs/${id}`)).json();
  assert.equal(job.status, 'done', JSON.stringify(job.error));
  return job as { id: string; files: Array<{ name: string; size: number; url: string }> };
}

describe('POST /api/v1/d/:platform', () => {
  test('queues a download and answers 202 with the job and its live-queue links', async () => {
    const { app, engine } = await appWithEngine();
    const res = await post(app, '/api/v1/d/youtube', {
      url: 'https://youtu.be/dQw4w9WgXcQ',
      quality: '1080',
    });
    assert.equal(res.statusCode, 202);
    const body = res.json();
    assert.match(body.id, /^[A-Za-z0-9_-]{16}$/);
    assert.equal(body.status, 'queued');
    assert.equal(body.position, 1);
    assert.equal(body.ws, `ws://localhost:80/api/v1/ws/${body.id}`);
    assert.equal(body.statusUrl, `http://localhost:80/api/v1/jobs/${body.id}`);
    await engine.whenStarted('https://youtu.be/dQw4w9WgXcQ');
    engine.release('https://youtu.be/dQw4w9WgXcQ');
  });

  test('takes x.com links for twitter and numeric quality', async () => {
    const { app, engine } = await appWithEngine();
    const res = await post(app, '/api/v1/d/twitter', {
      url: 'https://x.com/someone/status/123',
      quality: 720,
    });
    assert.equal(res.statusCode, 202);
    await engine.whenStarted('https://x.com/someone/status/123');
    engine.release('https://x.com/someone/status/123');
  });

  test('serves /download/pinterest and /download/threads as well as /d/pinterest', async () => {
    const { app, engine } = await appWithEngine();
    for (const [path, url] of [
      ['/api/v1/download/pinterest', 'https://www.pinterest.com/pin/123456789012/'],
      ['/api/v1/download/threads', 'https://www.threads.net/@someone/post/C1a2B3c4D5e'],
      ['/api/v1/d/pinterest', 'https://pin.it/abc123'],
    ]) {
      const res = await post(app, path, { url });
      assert.equal(res.statusCode, 202, `${path}: ${res.body}`);
      await engine.whenStarted(url);
      engine.release(url);
    }
  });

  test('a pin.it link without a short code, or a Pinterest page that is not a pin, is a 400 naming url', async () => {
    const { app } = await appWithEngine();
    for (const url of [
      'https://pin.it/',
      'https://pin.it',
      'https://pin.it/a/b',
      'https://www.pinterest.com/ideas/',
    ]) {
      const res = await post(app, '/api/v1/d/pinterest', { url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().errors[0].field, 'url');
    }
  });

  test('an unknown platform is a 404 that points at the catalog, whatever the body', async () => {
    const { app } = await appWithEngine();
    const res = await post(app, '/api/v1/d/myspace', { nonsense: true });
    assertProblem(res, 404, 'NOT_FOUND');
    assert.match(res.json().detail, /\/api\/v1\/endpoints/);
  });

  test('a URL of another platform or a look-alike host is a 400 naming url, and queues nothing', async () => {
    const { app, engine } = await appWithEngine();
    for (const [platform, url] of [
      ['youtube', 'https://vimeo.com/123'],
      ['youtube', 'https://youtube.com.evil.io/watch?v=x'],
      ['youtube', 'https://youtube.com@evil.io/watch?v=x'],
      ['tiktok', 'http://127.0.0.1/video'],
      ['instagram', 'file:///etc/passwd'],
      ['spotify', 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy'],
      ['threads', 'https://www.threads.net/@someone'],
      ['pinterest', 'https://www.pinterest.com/someone/boards/'],
      ['facebook', 'not a url'],
    ]) {
      const res = await post(app, `/api/v1/d/${platform}`, { url });
      assert.equal(res.statusCode, 400, `${platform} ${url}`);
      assert.equal(res.json().errors[0].field, 'url', url);
    }
    assert.deepEqual(engine.started, []);
  });

  test('bad fields are 400s that name them', async () => {
    const { app } = await appWithEngine();
    const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    for (const [body, field] of [
      [{}, 'url'],
      [{ url, mode: 'movie' }, 'mode'],
      [{ url, quality: '4320' }, 'quality'],
      [{ url, audioBitrate: 512 }, 'audioBitrate'],
      [{ url, audioFormat: 'exe' }, 'audioFormat'],
    ] as const) {
      const res = await post(app, '/api/v1/d/youtube', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.ok(
        res.json().errors.some((e: { field: string }) => e.field === field),
        `${JSON.stringify(body)} → ${res.body}`,
      );
    }
    const audioOnPinterest = await post(app, '/api/v1/download/pinterest', {
      url: 'https://www.pinterest.com/pin/123456789012/',
      mode: 'audio',
    });
    assert.equal(audioOnPinterest.statusCode, 400);
    assert.equal(audioOnPinterest.json().errors[0].field, 'mode');
  });

  test('too many active jobs from one client is a 429 with Retry-After; other clients still get in', async () => {
    const { app, engine } = await appWithEngine();
    const service = await downloaderFor(app);
    service.settings.maxActivePerClient = 2;
    const urls = ['https://youtu.be/aaaaaaaaaaa', 'https://youtu.be/bbbbbbbbbbb'];
    for (const url of urls)
      assert.equal((await post(app, '/api/v1/d/youtube', { url }, '10.0.0.1')).statusCode, 202);
    const refused = await post(app, '/api/v1/d/youtube', { url: 'https://youtu.be/ccccccccccc' }, '10.0.0.1');
    assertProblem(refused, 429, 'RATE_LIMITED');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const other = await post(app, '/api/v1/d/youtube', { url: 'https://youtu.be/ddddddddddd' }, '10.0.0.2');
    assert.equal(other.statusCode, 202);
    for (const url of [...urls, 'https://youtu.be/ddddddddddd']) {
      await engine.whenStarted(url);
      engine.release(url);
    }
  });

  test('the job cap counts an IPv6 client by its /64: rotating addresses in it gets no more jobs', async () => {
    const { app, engine } = await appWithEngine();
    const service = await downloaderFor(app);
    service.settings.maxActivePerClient = 2;
    const statuses: number[] = [];
    for (let host = 1; host <= 6; host++) {
      const url = `https://youtu.be/rotate${host}abcd`;
      statuses.push((await post(app, '/api/v1/d/youtube', { url }, `2001:db8:9:9::${host}`)).statusCode);
    }
    assert.deepEqual(statuses, [202, 202, 429, 429, 429, 429]);
    const other = await post(
      app,
      '/api/v1/d/youtube',
      { url: 'https://youtu.be/othernet123' },
      '2001:db8:9:a::1',
    );
    assert.equal(other.statusCode, 202, 'another /64 is another client');
    for (const url of [
      'https://youtu.be/rotate1abcd',
      'https://youtu.be/rotate2abcd',
      'https://youtu.be/othernet123',
    ]) {
      await engine.whenStarted(url);
      engine.release(url);
    }
  });

  test('ten submissions at once from one client: exactly the limit gets in, the rest are 429', async () => {
    const { app } = await appWithEngine();
    const service = await downloaderFor(app);
    assert.equal(service.settings.maxActivePerClient, 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(app, '/api/v1/d/youtube', { url: `https://youtu.be/concurrent${i}` }, '10.0.0.77'),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    assert.equal(statuses.filter((s) => s === 202).length, 3, statuses.join());
    assert.equal(statuses.filter((s) => s === 429).length, 7, statuses.join());
  });
});

describe('GET /api/v1/jobs/:id and its files', () => {
  test('shows the job through to done, then serves the file with Range and a safe filename', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://www.tiktok.com/@someone/video/7000000000000000000';
    const { id } = (await post(app, '/api/v1/d/tiktok', { url })).json();
    await engine.whenStarted(url);
    const running = (await app.inject(`/api/v1/jobs/${id}`)).json();
    assert.equal(running.status, 'running');
    assert.equal(running.progress.percent, 40);

    const service = await downloaderFor(app);
    const finished = settled(service, id);
    engine.release(url);
    await finished;
    const job = (await app.inject(`/api/v1/jobs/${id}`)).json();
    assert.equal(job.status, 'done');
    assert.equal(job.files.length, 1, 'the .part leftover is not a result');
    const [file] = job.files;
    assert.equal(file.name, 'Clip [abc].mp4');
    assert.equal(file.mime, 'video/mp4');
    assert.equal(file.url, `http://localhost:80/api/v1/jobs/${id}/files/Clip%20%5Babc%5D.mp4`);
    assert.ok(job.expiresAt > job.finishedAt);

    const whole = await app.inject(`/api/v1/jobs/${id}/files/Clip%20%5Babc%5D.mp4`);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'video/mp4');
    assert.equal(whole.headers['content-disposition'], 'attachment; filename="Clip [abc].mp4"');
    assert.equal(whole.rawPayload.length, file.size);
    const part = await app.inject({
      url: `/api/v1/jobs/${id}/files/Clip%20%5Babc%5D.mp4`,
      headers: { range: 'bytes=4-7' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 4-7/${file.size}`);
    assert.equal(part.rawPayload.toString('latin1'), 'ftyp');
    const beyond = await app.inject({
      url: `/api/v1/jobs/${id}/files/Clip%20%5Babc%5D.mp4`,
      headers: { range: 'bytes=9999-10000' },
    });
    assert.equal(beyond.statusCode, 416);
  });

  test('serves files whose names hold %, %25, %41, spaces and non-ASCII letters', async () => {
    const { app } = await appWithEngine();
    // yt-dlp's --restrict-filenames keeps %, and Spotify titles become names as they are.
    const names = [
      '100% real [a1].mp4',
      'already%25encoded.mp4',
      'looks%41like.mp4',
      'two  spaces.mp4',
      'Ünïcødé 日本 ♫.mp4',
    ];
    const job = await finishedJob(app, filesEngine(names));
    assert.deepEqual(job.files.map((f) => f.name).sort(), [...names].sort());
    for (const file of job.files) {
      const path = new URL(file.url).pathname;
      const res = await app.inject(path);
      assert.equal(res.statusCode, 200, `${file.name}: ${res.body}`);
      assert.deepEqual(res.rawPayload, MP4_HEAD, file.name);
      assert.equal(res.headers['content-type'], 'video/mp4');
      const disposition = parseDisposition(res.headers['content-disposition'] as string);
      assert.equal(disposition.type, 'attachment');
      assert.equal(disposition.parameters.filename, file.name, 'the exact name, not a decoding of it');
      const part = await app.inject({ url: path, headers: { range: 'bytes=4-7' } });
      assert.equal(part.statusCode, 206, file.name);
      assert.equal(part.rawPayload.toString('latin1'), 'ftyp');
    }
    // The decoded name is the file's name: %41 is not A, and a name that only decodes to a listed one is not served.
    const looksLike = job.files.find((f) => f.name === 'looks%41like.mp4')!;
    assert.equal((await app.inject(`/api/v1/jobs/${job.id}/files/looksAlike.mp4`)).statusCode, 404);
    assert.equal((await app.inject(`/api/v1/jobs/${job.id}/files/looks%41like.mp4`)).statusCode, 404);
    assert.equal((await app.inject(new URL(looksLike.url).pathname)).statusCode, 200);
  });

  test('serves files when DATA_DIR lies under a dot-directory', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kizuna-dot-'));
    after(() => rmSync(base, { recursive: true, force: true }));
    const dataDir = join(base, '.hidden', 'data');
    mkdirSync(dataDir, { recursive: true });
    const { app } = await appWithEngine({ dataDir });
    const job = await finishedJob(app, filesEngine(['Clip [abc].mp4']));
    const res = await app.inject(new URL(job.files[0].url).pathname);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.rawPayload, MP4_HEAD);
  });

  test('unknown jobs and files, and path tricks, are 404s', async () => {
    const { app } = await appWithEngine();
    assert.equal((await app.inject('/api/v1/jobs/nope')).statusCode, 404);
    assert.equal((await app.inject('/api/v1/jobs/nope/files/x.mp4')).statusCode, 404);
    assert.equal((await app.inject('/api/v1/jobs/nope/files/..%2F..%2Fkizuna.sqlite')).statusCode, 404);
  });

  test('a failed job shows its error and leaves no files behind', { skip: SOURCES_ONLY }, async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://soundcloud.com/someone/a-track';
    const { id } = (await post(app, '/api/v1/d/soundcloud', { url })).json();
    await engine.whenStarted(url);
    const service = await downloaderFor(app);
    assert.ok(existsSync(service.results.dirOf(id)), 'the engine was writing');
    const failed = settled(service, id);
    engine.release(url, 'fail');
    await failed;
    const job = (await app.inject(`/api/v1/jobs/${id}`)).json();
    assert.equal(job.status, 'failed');
    assert.deepEqual(job.error, {
      code: 'NOT_FOUND_AT_SOURCE',
      message: 'Nothing could be found at that link.',
    });
    assert.deepEqual(job.files, []);
    assert.equal(existsSync(service.results.dirOf(id)), false);
  });

  test('a job over its time limit fails with TIMEOUT and leaves no files behind', async () => {
    const { app, engine } = await appWithEngine();
    const service = await downloaderFor(app);
    service.settings.limits.timeoutMs = 150;
    const url = 'https://www.instagram.com/reel/Cabcdefghij/';
    const { id } = (await post(app, '/api/v1/d/instagram', { url })).json();
    const failed = settled(service, id);
    await failed;
    assert.deepEqual(engine.started, [url]);
    const job = (await app.inject(`/api/v1/jobs/${id}`)).json();
    assert.equal(job.error.code, 'TIMEOUT');
    assert.equal(existsSync(service.results.dirOf(id)), false);
  });

  test('the catalog lists the downloader platforms', async () => {
    const { app } = await appWithEngine();
    const res = await app.inject('/api/v1/endpoints');
    if (res.statusCode !== 200) return; // the catalog route belongs to another area and may not be mounted yet
    assert.ok(JSON.stringify(res.json()).includes('/api/v1/d/spotify'));
  });
});

describe('DELETE /api/v1/jobs/:id', () => {
  const cancel = (app: FastifyInstance, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/v1/jobs/${id}` });

  test('cancels a queued job: 200 with the job failed/CANCELLED, it never runs, and the jobs behind move up', async () => {
    const { app, engine } = await appWithEngine({ downloadWorkers: 1 });
    const [a, b, c] = [
      'https://youtu.be/aaaaaaaaaaa',
      'https://youtu.be/bbbbbbbbbbb',
      'https://youtu.be/ccccccccccc',
    ];
    await post(app, '/api/v1/d/youtube', { url: a }, '10.0.0.1');
    await engine.whenStarted(a);
    const second = (await post(app, '/api/v1/d/youtube', { url: b }, '10.0.0.2')).json();
    const third = (await post(app, '/api/v1/d/youtube', { url: c }, '10.0.0.3')).json();
    assert.equal(third.position, 2);

    const res = await cancel(app, second.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.json();
    assert.equal(body.id, second.id);
    assert.equal(body.status, 'failed');
    assert.equal(body.position, null);
    assert.deepEqual(body.error, { code: 'CANCELLED', message: 'The download was cancelled.' });
    assert.deepEqual(body.files, []);
    assert.equal(body.startedAt, null);
    assert.ok(body.finishedAt);
    assert.equal(body.statusUrl, `http://localhost:80/api/v1/jobs/${second.id}`);
    assert.deepEqual((await app.inject(`/api/v1/jobs/${second.id}`)).json(), body, 'GET tells the same');
    assert.equal((await app.inject(`/api/v1/jobs/${third.id}`)).json().position, 1);

    engine.release(a);
    await engine.whenStarted(c);
    engine.release(c);
    await settled(await downloaderFor(app), third.id);
    assert.deepEqual(engine.started, [a, c], 'the cancelled job never reached the engine');
  });

  test('cancels a running job: the engine is aborted and its files are removed', async () => {
    const { app, engine } = await appWithEngine();
    const url = 'https://www.tiktok.com/@someone/video/7000000000000000001';
    const { id } = (await post(app, '/api/v1/d/tiktok', { url })).json();
    await engine.whenStarted(url);
    const service = await downloaderFor(app);
    assert.ok(existsSync(service.results.dirOf(id)), 'the engine was writing');

    const res = await cancel(app, id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'failed');
    assert.equal(res.json().error.code, 'CANCELLED');
    assert.ok(res.json().startedAt);
    assert.deepEqual(engine.aborted, [url]);
    assert.equal(existsSync(service.results.dirOf(id)), false);
    assert.equal((await app.inject(`/api/v1/jobs/${id}`)).json().error.code, 'CANCELLED');
  });

  test('a finished, failed or cancelled job is a 409 and stays as it was (a done job keeps its files)', {
    skip: SOURCES_ONLY,
  }, async () => {
    const { app, engine } = await appWithEngine();
    const service = await downloaderFor(app);
    const done = 'https://youtu.be/ddddddddddd';
    const { id: doneId } = (await post(app, '/api/v1/d/youtube', { url: done })).json();
    await engine.whenStarted(done);
    const finished = settled(service, doneId);
    engine.release(done);
    await finished;
    const before = (await app.inject(`/api/v1/jobs/${doneId}`)).json();

    const res = await cancel(app, doneId);
    assertProblem(res, 409, 'CONFLICT');
    assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
    assert.match(res.json().detail, /already ended \(done\)/);
    assert.deepEqual((await app.inject(`/api/v1/jobs/${doneId}`)).json(), before);
    assert.deepEqual(await service.results.names(doneId), ['Clip [abc].mp4']);
    assert.equal((await app.inject(`/api/v1/jobs/${doneId}/files/Clip%20%5Babc%5D.mp4`)).statusCode, 200);

    const failing = 'https://youtu.be/eeeeeeeeeee';
    const { id: failedId } = (await post(app, '/api/v1/d/youtube', { url: failing })).json();
    await engine.whenStarted(failing);
    const failed = settled(service, failedId);
    engine.release(failing, 'fail');
    await failed;
    const refused = await cancel(app, failedId);
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().detail, /failed \(NOT_FOUND_AT_SOURCE\)/);
    assert.equal((await app.inject(`/api/v1/jobs/${failedId}`)).json().error.code, 'NOT_FOUND_AT_SOURCE');

    const running = 'https://youtu.be/fffffffffff';
    const { id: cancelledId } = (await post(app, '/api/v1/d/youtube', { url: running })).json();
    await engine.whenStarted(running);
    assert.equal((await cancel(app, cancelledId)).statusCode, 200);
    assert.equal((await cancel(app, cancelledId)).statusCode, 409, 'cancelling twice');
  });

  test('an expired job is a 409', async () => {
    const { app, engine } = await appWithEngine();
    const service = await downloaderFor(app);
    const url = 'https://youtu.be/ggggggggggg';
    const { id } = (await post(app, '/api/v1/d/youtube', { url })).json();
    await engine.whenStarted(url);
    const finished = settled(service, id);
    engine.release(url);
    await finished;
    await service.sweep(Date.now() + (app.config.downloadRetentionSeconds + 1) * 1000);
    assert.equal((await app.inject(`/api/v1/jobs/${id}`)).json().status, 'expired');
    const res = await cancel(app, id);
    assert.equal(res.statusCode, 409);
    assert.match(res.json().detail, /expired/);
  });

  test('an unknown id is a 404 and a malformed one is refused as GET refuses it', async () => {
    const { app } = await appWithEngine();
    const unknown = await cancel(app, 'nope');
    assertProblem(unknown, 404, 'NOT_FOUND');
    const tooLong = 'x'.repeat(65);
    const get = await app.inject(`/api/v1/jobs/${tooLong}`);
    const del = await cancel(app, tooLong);
    assertProblem(get, 400, 'VALIDATION_FAILED');
    assertProblem(del, 400, 'VALIDATION_FAILED');
  });

  test('a cancelled job no longer counts against its client', async () => {
    const { app, engine } = await appWithEngine();
    const service = await downloaderFor(app);
    service.settings.maxActivePerClient = 1;
    const url = 'https://youtu.be/hhhhhhhhhhh';
    const { id } = (await post(app, '/api/v1/d/youtube', { url }, '10.0.0.9')).json();
    const next = 'https://youtu.be/iiiiiiiiiii';
    assert.equal((await post(app, '/api/v1/d/youtube', { url: next }, '10.0.0.9')).statusCode, 429);
    await engine.whenStarted(url);
    assert.equal((await cancel(app, id)).statusCode, 200);
    assert.equal((await post(app, '/api/v1/d/youtube', { url: next }, '10.0.0.9')).statusCode, 202);
    await engine.whenStarted(next);
    engine.release(next);
  });

  test('OpenAPI documents the route with a response schema for every status', async () => {
    const { app } = await appWithEngine();
    await app.ready();
    const spec = (
      app as unknown as { swagger?: () => { paths: Record<string, Record<string, { responses: object }>> } }
    ).swagger?.();
    if (!spec) return; // the OpenAPI plugin belongs to another area and may not be mounted
    const route = spec.paths['/api/v1/jobs/{id}']?.delete;
    assert.ok(route, 'DELETE /api/v1/jobs/{id} is in the OpenAPI document');
    assert.deepEqual(Object.keys(route.responses).sort(), ['200', '400', '404', '409', '429', '503']);
  });
});
