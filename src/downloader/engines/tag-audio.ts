import { EngineError } from '../engine.js';
import { runProcess } from './run-process.js';

export interface AudioTags {
  title: string;
  artist: string;
  album?: string;
}

// Containers whose ffmpeg muxer keeps a cover picture; the others get text tags only.
const COVER_CAPABLE = new Set(['.mp3', '.m4a', '.flac']);

/**
 * Writes title, artist (and album) into an audio file and, where the container holds one, the
 * cover as an attached picture; the audio stream is copied, not re-encoded.
 */
export async function tagAudio(
  ffmpegPath: string,
  input: string,
  output: string,
  tags: AudioTags,
  cover: string | null,
  signal: AbortSignal,
): Promise<void> {
  const extension = output.slice(output.lastIndexOf('.')).toLowerCase();
  const withCover = cover !== null && COVER_CAPABLE.has(extension);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input];
  if (withCover) args.push('-i', cover);
  args.push('-map', '0:a');
  if (withCover) args.push('-map', '1:v', '-c:v', 'copy', '-disposition:v:0', 'attached_pic');
  args.push('-c:a', 'copy', '-map_metadata', '-1');
  args.push('-metadata', `title=${tags.title}`, '-metadata', `artist=${tags.artist}`);
  if (tags.album) args.push('-metadata', `album=${tags.album}`);
  if (extension === '.mp3') args.push('-id3v2_version', '3');
  if (withCover && extension === '.mp3')
    args.push('-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)');
  args.push(output);
  const result = await runProcess(ffmpegPath, args, { signal });
  if (result.code !== 0) throw new EngineError('DOWNLOAD_FAILED', 'Tagging the audio failed.');
}
