import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { font } from '../lib/fonts.js';
import { GIF_CATEGORIES, IMAGE_CATEGORIES } from './categories.js';
import { renderDemoVideo } from './demo-video.js';
import type { MediaStore } from './media-store.js';
import { NotMediaError } from './probe.js';

/**
 * Starter content for a fresh install, so every category and pool answers with real files.
 * Generated, not downloaded: drawn with @napi-rs/canvas, animated GIFs encoded by sharp, a short
 * MP4 by ffmpeg when it works (demo-video.ts). Only empty pools are filled, and the drawing is
 * deterministic, so running it again changes nothing. The server runs it beside start-up
 * (demo-content-job.ts).
 */
export interface DemoReport {
  filled: string[];
  skipped: string[];
  files: number;
  /** Set when menuvid stays empty: ffmpeg missing, failing or making something unusable. */
  videoUnavailable?: string;
}

export interface DemoOptions {
  ffmpegPath: string;
  /** Aborting stops the generation between files and kills ffmpeg (the server is closing). */
  signal?: AbortSignal;
}

/** Which pools are empty and get starter files; pools with items are left alone. */
export interface DemoPlan {
  stills: string[];
  video: boolean;
  skipped: string[];
}

const IMAGES_PER_CATEGORY = 3;
const GIFS_PER_CATEGORY = 2;
const GIF_FRAMES = 4;
const BACKDROP_POOLS = ['menu', 'canvas'];
const CREDIT = { artistName: 'Kizuna demo content', artistHref: '', sourceUrl: '' };

