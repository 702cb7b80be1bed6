import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { parseStorageUrl, type StorageSettings } from './lib/storage/storage-url.js';

/** Everything the service reads from its environment, parsed and checked once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise the SQLite file at `sqlitePath`. */
  databaseUrl?: string;
  sqlitePath: string;
  /** Most connections this instance opens to PostgreSQL (see "Running several instances" in the README). */
  databasePoolMax: number;
  redisUrl?: string;
  /**
   * How long one Redis command may take before it counts as failed, in ms: a Redis that hangs
   * (rather than refusing) must not hold requests up.
   */
  redisCommandTimeoutMs: number;
  /** Prefix of every Redis key, so that instances of different deployments (or tests) never mix. */
  redisPrefix: string;
  publicUrl?: string;
  /** Where files live (STORAGE_URL): DATA_DIR by default, or an S3-compatible bucket. */
  storage: StorageSettings;
  /** Public base of the stored files (MEDIA_PUBLIC_URL): a CDN or the bucket; URLs in responses point there. */
  mediaPublicUrl?: string;
  trustProxy: boolean | string | number;
  tls?: { cert: string; key: string };
  sessionSecret: string;
  /** The secret was generated into DATA_DIR rather than given as SESSION_SECRET. */
  sessionSecretGenerated: boolean;
  /** Held to the rules of registration at start (bootstrap-admin.ts), not here. */
  admin?: { username: string; email: string; password: string };
  logLevel: string;
  demoContent: boolean;
  /**
   * Demo content as tiny stand-in files instead of the drawn art: the same counts and plumbing in
   * a fraction of the time. Not an environment variable; tests set it.
   */
  demoContentQuick: boolean;
  downloadWorkers: number;
  /**
   * How long a running download may go without a sign of life from its instance (on the shared
   * queue) before another instance takes it over, in seconds.
   */
  downloadStallSeconds: number;
  ytdlpPath: string;
  ffmpegPath: string;
  jikanUrl: string;
  /** How long one request to Jikan may take before it counts as timed out, in milliseconds. */
  jikanTimeoutMs: number;
  /** How often top and the current season are renewed ahead of any question; 0: never, not even at start. */
  jikanRefreshMs: number;
  /** Requests per minute and client network on /api/v1. */
  rateLimitPerMinute: number;
  /**
   * With Redis, how many of a client's counts an instance reserves at most at once
   * (v1/rate-limit-lease.ts); 1 asks Redis on every request. Unset: 2 % of the limit.
   */
  rateLimitLease?: number;
  /** Registrations per hour and client network (a write budget, docs/directory.md). */
  registrationsPerHour: number;
  /** Group submissions per hour, per account and per client network. */
  groupSubmissionsPerHour: number;
  /**
   * Open reports from this many distinct verified users hide a group from the public list until
   * an admin decides (docs/groups.md, "Reports").
   */
  reportHideThreshold: number;
  /** Bearer token for GET /metrics; when set, loopback alone no longer gets in. */
  metricsToken?: string;
  /** Bearer token for operator things (private pools); when set, loopback alone no longer gets in. */
  operatorToken?: string;
  /** Media pools reachable only from loopback (or with the operator token). */
  privatePools: string[];
  /** How long finished downloads are kept, in seconds. */
  downloadRetentionSeconds: number;
  /**
   * How long a rendered public group-list page is reused, in ms (0 = never cached). 2000 by
   * default; 0 by default on PostgreSQL without Redis, where other instances could not be told.
   */
  groupsPageCacheMs: number;
  /**
   * How long a looked-up session is reused, in ms (0 = read from the database every request). Same
   * defaults as groupsPageCacheMs, for the same reason: a logout, a login or an account change
   * clears it on this instance, and with Redis on every instance.
   */
  sessionCacheMs: number;
  /**
   * GET /readyz answers 503 `eventLoop: lagging` while the event-loop delay p99 of the last few
   * seconds is above this, in ms, so that a load balancer routes around a stalled instance.
   */
  eventLoopLagMs: number;
  /** Cookies get Secure and the __Host- prefix. */
  secureCookies: boolean;
  /**
   * Tests and benchmarks only: outbound fetches of user-given URLs (canvas avatars) may reach
   * plainly written loopback addresses. Deliberately not read from the environment, so no
   * deployment can switch it on; tests pass it to buildTestApp.
   */
  allowLoopbackFetchForTests?: boolean;
  /**
   * Tests only: the origin (https://127.0.0.1:PORT) that takes the place of the Genshin pictures'
   * hosts, so a test serves them from a fake upstream. Never read from the environment.
   */
  genshinImageOriginForTests?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the environment. Throws a ConfigError that lists every bad value at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error();
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
      return undefined;
    }
  };

  const dataDir = resolve(str('DATA_DIR') ?? './data');
  const databaseUrl = str('DATABASE_URL');
  let sqlitePath = join(dataDir, 'kizuna.sqlite');
  let postgresUrl: string | undefined;
  if (databaseUrl) {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) postgresUrl = databaseUrl;
    else if (databaseUrl.startsWith('sqlite:')) sqlitePath = resolve(databaseUrl.slice('sqlite:'.length));
    else problems.push('DATABASE_URL must start with postgres:// or sqlite:');
  }

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const tlsCert = str('TLS_CERT');
  const tlsKey = str('TLS_KEY');
  let tls: Config['tls'];
  if (Boolean(tlsCert) !== Boolean(tlsKey)) problems.push('TLS_CERT and TLS_KEY must be given together');
  else if (tlsCert && tlsKey) {
    for (const [name, path] of [
      ['TLS_CERT', tlsCert],
      ['TLS_KEY', tlsKey],
    ] as const) {
      if (!existsSync(path)) problems.push(`${name} file not found: ${path}`);
    }
    tls = { cert: tlsCert, key: tlsKey };
  }

  const adminUsername = str('ADMIN_USERNAME');
  const adminEmail = str('ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD;
  let admin: Config['admin'];
  if (adminUsername || adminEmail || adminPassword) {
    if (!adminUsername || !adminEmail || !adminPassword) {
      problems.push('ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
    } else {
      admin = { username: adminUsername, email: adminEmail, password: adminPassword };
    }
  }

  const publicUrl = url('PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '');
  const mediaPublicUrl = url('MEDIA_PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '');
  let storage: StorageSettings = { kind: 'disk' };
  try {
    storage = parseStorageUrl(str('STORAGE_URL'));
  } catch (error) {
    problems.push(`STORAGE_URL ${(error as Error).message}`);
  }
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  // Instances learn about each other's group writes through Redis (page-cache.ts). Several
  // instances on one PostgreSQL database without Redis cannot be told, and a page one of them
  // cached would outlive a verify on another; so there the page cache is off unless asked for.
  const groupsPageCacheDefault = postgresUrl && !redisUrl ? 0 : 2000; // and the session cache's
  const trustProxy = parseTrustProxy(str('TRUST_PROXY'), problems);

  const config: Config = {
    port: int('PORT', 3000, 0, 65535),
    host: str('HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: postgresUrl,
    sqlitePath,
    databasePoolMax: int('DATABASE_POOL_MAX', 10, 1, 1000),
    redisUrl,
    redisCommandTimeoutMs: int('REDIS_COMMAND_TIMEOUT_MS', 200, 20, 60_000),
    redisPrefix: str('REDIS_PREFIX') ?? 'kizuna:',
    publicUrl,
    storage,
    mediaPublicUrl,
    trustProxy,
    tls,
    sessionSecret: str('SESSION_SECRET') ?? '',
    sessionSecretGenerated: false,
    admin,
    logLevel,
    demoContent: bool('DEMO_CONTENT', true),
    demoContentQuick: false,
    downloadWorkers: int('DOWNLOAD_WORKERS', 4, 1, 64),
    downloadStallSeconds: int('DOWNLOAD_STALL_SECONDS', 30, 2, 3600),
    ytdlpPath: str('YTDLP_PATH') ?? 'yt-dlp',
    ffmpegPath: str('FFMPEG_PATH') ?? 'ffmpeg',
    jikanUrl: url('JIKAN_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? 'https://api.jikan.moe/v4',
    jikanTimeoutMs: int('JIKAN_TIMEOUT_MS', 8000, 100, 120_000),
    jikanRefreshMs: int('JIKAN_REFRESH_MINUTES', 360, 0, 10_080) * 60_000,
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000_000),
    rateLimitLease:
      str('RATE_LIMIT_LEASE') === undefined ? undefined : int('RATE_LIMIT_LEASE', 1, 1, 1_000_000_000),
    registrationsPerHour: int('REGISTRATIONS_PER_HOUR', 5, 1, 1_000_000),
    groupSubmissionsPerHour: int('GROUP_SUBMISSIONS_PER_HOUR', 10, 1, 1_000_000),
    reportHideThreshold: int('REPORT_HIDE_THRESHOLD', 3, 1, 1_000_000),
    metricsToken: str('METRICS_TOKEN'),
    operatorToken: str('OPERATOR_TOKEN'),
    privatePools: (str('PRIVATE_POOLS') ?? '')
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean),
    downloadRetentionSeconds: int('DOWNLOAD_RETENTION_SECONDS', 3600, 60, 30 * 86400),
    groupsPageCacheMs: int('GROUPS_PAGE_CACHE_MS', groupsPageCacheDefault, 0, 60_000),
    sessionCacheMs: int('SESSION_CACHE_MS', groupsPageCacheDefault, 0, 60_000),
    eventLoopLagMs: int('EVENT_LOOP_LAG_MS', 500, 1, 60_000),
    secureCookies: Boolean(tls) || Boolean(publicUrl?.startsWith('https:')),
  };
  if (config.sessionSecret && config.sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters');
  }
  for (const name of ['METRICS_TOKEN', 'OPERATOR_TOKEN']) {
    const token = str(name);
    if (token !== undefined && !/^[\x21-\x7e]{32,}$/.test(token))
      problems.push(`${name} must be at least 32 printable characters without spaces`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (!config.sessionSecret) {
    config.sessionSecret = loadOrCreateSecret(dataDir);
    config.sessionSecretGenerated = true;
  }
  return config;
}

/**
 * What looks like one instance of several set up for one: said at start, since nothing fails at
 * once but sessions and limits quietly stop working across instances.
 */
export function scaleOutWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if ((config.databaseUrl || config.redisUrl) && config.sessionSecretGenerated) {
    warnings.push(
      `SESSION_SECRET is not set: this instance uses the secret generated in ${config.dataDir}; every instance that does not share that DATA_DIR generates its own, and sessions of one are not valid on another. Set SESSION_SECRET (the same on every instance).`,
    );
  }
  if (config.databaseUrl && !config.redisUrl) {
    warnings.push(
      'PostgreSQL without REDIS_URL: rate limits, the download queue and live download updates are per instance. Set REDIS_URL when several instances share this database.',
    );
  }
  return warnings;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined) return false;
  // A number is a hop count, as Fastify reads it: "1" trusts the one proxy in front, not every
  // X-Forwarded-For entry a client may have written itself (which `true` would).
  if (/^\d+$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  const lower = raw.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (['false', 'no', 'off'].includes(lower)) return false;
  // Otherwise a list of trusted proxy addresses or CIDR ranges.
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDRs (or loopback, linklocal, uniquelocal); "${bad[0]}" is none of these`,
    );
    return false;
  }
  return entries.join(',');
}

function isAddressOrRange(entry: string): boolean {
  // The named ranges Fastify's proxy-addr knows.
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The session secret survives restarts: generated once and kept in DATA_DIR. Instances that start
 * together on one DATA_DIR agree on it: each writes its candidate to a file of its own and links it
 * into place, which only the first can do (a link never replaces a file); the others read the
 * winner's, which is complete before it has a name.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(candidate, secret, { mode: 0o600, flush: true });
    try {
      linkSync(candidate, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A file system without hard links (some network shares): an exclusive create is the next best.
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') createOnce(file, secret);
      else if (code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(candidate);
    }
  }
  const kept = readFileSync(file, 'utf8').trim();
  if (kept.length >= 32) return kept;
  // A short secret would make session cookies guessable; an empty one is a write cut short.
  throw new ConfigError([
    `${file} holds ${kept.length} characters where a session secret needs at least 32: delete it to have a new one generated (everyone is logged out), or set SESSION_SECRET`,
  ]);
}

function createOnce(file: string, content: string): void {
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx', flush: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
