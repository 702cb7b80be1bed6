import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { createDatabase } from '../db/database.js';
import { openBlobStore } from '../lib/storage/open-blob-store.js';
import { drawBackdrop } from './demo-art/backdrops.js';
import { drawClipFrames } from './demo-art/clips.js';
import { encodeAnimatedGif } from './demo-art/gif-encoder.js';
import { drawReactionFrames, GIF_FRAMES, GIF_HEIGHT, GIF_WIDTH, reactionDelayMs } from './demo-art/gifs.js';
import { hashText } from './demo-art/rng.js';
import { drawStill } from './demo-art/stills.js';
import { DEMO_CREDITS, type DemoTask } from './demo-plan.js';
import { renderDemoVideo } from './demo-video.js';
import { type AddOutcome, MediaStore, type StoreConnection } from './media-store.js';
import { NotMediaError, type ProbedMedia, probeMedia } from './probe.js';

/**
 * The demo generator: a child process of its own (demo-content.ts forks it), so that the canvas,
 * the fonts, the pixel buffers and the storing never live in the server's memory, and all of it
 * is gone when the process exits. It takes its orders as the first IPC message, draws each file,
 * stores it through its own connection to the same database and file storage, says so, and exits.
 */
export interface WorkerOrders {
  tasks: DemoTask[];
  /** Scratch folder for the files on their way into the store. */
  outDir: string;
  ffmpegPath: string;
  /** Tiny stand-in files instead of the art, distinct per task: tests of the plumbing. */
  quick: boolean;
  connection: StoreConnection;
  /** How many more demo files each pool of these tasks takes (a pool's tasks all go to one generator). */
  room: Record<string, number>;
}

export type WorkerMessage =
  /** A file made and stored; `full` when its pool had no room left for it. */
  | { type: 'stored'; task: DemoTask; outcome: AddOutcome | 'full'; size: number }
  /** ffmpeg could not make the clip (missing, failing, hanging): why, in words. */
  | { type: 'unavailable'; task: DemoTask; reason: string }
  | { type: 'failed'; task: DemoTask; reason: string };

function rawOf(canvas: Canvas) {
  const { width, height } = canvas;
  const pixels = Buffer.from(canvas.getContext('2d').getImageData(0, 0, width, height).data.buffer);
  return sharp(pixels, { raw: { width, height, channels: 4 } });
}

/** Pixels that differ for every pool and variant (in colours that survive a 15-bit palette), for quick mode. */
function quickPixels(task: DemoTask, width: number, height: number, frames = 1): Buffer {
  const seed = hashText(task.pool);
  const pixels = Buffer.alloc(width * height * 4 * frames);
  for (let i = 0; i < width * height * frames; i++) {
    const frame = Math.floor(i / (width * height));
    pixels[i * 4] = (task.variant * 8) & 0xf8;
    pixels[i * 4 + 1] = seed & 0xf8;
    pixels[i * 4 + 2] = ((frame * 128) | ((i % width) * 16)) & 0xf8;
    pixels[i * 4 + 3] = 255;
  }
  return pixels;
}

/** Stopping (SIGTERM from the server closing, or the server gone) kills ffmpeg too. */
const stop = new AbortController();

async function make(task: DemoTask, orders: WorkerOrders): Promise<Buffer | { unavailable: string }> {
  if (orders.quick) {
    if (task.kind === 'gif') return encodeAnimatedGif(quickPixels(task, 8, 8, 2), 8, 8, 2, 100);
    if (task.kind === 'clip') {
      const frames = { width: 32, height: 32, fps: 5, pixels: quickPixels(task, 32, 32, 5) };
      const video = await renderDemoVideo(orders.ffmpegPath, frames, stop.signal);
      return 'bytes' in video ? video.bytes : video;
    }
    return sharp(quickPixels(task, 16, 12), { raw: { width: 16, height: 12, channels: 4 } })
      .png()
      .toBuffer();
  }
  switch (task.kind) {
    case 'still':
      return rawOf(drawStill(task.pool, task.variant))
        .png({ palette: true, colours: 128, effort: 1 })
        .toBuffer();
    case 'gif': {
      const frames = drawReactionFrames(task.pool, task.variant);
      return encodeAnimatedGif(frames.pixels, frames.width, frames.height, frames.count, frames.delayMs);
    }
    case 'backdrop':
      return rawOf(drawBackdrop(task.pool, task.variant)).jpeg({ quality: 82 }).toBuffer();
    default: {
      const video = await renderDemoVideo(orders.ffmpegPath, drawClipFrames(task.variant), stop.signal);
      return 'bytes' in video ? video.bytes : video;
    }
  }
}

