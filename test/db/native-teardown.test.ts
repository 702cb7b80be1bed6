import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';

/** Runs a script in a fresh Node with --expose-gc and tsx; resolves with how it ended. */
function runChild(script: string) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output })),
  );
}

describe('native teardown of the SQLite driver', () => {
  // Node >= 24.19 with better-sqlite3 < 13 aborted here ("Assertion failed: (env) != nullptr" in
  // Statement::~Statement): the first garbage collection that finalised a statement killed the process.
  it('prepares, runs and drops statements, forces garbage collection, and exits cleanly', {
    timeout: 120_000,
  }, async () => {
    const { code, signal, output } = await runChild('test/fixtures/db/statement-teardown.ts');
    assert.equal(signal, null, output);
    assert.equal(code, 0, output);
    assert.match(output, /teardown ok/);
  });
});
