import { GIF_CATEGORIES, IMAGE_CATEGORIES } from './categories.js';
import type { Credits } from './media-repository.js';

/**
 * What demo content is: how many generated files each pool gets, what they are, and how they are
 * credited. No drawing here (that is demo-art/, in the generator process), so the server can plan
 * and recognise demo content without loading a canvas.
 */

/** The credit of every demo file: artist_name on image results, anime_name on GIF results. */
export const DEMO_CREDIT = 'Kizuna demo art (generated)';

/** The credit earlier versions gave their 2–3 placeholders per pool; recognised so an upgrade replaces them. */
export const LEGACY_DEMO_CREDIT = 'Kizuna demo content';

/** Demo rows carry the credit in both name columns: the mark that tells them from anything imported. */
export const DEMO_CREDITS: Credits = { artistName: DEMO_CREDIT, animeName: DEMO_CREDIT };

export type DemoKind = 'still' | 'gif' | 'backdrop' | 'clip';

/** How many demo files each pool holds, and of which kind. */
export const DEMO_TARGETS: ReadonlyMap<string, { kind: DemoKind; count: number }> = new Map<
  string,
  { kind: DemoKind; count: number }
>([
  ...IMAGE_CATEGORIES.map((pool): [string, { kind: DemoKind; count: number }] => [
    pool,
    { kind: 'still', count: 20 },
  ]),
  ...GIF_CATEGORIES.map((pool): [string, { kind: DemoKind; count: number }] => [
    pool,
    { kind: 'gif', count: 20 },
  ]),
  ['menu', { kind: 'backdrop', count: 10 }],
  ['canvas', { kind: 'backdrop', count: 10 }],
  ['menuvid', { kind: 'clip', count: 3 }],
]);

/** One file to make: the `variant`-th of its pool. */
export interface DemoTask {
  pool: string;
  kind: DemoKind;
  variant: number;
}

/**
 * The tasks for the given pools in the order they are best made: the first variant of every pool,
 * then the second of every pool, and so on, so that every pool answers within the first seconds
 * and fills up after. The video clips go first: ffmpeg runs beside the drawing.
 */
export function demoTasks(pools: readonly string[]): DemoTask[] {
  const tasks: DemoTask[] = [];
  const targets = pools.flatMap((pool) => {
    const target = DEMO_TARGETS.get(pool);
    return target ? [{ pool, ...target }] : [];
  });
  for (const { pool, kind, count } of targets) {
    if (kind === 'clip')
      for (let variant = 0; variant < count; variant++) tasks.push({ pool, kind, variant });
  }
  const rounds = Math.max(0, ...targets.map((t) => t.count));
  for (let variant = 0; variant < rounds; variant++) {
    for (const { pool, kind, count } of targets) {
      if (kind !== 'clip' && variant < count) tasks.push({ pool, kind, variant });
    }
  }
  return tasks;
}
