import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import sharp from 'sharp';
import { ResultsStore } from '../../src/downloader/results-store.js';
import { openTestBlobs } from '../helpers/test-app.js';

function store() {
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-results-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return new ResultsStore(openTestBlobs(dir), join(dir, 'tmp', 'downloads'));
}

describe('ResultsStore', () => {
  test('collects results with sizes and types, dropping temporary files', async () => {
    const results = store();
    const dir = await results.prepare('job1');
    writeFileSync(
      join(dir, 'cover.png'),
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    writeFileSync(join(dir, 'clip.mp4.part'), 'partial');
    writeFileSync(join(dir, 'clip.f137.mp4.ytdl'), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'plain words');
    const files = await results.collect('job1', 1e6);
    assert.deepEqual(
      files.map((f) => [f.name, f.mime]),
      [
        ['cover.png', 'image/png'],
        ['notes.txt', 'application/octet-stream'],
      ],
    );
    assert.equal(existsSync(join(dir, 'clip.mp4.part')), false);
  });

  test('an audio-only MP4 keeps its audio type', async () => {
    const results = store();
    const dir = await results.prepare('job2');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=0.2',
      '-c:a',
      'aac',
      join(dir, 'tone.m4a'),
    ]);
    const [file] = await results.collect('job2', 1e6);
    assert.equal(file.mime, 'audio/mp4');
  });

  test('too much in total is TOO_LARGE; nothing is NO_MEDIA', async () => {
    const results = store();
    const dir = await results.prepare('job3');
    writeFileSync(join(dir, 'a.bin'), Buffer.alloc(600));
    writeFileSync(join(dir, 'b.bin'), Buffer.alloc(600));
    await assert.rejects(results.collect('job3', 1000), { code: 'TOO_LARGE' });
    await results.prepare('job4');
    await assert.rejects(results.collect('job4', 1000), { code: 'NO_MEDIA' });
  });

  test('file keys stay inside the job', () => {
    const results = store();
    assert.equal(results.locate('job1', '../../etc/passwd'), null);
    assert.equal(results.locate('job1', '..'), null);
    assert.equal(results.locate('job1', 'a\\b'), null);
    assert.equal(results.locate('job1', 'Clip [x] 100%.mp4'), 'downloads/job1/Clip [x] 100%.mp4');
  });

  test('publishing puts the files into the store and removes the work folder', async () => {
    const results = store();
    const dir = await results.prepare('job5');
    writeFileSync(join(dir, 'clip.mp4'), Buffer.from('0000001866747970697336d00000000069736f6d', 'hex'));
    const files = await results.collect('job5', 1e6);
    await results.publish('job5', files);
    assert.equal(existsSync(dir), false);
    assert.deepEqual(await results.names('job5'), ['clip.mp4']);
    assert.equal((await results.blobs.head('downloads/job5/clip.mp4'))?.size, 20);
    assert.deepEqual(
      (await results.list()).map((j) => j.id),
      ['job5'],
    );
    await results.remove('job5');
    assert.equal(await results.has('job5'), false);
  });
});
