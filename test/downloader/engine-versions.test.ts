import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ffmpegVersionOf,
  STALE_YTDLP_DAYS,
  staleYtdlpWarning,
  ytdlpAgeDays,
  ytdlpReleaseDate,
  ytdlpVersionOf,
} from '../../src/downloader/engine-versions.js';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('engine versions', () => {
  it('reads a yt-dlp version as its release date, nightly build numbers included', () => {
    assert.equal(ytdlpReleaseDate('2023.03.04')?.toISOString(), '2023-03-04T00:00:00.000Z');
    assert.equal(ytdlpReleaseDate('2024.08.06.232908')?.toISOString(), '2024-08-06T00:00:00.000Z');
    assert.equal(ytdlpReleaseDate(' 2025.1.2\n')?.toISOString(), '2025-01-02T00:00:00.000Z');
  });

  it('a version that is no real day is no date', () => {
    for (const version of ['2023.02.30', '2023.13.01', 'v2023.03.04', 'unknown', '', '1.2.3']) {
      assert.equal(ytdlpReleaseDate(version), undefined, version);
      assert.equal(ytdlpAgeDays(version, day('2024-01-01')), undefined, version);
      assert.equal(staleYtdlpWarning(version, day('2024-01-01')), undefined, version);
    }
  });

  it('counts whole days since the release', () => {
    assert.equal(ytdlpAgeDays('2023.03.04', day('2023-03-04')), 0);
    assert.equal(ytdlpAgeDays('2023.03.04', day('2023-03-05')), 1);
    assert.equal(ytdlpAgeDays('2023.03.04', day('2024-03-04')), 366);
  });

  it(`warns, naming YTDLP_PATH, only when yt-dlp is older than ${STALE_YTDLP_DAYS} days`, () => {
    assert.equal(staleYtdlpWarning('2024.01.01', day('2024-03-31')), undefined); // 90 days
    const warning = staleYtdlpWarning('2024.01.01', day('2024-04-01')); // 91 days
    assert.match(warning ?? '', /yt-dlp 2024\.01\.01 is 91 days old/);
    assert.match(warning ?? '', /YTDLP_PATH/);
    // A clock behind the release (a wrong date on the machine) is no reason to warn.
    assert.equal(staleYtdlpWarning('2024.01.01', day('2023-06-01')), undefined);
  });

  it('reads the versions from what the tools print', () => {
    assert.equal(ytdlpVersionOf('\n2023.03.04\n'), '2023.03.04');
    assert.equal(ytdlpVersionOf(''), undefined);
    assert.equal(
      ffmpegVersionOf(
        'ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers\nbuilt with gcc',
      ),
      '5.1.9-0+deb12u1',
    );
    assert.equal(ffmpegVersionOf('ffprobe version 6'), undefined);
  });
});
