/** How many of the latest picks a pool of n items must not repeat for the same client. */
export function ringSize(n: number): number {
  return Math.min(Math.floor(n / 2), 16);
}

/** The longest ring any pool can have; what the ring store keeps per client and pool. */
export const RING_CAPACITY = 16;

/**
 * The candidates one pick needs, in random order: `amount + k` distinct items. However the ring's
 * k ids fall among them, at least `amount` are not recent; and when the pool holds no more than
 * that, the candidates are the whole pool. So a ring store can finish the pick from the
 * candidates alone (chooseAvoiding), at the moment it reads the ring.
 */
export function pickCandidates<T>(
  items: readonly T[],
  k: number,
  amount: number,
  random: () => number = Math.random,
): T[] {
  return sample(items, amount + k, random);
}

/**
 * The first `amount` candidates that are not in `recent` (newest first); when too few remain,
 * the oldest recent ones that are candidates fill up. Candidates in random order make this a
 * uniform pick among the non-recent ones (the first of a random order are a uniform sample).
 * Pure and synchronous: the ring stores run it between reading and writing a ring.
 */
export function chooseAvoiding<Id>(candidates: readonly Id[], recent: readonly Id[], amount: number): Id[] {
  const picked: Id[] = [];
  for (const id of candidates) {
    if (picked.length >= amount) break;
    // A scan rather than a Set per pick: a ring holds 16 ids at most.
    if (!recent.includes(id)) picked.push(id);
  }
  if (picked.length < amount) {
    const inPool = new Set(candidates);
    for (const id of [...recent].reverse()) {
      if (picked.length >= amount) break;
      if (inPool.has(id) && !picked.includes(id)) picked.push(id);
    }
  }
  return picked;
}

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
  const candidates = pickCandidates(items, recent.length, amount, random);
  const byId = new Map(candidates.map((item) => [item.id, item]));
  return chooseAvoiding(
    candidates.map((item) => item.id),
    recent,
    amount,
  ).map((id) => byId.get(id) as T);
}

/** Up to `count` distinct elements, in random order (a partial Fisher–Yates shuffle). */
export function sample<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const n = Math.min(count, items.length);
  if (items.length <= SMALL_POOL) {
    const pool = [...items];
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, n);
  }
  // The same shuffle over the indices, keeping only the swapped ones: a pick from a large pool
  // costs its few candidates, not a copy of the pool (70 µs per request at 20,000 items).
  const swapped = new Map<number, number>();
  const picked: T[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    picked.push(items[swapped.get(j) ?? j] as T);
    swapped.set(j, swapped.get(i) ?? i);
  }
  return picked;
}

/** Up to this many items a copy of the pool is cheaper than a map of swapped indices (measured). */
const SMALL_POOL = 1024;