/** sharp encodes the canvas' pixels to PNG several times faster than the canvas' own encoder. */
function encodePng(canvas: Canvas): Promise<Buffer> {
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A stable hue per name and variant. */
function hue(name: string, variant: number): number {
  let h = 7;
  for (const ch of `${name}:${variant}`) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function background(ctx: SKRSContext2D, width: number, height: number, h: number) {
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `hsl(${h}, 70%, 62%)`);
  gradient.addColorStop(1, `hsl(${(h + 60) % 360}, 65%, 38%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
}

function centredText(ctx: SKRSContext2D, text: string, x: number, y: number, size: number, colour = '#fff') {
  ctx.font = font(800, size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.fillText(text, x + 2, y + 2);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** A still portrait card: a face with ears fitting the category, the category's name below. */
export function drawPortrait(category: string, variant: number, width = 300, height = 400): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const h = hue(category, variant);
  background(ctx, width, height, h);
  const cx = width / 2;
  const cy = height * 0.42;
  const r = width * 0.26;
  ctx.fillStyle = `hsl(${(h + 180) % 360}, 45%, 30%)`;
  if (category === 'neko' || category === 'kitsune') {
    const tall = category === 'kitsune' ? 1.5 : 1;
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(cx + side * r * 0.95, cy - r * 0.2);
      ctx.lineTo(cx + side * r * 0.75, cy - r * (1.45 * tall));
      ctx.lineTo(cx + side * r * 0.2, cy - r * 0.85);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = '#ffe3d3';
  ctx.fill();
  ctx.fillStyle = `hsl(${(h + 180) % 360}, 45%, 30%)`;
  ctx.beginPath();
  ctx.arc(cx, cy - r * 0.35, r * 1.02, Math.PI, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#2b2b40';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(cx + side * r * 0.38, cy + r * 0.1, r * 0.12, r * 0.18, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = '#a0455a';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(cx, cy + r * 0.42, r * 0.18, 0.15 * Math.PI, 0.85 * Math.PI);
  ctx.stroke();
  centredText(ctx, category, cx, height * 0.82, Math.round(width * 0.12));
  centredText(ctx, `Kizuna demo #${variant + 1}`, cx, height * 0.92, Math.round(width * 0.05));
  return encodePng(canvas);
}

/** A wide backdrop for menu cards and canvas cards. */
export function drawBackdrop(pool: string, variant: number, width = 640, height = 360): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const h = hue(pool, variant);
  background(ctx, width, height, h);
  for (let i = 0; i < 12; i++) {
    ctx.beginPath();
    ctx.arc(
      ((i * 97 + variant * 53) % width) + 20,
      ((i * 61 + variant * 29) % height) + 10,
      18 + ((i * 13) % 40),
      0,
      Math.PI * 2,
    );
    ctx.fillStyle = `hsla(${(h + i * 25) % 360}, 80%, 80%, 0.25)`;
    ctx.fill();
  }
  centredText(ctx, `Kizuna ${pool}`, width / 2, height / 2, Math.round(height * 0.14));
  return encodePng(canvas);
}

/** An animated reaction GIF: a bouncing heart-ish blob and the reaction's name. */
export async function drawReactionGif(
  category: string,
  variant: number,
  width = 128,
  height = 96,
): Promise<Buffer> {
  const frames: Buffer[] = [];
  const h = hue(category, variant);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  for (let f = 0; f < GIF_FRAMES; f++) {
    // Flat colours keep the palette tiny: encoding stays fast and the files small.
    ctx.fillStyle = `hsl(${(h + f * 8) % 360}, 65%, 55%)`;
    ctx.fillRect(0, 0, width, height);
    const phase = (f / GIF_FRAMES) * Math.PI * 2;
    const y = height * 0.42 - Math.abs(Math.sin(phase)) * height * 0.15;
    ctx.beginPath();
    ctx.arc(width / 2, y, height * 0.17, 0, Math.PI * 2);
    ctx.fillStyle = '#ffe3d3';
    ctx.fill();
    ctx.fillStyle = '#2b2b40';
    ctx.fillRect(width / 2 - height * 0.08, y - height * 0.03, height * 0.04, height * 0.06);
    ctx.fillRect(width / 2 + height * 0.04, y - height * 0.03, height * 0.04, height * 0.06);
    centredText(ctx, category, width / 2, height * 0.82, Math.round(height * 0.16));
    frames.push(Buffer.from(ctx.getImageData(0, 0, width, height).data.buffer));
  }
  return sharp(Buffer.concat(frames), {
    raw: { width, height: height * GIF_FRAMES, channels: 4, pageHeight: height },
  })
    .gif({ loop: 0, delay: Array(GIF_FRAMES).fill(150), effort: 1, dither: 0, colours: 32 })
    .toBuffer();
}

/**
 * Runs `tasks` with at most `limit` at a time (sharp and canvas use the thread pool). After an
 * abort no task starts, and it returns only once the running ones have ended: nothing of it
 * writes on after the server has closed the database.
 */
async function limited(
  tasks: Array<() => Promise<unknown>>,
  signal: AbortSignal | undefined,
  limit = 4,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length && !failure && !signal?.aborted) {
      try {
        await tasks[next++]();
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(workers);
  if (failure) throw failure.error;
  signal?.throwIfAborted();
}

export async function planDemoContent(store: MediaStore): Promise<DemoPlan> {
  const counts = await store.counts();
  const plan: DemoPlan = { stills: [], video: false, skipped: [] };
  const pools = [...IMAGE_CATEGORIES, ...GIF_CATEGORIES, ...BACKDROP_POOLS];
  for (const pool of pools) ((counts.get(pool) ?? 0) > 0 ? plan.skipped : plan.stills).push(pool);
  if ((counts.get('menuvid') ?? 0) > 0) plan.skipped.push('menuvid');
  else plan.video = true;
  return plan;
}

/**
 * Draws and stores the still and GIF starter files of the given pools; `onFilled` hears of each
 * pool once its files are in. Returns how many files were stored.
 */
export async function generateDemoStills(
  store: MediaStore,
  pools: readonly string[],
  options: Pick<DemoOptions, 'signal'> & { onFilled?: (pool: string) => void } = {},
): Promise<number> {
  let files = 0;
  const tasks: Array<() => Promise<unknown>> = [];
  const remaining = new Map<string, number>();
  const add = async (pool: string, bytes: Promise<Buffer>, credits: object) => {
    const result = await store.addBuffer(pool, await bytes, credits);
    if (result.outcome !== 'duplicate') files += 1;
    const left = (remaining.get(pool) ?? 1) - 1;
    remaining.set(pool, left);
    if (left === 0) options.onFilled?.(pool);
  };
  const plan = (pool: string, count: number, draw: (variant: number) => Promise<Buffer>, credits: object) => {
    remaining.set(pool, count);
    for (let v = 0; v < count; v++) tasks.push(() => add(pool, draw(v), credits));
  };
  for (const pool of pools) {
    if ((IMAGE_CATEGORIES as readonly string[]).includes(pool)) {
      plan(pool, IMAGES_PER_CATEGORY, (v) => drawPortrait(pool, v), CREDIT);
    } else if ((GIF_CATEGORIES as readonly string[]).includes(pool)) {
      plan(pool, GIFS_PER_CATEGORY, (v) => drawReactionGif(pool, v), { animeName: 'Kizuna demo content' });
    } else if (BACKDROP_POOLS.includes(pool)) {
      plan(pool, 2, (v) => drawBackdrop(pool, v), CREDIT);
    }
  }
  await limited(tasks, options.signal);
  return files;
}

/**
 * Makes the demo MP4 and stores it in menuvid. Whatever goes wrong with ffmpeg (missing, failing,
 * hanging, making something that is not a video) leaves menuvid empty with the reason, and never
 * stops anything else.
 */
export async function generateDemoVideo(
  store: MediaStore,
  options: DemoOptions,
): Promise<{ files: number; unavailable?: string }> {
  const video = await renderDemoVideo(options.ffmpegPath, 0, options.signal);
  if ('unavailable' in video) return { files: 0, unavailable: video.unavailable };
  options.signal?.throwIfAborted();
  try {
    const result = await store.addBuffer('menuvid', video.bytes, {});
    return { files: result.outcome === 'duplicate' ? 0 : 1 };
  } catch (error) {
    if (error instanceof NotMediaError) {
      return {
        files: 0,
        unavailable: `ffmpeg (${options.ffmpegPath}) made no usable video: ${error.message}`,
      };
    }
    throw error;
  }
}

/** Fills every empty category and pool, stills and the video side by side; for tests and tools. */
export async function ensureDemoContent(store: MediaStore, options: DemoOptions): Promise<DemoReport> {
  const plan = await planDemoContent(store);
  const [stills, video] = await Promise.all([
    generateDemoStills(store, plan.stills, options),
    plan.video ? generateDemoVideo(store, options) : undefined,
  ]);
  const report: DemoReport = {
    filled: [...plan.stills],
    skipped: plan.skipped,
    files: stills + (video?.files ?? 0),
  };
  if (video && !video.unavailable) report.filled.push('menuvid');
  if (video?.unavailable) report.videoUnavailable = video.unavailable;
  return report;
}
