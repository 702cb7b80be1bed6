import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Server and load generator on different cores, where the machine has several and `taskset` is
 * there (util-linux): servers on core 0, this process (autocannon runs inside it) on core 1, so the
 * two do not take turns on one core and the server's figures are its own.
 */
const usable =
  process.platform === 'linux' &&
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

/** The command and arguments that start `command` on the server core (unchanged without taskset). */
export function onServerCore(command: string, args: string[]): [string, string[]] {
  return usable ? ['taskset', ['-c', SERVER_CORE, command, ...args]] : [command, args];
}

/** Moves every thread of this process to the load generator's core; says what it did. */
export function pinLoadGenerator(): string {
  if (!usable) return 'not pinned (one core, or no taskset)';
  const result = spawnSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], {
    stdio: 'ignore',
  });
  return result.status === 0
    ? `servers pinned to core ${SERVER_CORE}, load generator to core ${LOAD_CORE}`
    : 'not pinned (taskset failed)';
}
