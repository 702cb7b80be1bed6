import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { probeEngines } from '../../src/downloader/engine-probe.js';
import { buildTestApp } from '../helpers/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'kizuna-fake-engines-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** An executable shell script standing in for yt-dlp or ffmpeg. */
function fakeTool(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const oldYtdlp = fakeTool('yt-dlp-old', 'echo 2023.03.04');
const freshYtdlp = fakeTool('yt-dlp-fresh', 'echo 2025.06.30');
const brokenYtdlp = fakeTool('yt-dlp-broken', 'echo "ImportError: no module" >&2\nexit 1');
const ffmpeg = fakeTool('ffmpeg', 'echo "ffmpeg version 7.1 Copyright (c) 2000-2024 the FFmpeg developers"');
const missing = join(dir, 'not-there');
const hangingYtdlp = fakeTool('yt-dlp-hanging', 'sleep 5\necho 2025.06.30');
const july2025 = () => new Date('2025-07-15T00:00:00Z');

describe('engine probe', () => {
  it('reads both versions and has nothing to say about a current yt-dlp', async () => {
    const report = await probeEngines({ ytdlpPath: freshYtdlp, ffmpegPath: ffmpeg }, july2025);
    assert.deepEqual(report, {
      ytdlp: { path: freshYtdlp, version: '2025.06.30' },
      ffmpeg: { path: ffmpeg, version: '7.1' },
      warnings: [],
    });
  });

  it('warns about a yt-dlp older than 90 days, naming YTDLP_PATH', async () => {
    const report = await probeEngines({ ytdlpPath: oldYtdlp, ffmpegPath: ffmpeg }, july2025);
    assert.equal(report.ytdlp.version, '2023.03.04');
    assert.equal(report.warnings.length, 1);
    assert.match(report.warnings[0] ?? '', /yt-dlp 2023\.03\.04 is \d+ days old.*YTDLP_PATH/s);
  });

  it('says which tool is missing or broken instead of failing', async () => {
    const report = await probeEngines({ ytdlpPath: brokenYtdlp, ffmpegPath: missing }, july2025);
    assert.deepEqual(report.ytdlp, { path: brokenYtdlp, error: 'exited with 1' });
    assert.deepEqual(report.ffmpeg, { path: missing, error: 'not installed' });
    assert.equal(report.warnings.length, 2);
    assert.match(report.warnings[0] ?? '', /YTDLP_PATH=.*exited with 1/);
    assert.match(report.warnings[1] ?? '', /FFMPEG_PATH=.*not installed/);
  });

  it('/readyz shows the versions and the warning in its details once probed, and stays ready', async () => {
    // The event-loop check stays out of this: a loaded test machine may lag while the app starts.
    const app = await buildTestApp({ ytdlpPath: oldYtdlp, ffmpegPath: ffmpeg, eventLoopLagMs: 60_000 });
    await app.engines.report();
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 200, res.body);
    const { details } = res.json();
    assert.equal(details.engines.ytdlp.version, '2023.03.04');
    assert.equal(details.engines.ffmpeg.version, '7.1');
    assert.match(details.engines.warnings[0], /YTDLP_PATH/);
  });

  it('/readyz stays ready when the engines are missing', async () => {
    const app = await buildTestApp({ ytdlpPath: missing, ffmpegPath: missing, eventLoopLagMs: 60_000 });
    await app.engines.report();
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().details.engines.ytdlp.error, 'not installed');
  });

  it('/readyz does not wait for a probe that has not answered: ready, without the details', async () => {
    const app = await buildTestApp({ ytdlpPath: hangingYtdlp, ffmpegPath: ffmpeg, eventLoopLagMs: 60_000 });
    after(() => app.close());
    const res = await app.inject({ url: '/readyz' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().details, undefined);
  });

  it('the downloader part of /api/v1/endpoints shows the engines', async () => {
    const app = await buildTestApp({ ytdlpPath: oldYtdlp, ffmpegPath: ffmpeg });
    const res = await app.inject({ url: '/api/v1/endpoints' });
    assert.equal(res.statusCode, 200);
    const { engines } = res.json().downloader;
    assert.equal(engines.ytdlp.version, '2023.03.04');
    assert.match(engines.warnings[0], /older than 90|days old/);
  });

  it('npm run downloader -- engines prints them and exits non-zero on a warning', async () => {
    const exec = promisify(execFile);
    const run = (args: string[], ytdlp: string) =>
      exec(process.execPath, ['--import', 'tsx', 'src/cli/downloader.ts', ...args], {
        env: { ...process.env, YTDLP_PATH: ytdlp, FFMPEG_PATH: ffmpeg, DATA_DIR: dir },
      });
    await assert.rejects(run(['engines'], oldYtdlp), (error: { code: number; stdout: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stdout, /^yt-dlp\s+2023\.03\.04/m);
      assert.match(error.stdout, /^ffmpeg\s+7\.1/m);
      assert.match(error.stdout, /^warning: .*YTDLP_PATH/m);
      return true;
    });
    await assert.rejects(run(['nothing'], oldYtdlp), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /usage: npm run downloader -- engines/);
      return true;
    });
  });
});
