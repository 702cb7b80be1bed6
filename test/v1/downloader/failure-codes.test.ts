import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { downloaderFor } from '../../../src/downloader/downloader-for.js';
import { JOB_ERROR_CODES } from '../../../src/downloader/job-errors.js';
import { connect, settled } from '../../downloader/fake-engine.js';
import { createTestResources, testConfig } from '../../helpers/test-app.js';

// A stand-in for yt-dlp that fails the way the real one does: its lines on stderr, exit 1. Which
// lines it prints is picked by the video id in the URL, the last argument.
const FAILURES: Record<string, { lines: string[]; code: string }> = {
  gone0000000: {
    lines: [
      '[youtube] gone0000000: Downloading webpage',
      'ERROR: [youtube] gone0000000: Video unavailable. This video has been removed by the uploader',
    ],
    code: 'NOT_FOUND_AT_SOURCE',
  },
  dns00000000: {
    lines: [
      "ERROR: [youtube] dns00000000: Unable to download webpage: <urlopen error [Errno -3] Temporary failure in name resolution> (caused by URLError(gaierror(-3, 'Temporary failure in name resolution')))",
    ],
    code: 'SOURCE_UNREACHABLE',
  },
  drm00000000: {
    lines: ['ERROR: [youtube] drm00000000: This video is DRM protected'],
    code: 'UNSUPPORTED_CONTENT',
  },
  ffmpeg00000: {
    lines: [
      '[Merger] Merging formats into "/srv/kizuna/tmp/downloads/x/clip.mp4"',
      'ERROR: Postprocessing: Conversion failed!',
    ],
    code: 'DOWNLOAD_FAILED',
  },
  crash000000: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/yt_dlp/YoutubeDL.py"',
      "KeyError: 'url'",
    ],
    code: 'DOWNLOAD_FAILED',
  },
};

// The tools' own words that must never reach a client.
const RAW =
  /ERROR:|Errno|urlopen|Traceback|KeyError|python|yt_dlp|yt-dlp|Postprocessing|Conversion failed|\/srv\/|DRM protected|removed by the uploader/i;

let app: FastifyInstance;
let release = async () => {};
const logLines: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'kizuna-fake-ytdlp-'));

before(async () => {
  const fake = join(scratch, 'yt-dlp');
  writeFileSync(
    fake,
    `#!/usr/bin/env node
const failures = ${JSON.stringify(Object.fromEntries(Object.entries(FAILURES).map(([k, v]) => [k, v.lines])))};
const url = process.argv.at(-1);
const key = Object.keys(failures).find((k) => url.includes(k));
for (const line of failures[key] ?? ['ERROR: something else']) process.stderr.write(line + '\\n');
process.exit(1);
`,
  );
  chmodSync(fake, 0o755);
  const resources = await createTestResources();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ ...testConfig(resources), ytdlpPath: fake }, { logger: { level: 'info', stream } });
  release = resources.release;
});

after(async () => {
  await app?.close();
  await release();
  rmSync(scratch, { recursive: true, force: true });
});

async function failedJob(videoId: string) {
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/v1/d/youtube',
    payload: { url: `https://www.youtube.com/watch?v=${videoId}` },
  });
  assert.equal(submitted.statusCode, 202, submitted.body);
  const { id } = submitted.json();
  await settled(await downloaderFor(app), id);
  return id as string;
}

describe('a failed download, as the client sees it', () => {
  for (const [videoId, { code }] of Object.entries(FAILURES)) {
    test(`${videoId}: the job says ${code} in a sentence of ours; yt-dlp's words are in the log with the job id`, async () => {
      const id = await failedJob(videoId);
      const res = await app.inject(`/api/v1/jobs/${id}`);
      assert.equal(res.statusCode, 200);
      const job = res.json();
      assert.equal(job.status, 'failed');
      assert.equal(job.error.code, code);
      assert.ok(job.error.message.length > 10);
      assert.doesNotMatch(res.body, RAW);

      // The tool's own text went to the log, next to the job id and the code.
      const entry = logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((e) => e.job === id && e.msg === 'download failed');
      assert.ok(entry, 'the failure was logged');
      assert.equal(entry.code, code);
      assert.match(
        String(entry.detail),
        new RegExp(
          FAILURES[videoId].lines
            .at(-1)!
            .slice(0, 20)
            .replace(/[[\]().]/g, '\\$&'),
        ),
      );
    });
  }

  test('the live queue sends the same code and sentence, and nothing of the tool', async () => {
    const id = await failedJob('dns00000000');
    const talk = await connect(app, `/api/v1/ws/${id}`);
    await talk.closed;
    const last = talk.messages.at(-1) ?? {};
    assert.equal(last.type, 'error');
    assert.equal(last.code, 'SOURCE_UNREACHABLE');
    assert.doesNotMatch(JSON.stringify(talk.messages), RAW);
  });

  test('a record from before the codes (another code, yt-dlp’s words in the message) is said plainly', async () => {
    const service = await downloaderFor(app);
    const id = await failedJob('gone0000000');
    const job = await service.store.get(id);
    assert.ok(job);
    await service.store.put({
      ...job,
      error: {
        code: 'UPSTREAM_FAILED',
        message: 'The download failed: ERROR: [youtube] x: Video unavailable',
      },
    });
    const res = await app.inject(`/api/v1/jobs/${id}`);
    assert.deepEqual(res.json().error, { code: 'DOWNLOAD_FAILED', message: 'The download failed.' });
    const talk = await connect(app, `/api/v1/ws/${id}`);
    await talk.closed;
    assert.deepEqual(talk.messages.at(-1), {
      type: 'error',
      id,
      code: 'DOWNLOAD_FAILED',
      message: 'The download failed.',
    });
  });

  test('the OpenAPI document declares the error code as a closed list', async () => {
    const doc = (await app.inject('/api/v1/openapi.json')).json();
    const schema = doc.paths['/api/v1/jobs/{id}'].get.responses['200'].content['application/json'].schema;
    const error = schema.properties.error;
    const object = (error.anyOf ?? error.oneOf ?? [error]).find(
      (s: { type?: string }) => s.type === 'object',
    );
    assert.deepEqual(object.properties.code.enum, [...JOB_ERROR_CODES]);
  });
});