/** How long a reaction's loop lasts: the GIF's delays in centiseconds, as a decoder adds them up. */
function gifDuration(pool: string): number {
  return Math.round(reactionDelayMs(pool) / 10) * 10 * GIF_FRAMES;
}

const EXTENSION = { still: 'png', gif: 'gif', backdrop: 'jpg', clip: 'mp4' } as const;

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('the demo generator runs as a child process only'));
    process.send(message, undefined, undefined, (error) => (error ? reject(error) : resolve()));
  });
}

async function run(orders: WorkerOrders): Promise<void> {
  sharp.concurrency(1);
  const { db } = createDatabase({ ...orders.connection.database, databasePoolMax: 2 });
  const blobs = openBlobStore(orders.connection.storage, { dataDir: orders.connection.dataDir });
  const store = new MediaStore(db, blobs, {
    ffmpegPath: orders.ffmpegPath,
    scratchDir: orders.outDir,
    cacheMs: 0,
  });
  const room = new Map(Object.entries(orders.room));
  try {
    // ffmpeg works beside the drawing: the clips are started first and awaited last.
    const clips = orders.tasks.filter((task) => task.kind === 'clip');
    const clipWork = (async () => {
      for (const task of clips) await produce(task, orders, store, room);
    })();
    for (const task of orders.tasks) {
      if (stop.signal.aborted) break;
      if (task.kind !== 'clip') await produce(task, orders, store, room);
    }
    await clipWork;
  } finally {
    await blobs.close();
    await db.destroy();
  }
}

async function produce(
  task: DemoTask,
  orders: WorkerOrders,
  store: MediaStore,
  room: Map<string, number>,
): Promise<void> {
  if (stop.signal.aborted) return;
  let path: string | undefined;
  try {
    if ((room.get(task.pool) ?? 0) <= 0) return send({ type: 'stored', task, outcome: 'full', size: 0 });
    const result = await make(task, orders);
    if (!Buffer.isBuffer(result)) return send({ type: 'unavailable', task, reason: result.unavailable });
    path = join(orders.outDir, `${task.pool}-${task.variant}.${EXTENSION[task.kind]}`);
    await writeFile(path, result);
    // A reaction GIF is what it was drawn as (decoding a thousand of them again costs seconds);
    // anything else is measured as an import would be.
    const probed: ProbedMedia =
      task.kind === 'gif' && !orders.quick
        ? {
            mime: 'image/gif',
            ext: 'gif',
            width: GIF_WIDTH,
            height: GIF_HEIGHT,
            durationMs: gifDuration(task.pool),
          }
        : await probeMedia(path, orders.ffmpegPath);
    if (stop.signal.aborted) return;
    const stored = await store.addFile(task.pool, path, DEMO_CREDITS, { consume: true, probed });
    if (stored.outcome === 'added' || stored.outcome === 'linked')
      room.set(task.pool, (room.get(task.pool) ?? 0) - 1);
    await send({
      type: 'stored',
      task,
      outcome: stored.outcome,
      size: stored.outcome === 'added' ? stored.size : 0,
    });
  } catch (error) {
    if (stop.signal.aborted) return;
    const why = (error as Error).message ?? String(error);
    const reason = error instanceof NotMediaError ? `a generated file was refused: ${why}` : why;
    await send({ type: 'failed', task, reason });
  } finally {
    if (path) await rm(path, { force: true }).catch(() => {});
  }
}

function quit() {
  stop.abort();
  setImmediate(() => process.exit(0));
}
process.once('SIGTERM', quit);
process.once('disconnect', quit);

process.once('message', (orders: WorkerOrders) => {
  run(orders).then(
    () => process.disconnect(),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
