import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-admin-cli-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- …` as an operator would, on its own SQLite file. */
function admin(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    input: '',
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('npm run admin', () => {
  it('creates an admin with the password from ADMIN_PASSWORD and lists it', () => {
    const created = admin(['create', 'operator', 'operator@example.org'], {
      ADMIN_PASSWORD: 'operator-password-1',
    });
    assert.equal(created.code, 0, created.err);
    assert.match(created.out, /operator: created/);
    const listed = admin(['list']);
    assert.equal(listed.code, 0, listed.err);
    assert.match(listed.out, /\toperator\toperator@example\.org\tadmin\tverified\t/);
    assert.doesNotMatch(listed.out, /argon2|operator-password-1/);
  });

  it('demotes and promotes by username or e-mail', () => {
    assert.equal(admin(['demote', 'operator@example.org']).code, 0);
    assert.match(admin(['list']).out, /\toperator\t\S+\tuser\t/);
    assert.equal(admin(['promote', 'OPERATOR']).code, 0);
    assert.match(admin(['list']).out, /\toperator\t\S+\tadmin\t/);
  });

  it('refuses a short password, an unknown user and an unknown command with exit code 2', () => {
    const short = admin(['create', 'shorty', 'shorty@example.org'], { ADMIN_PASSWORD: 'short' });
    assert.equal(short.code, 2);
    assert.match(short.err, /8 to 128 characters/);
    // The register rules hold here too: a username with "@" would be read as an e-mail at login.
    const strange = admin(['create', 'odd@name', 'not-an-email'], { ADMIN_PASSWORD: 'long enough' });
    assert.equal(strange.code, 2);
    assert.match(strange.err, /the username must have 3 to 50 characters/);
    assert.match(strange.err, /the email must be an e-mail address/);
    const unknown = admin(['promote', 'nobody']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /no user "nobody"/);
    const bogus = admin(['explode']);
    assert.equal(bogus.code, 2);
    assert.match(bogus.err, /usage:/);
    assert.doesNotMatch(admin(['list']).out, /shorty|odd@name/);
  });
});
