/** How many of the latest picks a pool of n items must not repeat for the same client. */
export function ringSize(n: number): number {
  return Math.min(Math.floor(n / 2), 16);
}

/** The longest ring any pool can have; what the ring store keeps per client and pool. */
export const RING_CAPACITY = 16;

/**
 * Picks `amount` distinct items at random, avoiding the ids in `recent` (newest first) while
 * others remain. When more are asked for than the non-recent ones, the oldest recent ones fill
 * up, and never more than the pool holds.
 */
export function pickAvoiding<T extends { id: number }>(
  items: readonly T[],
  recent: readonly number[],
  amount: number,
  random: () => number = Math.random,
): T[] {
  const avoid = new Set(recent);
  const fresh = items.filter((item) => !avoid.has(item.id));
  const picked = sample(fresh, amount, random);
  if (picked.length < amount) {
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const id of [...recent].reverse()) {
      if (picked.length >= amount) break;
      const item = byId.get(id);
      if (item && !picked.includes(item)) picked.push(item);
    }
  }
  return picked;
}

/** Up to `count` distinct elements, in random order (a partial Fisher–Yates shuffle). */
export function sample<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
