/** What switchToWal needs of a better-sqlite3 connection. */
export interface PragmaRunner {
  pragma(source: string): unknown;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Puts the SQLite file in WAL mode. The mode is kept in the file, so only a fresh file changes;
 * instances started at once on one fresh file race for that change, and SQLite answers the
 * loser SQLITE_BUSY at once, without its busy handler (waiting there could deadlock: both hold a
 * read lock and want the write lock). So the loser pauses and asks again, until `timeoutMs`.
 * Synchronous, like opening the connection around it (start-up only).
 */
export function switchToWal(sqlite: PragmaRunner, timeoutMs = 5000, pauseMs = 20): void {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw error;
      Atomics.wait(pause, 0, 0, pauseMs);
    }
  }
}
