import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, loadConfig, scaleOutWarnings } from '../src/config.js';

const madeDirs: string[] = [];
after(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kizuna-config-'));
    madeDirs.push(dir);
    return dir;
  };

  it('has working defaults: port 3000 on 127.0.0.1, SQLite in DATA_DIR, demo content on, 4 workers', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.sqlitePath, join(dir, 'kizuna.sqlite'));
    assert.equal(config.demoContent, true);
    assert.equal(config.downloadWorkers, 4);
    assert.equal(config.secureCookies, false);
    rmSync(dir, { recursive: true });
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    assert.ok(first.length >= 32);
    assert.equal(readFileSync(join(dir, 'session-secret'), 'utf8'), first);
    assert.equal(loadConfig({ DATA_DIR: dir }).sessionSecret, first);
    rmSync(dir, { recursive: true });
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@localhost/db' });
    assert.equal(config.databaseUrl, 'postgres://u@localhost/db');
  });

  it('uses secure cookies when PUBLIC_URL is https', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://kizuna.example/' });
    assert.equal(config.publicUrl, 'https://kizuna.example');
    assert.equal(config.secureCookies, true);
  });

  it('lists every invalid value at once', () => {
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://not-redis',
        LOG_LEVEL: 'loud',
        DEMO_CONTENT: 'maybe',
        DOWNLOAD_WORKERS: '0',
        TLS_CERT: '/nonexistent/cert.pem',
        ADMIN_USERNAME: 'root',
        SESSION_SECRET: 'short',
      });
      assert.fail('expected a ConfigError');
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      const text = error.problems.join('\n');
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'REDIS_URL',
        'LOG_LEVEL',
        'DEMO_CONTENT',
        'DOWNLOAD_WORKERS',
        'TLS_CERT and TLS_KEY',
        'ADMIN_USERNAME',
        'SESSION_SECRET',
      ]) {
        assert.ok(text.includes(name), `mentions ${name}`);
      }
    }
  });

  it('hides a group at 3 open reports of verified accounts unless REPORT_HIDE_THRESHOLD says otherwise', () => {
    const dir = dataDir();
    assert.equal(loadConfig({ DATA_DIR: dir }).reportHideThreshold, 3);
    assert.equal(loadConfig({ DATA_DIR: dir, REPORT_HIDE_THRESHOLD: '10' }).reportHideThreshold, 10);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      assert.throws(
        () => loadConfig({ DATA_DIR: dir, REPORT_HIDE_THRESHOLD: bad }),
        (error: unknown) => error instanceof ConfigError && /REPORT_HIDE_THRESHOLD/.test(error.message),
        bad,
      );
    }
  });

  it('caches group-list pages for 2 s, except on PostgreSQL without Redis, where instances cannot be told', () => {
    const dir = dataDir();
    const pg = 'postgres://u@localhost/db';
    assert.equal(loadConfig({ DATA_DIR: dir }).groupsPageCacheMs, 2000);
    assert.equal(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://localhost' }).groupsPageCacheMs, 2000);
    assert.equal(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg }).groupsPageCacheMs, 0);
    assert.equal(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, REDIS_URL: 'redis://localhost' }).groupsPageCacheMs,
      2000,
    );
    // Whoever sets it knowingly gets what they set.
    assert.equal(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, GROUPS_PAGE_CACHE_MS: '500' }).groupsPageCacheMs,
      500,
    );
    assert.equal(loadConfig({ DATA_DIR: dir, GROUPS_PAGE_CACHE_MS: '0' }).groupsPageCacheMs, 0);
  });

  it('reuses sessions for 2 s on the same terms, and SESSION_CACHE_MS overrides it', () => {
    const dir = dataDir();
    const pg = 'postgres://u@localhost/db';
    assert.equal(loadConfig({ DATA_DIR: dir }).sessionCacheMs, 2000);
    assert.equal(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg }).sessionCacheMs, 0);
    assert.equal(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, REDIS_URL: 'redis://localhost' }).sessionCacheMs,
      2000,
    );
    assert.equal(loadConfig({ DATA_DIR: dir, SESSION_CACHE_MS: '0' }).sessionCacheMs, 0);
    assert.throws(() => loadConfig({ DATA_DIR: dir, SESSION_CACHE_MS: '-1' }), /SESSION_CACHE_MS/);
  });

  it('leaves the rate-limit lease to the limit unless RATE_LIMIT_LEASE sets it, from 1 up', () => {
    const dir = dataDir();
    assert.equal(loadConfig({ DATA_DIR: dir }).rateLimitLease, undefined);
    assert.equal(loadConfig({ DATA_DIR: dir, RATE_LIMIT_LEASE: '1' }).rateLimitLease, 1);
    assert.equal(loadConfig({ DATA_DIR: dir, RATE_LIMIT_LEASE: '40' }).rateLimitLease, 40);
    for (const bad of ['0', '-3', '2.5', 'many'])
      assert.throws(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_LEASE: bad }), /RATE_LIMIT_LEASE/, bad);
  });

  it('reads TRUST_PROXY as a boolean, a hop count or a list of addresses', () => {
    const dir = dataDir();
    assert.equal(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy, true);
    // "1" is one hop (the proxy in front), not "trust every X-Forwarded-For entry".
    assert.equal(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '0' }).trustProxy, false);
    assert.equal(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy,
      'loopback,10.0.0.0/8,::1',
    );
    assert.equal(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy, 2);
    assert.equal(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy, '10.0.0.0/8');
  });

  it('refuses a TRUST_PROXY that is none of these, naming the variable', () => {
    for (const bad of ['garbage', '10.0.0.0/99', '10.0.0.1,nonsense', '-1']) {
      assert.throws(
        () => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: bad }),
        (error: unknown) => error instanceof ConfigError && /TRUST_PROXY/.test(error.message),
        bad,
      );
    }
  });

  it('reads the ADMIN_* variables as given; their rules are checked where the admin is created', () => {
    // test/directory/admin/bootstrap-admin.test.ts holds them to the rules of registration.
    const admin = { ADMIN_USERNAME: 'ro', ADMIN_EMAIL: 'root@example.org', ADMIN_PASSWORD: 'short' };
    assert.deepEqual(loadConfig({ DATA_DIR: dataDir(), ...admin }).admin, {
      username: 'ro',
      email: 'root@example.org',
      password: 'short',
    });
  });

  it('refuses an empty or short session-secret file rather than signing with it', () => {
    for (const content of ['', 'too-short\n']) {
      const dir = dataDir();
      writeFileSync(join(dir, 'session-secret'), content);
      assert.throws(
        () => loadConfig({ DATA_DIR: dir }),
        (error: unknown) => error instanceof ConfigError && /session-secret/.test(error.message),
      );
    }
  });

  it('sizes the PostgreSQL pool, the Redis command timeout and the stall time from the environment', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    assert.equal(defaults.databasePoolMax, 10);
    assert.equal(defaults.redisCommandTimeoutMs, 200);
    assert.equal(defaults.downloadStallSeconds, 30);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_POOL_MAX: '4',
      REDIS_COMMAND_TIMEOUT_MS: '500',
      DOWNLOAD_STALL_SECONDS: '60',
    });
    assert.deepEqual(
      [set.databasePoolMax, set.redisCommandTimeoutMs, set.downloadStallSeconds],
      [4, 500, 60],
    );
    for (const [name, value] of [
      ['DATABASE_POOL_MAX', '0'],
      ['REDIS_COMMAND_TIMEOUT_MS', 'fast'],
      ['DOWNLOAD_STALL_SECONDS', '1'],
    ]) {
      assert.throws(
        () => loadConfig({ DATA_DIR: dataDir(), [name]: value }),
        (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith(name)),
        `${name}=${value}`,
      );
    }
  });

  it('warns at start about settings that only hold for one instance', () => {
    const postgres = 'postgres://u@localhost/db';
    const redis = 'redis://localhost:6379';
    const secret = 's'.repeat(40);
    const warnings = (env: Record<string, string>) =>
      scaleOutWarnings(loadConfig({ DATA_DIR: dataDir(), ...env }));
    assert.deepEqual(warnings({}), [], 'one instance on SQLite needs nothing');
    assert.deepEqual(warnings({ DATABASE_URL: postgres, REDIS_URL: redis, SESSION_SECRET: secret }), []);
    const noSecret = warnings({ DATABASE_URL: postgres, REDIS_URL: redis });
    assert.equal(noSecret.length, 1);
    assert.match(noSecret[0], /SESSION_SECRET/);
    assert.match(warnings({ REDIS_URL: redis })[0], /SESSION_SECRET/);
    const noRedis = warnings({ DATABASE_URL: postgres, SESSION_SECRET: secret });
    assert.equal(noRedis.length, 1);
    assert.match(noRedis[0], /REDIS_URL/);
    assert.match(noRedis[0], /per instance/);
  });
});
