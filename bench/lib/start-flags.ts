import { readFileSync } from 'node:fs';

/** The node flags of `npm start` ("node <flags> dist/server.js" in package.json). */
export function npmStartFlags(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  const match = /^node\s+(.*?)\s*dist\/server\.js$/.exec(start.trim());
  if (!match) throw new Error(`package.json start script is not "node … dist/server.js": ${start}`);
  return match[1] ? match[1].split(/\s+/) : [];
}

/**
 * The young-generation flag of `npm start`, for the measured servers: how often V8 collects the
 * young generation is part of every per-request figure. (Not --expose-gc: the collection it lets
 * the server ask for a few seconds after start would land in a measured load.)
 */
export function youngGenerationFlags(): string[] {
  return npmStartFlags().filter((flag) => flag.startsWith('--max-semi-space-size='));
}
