import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkKey } from './blob-store.js';

/** Where an S3-compatible store keeps our objects. */
export interface S3Location {
  bucket: string;
  /** Put before every key: '' or segments ending with '/'. */
  prefix: string;
  /** Another store than AWS (MinIO, R2, …): its base URL. */
  endpoint?: string;
  region?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
}

/** What STORAGE_URL selects: a local folder (DATA_DIR when `root` is absent) or an S3 bucket. */
export type StorageSettings = { kind: 'disk'; root?: string } | ({ kind: 's3' } & S3Location);

/** The S3 rules for bucket names, which every S3-compatible store follows. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];

/**
 * Reads STORAGE_URL (docs/storage.md): absent for DATA_DIR, `file:///absolute/folder`, or
 * `s3://bucket/optional/prefix?endpoint=…&region=…&forcePathStyle=true`. Throws an Error that
 * says what is wrong; credentials never go here (the AWS_* variables hold them).
 */
export function parseStorageUrl(raw: string | undefined): StorageSettings {
  if (raw === undefined || raw.trim() === '') return { kind: 'disk' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('is not a URL (s3://bucket/prefix?endpoint=… or file:///folder)');
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash) throw new Error('a file: URL takes no query');
    const root = fileURLToPath(url);
    if (!isAbsolute(root)) throw new Error('a file: URL must name an absolute folder');
    return { kind: 'disk', root };
  }
  if (url.protocol !== 's3:') throw new Error(`must start with s3:// or file://, not ${url.protocol}//`);
  if (url.username || url.password) {
    throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  if (url.port) throw new Error('takes the port in endpoint=, not after the bucket');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    throw new Error(
      `names the bucket "${bucket}", which is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`,
    );
  }
  const prefix = parsePrefix(url.pathname);

  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMETERS.includes(name)) {
      throw new Error(`has an unknown parameter "${name}" (known: ${S3_PARAMETERS.join(', ')})`);
    }
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {}
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      throw new Error('endpoint= must be an http:// or https:// URL');
    }
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !/^[a-z0-9-]{1,50}$/.test(region)) {
    throw new Error('region= must be a region name such as us-east-1');
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle)) {
    throw new Error('forcePathStyle= must be true or false');
  }
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region,
    forcePathStyle: pathStyle === 'true',
  };
}

function parsePrefix(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(trimmed);
  } catch {
    throw new Error('has a prefix that is not valid percent-encoding');
  }
  try {
    checkKey(decoded);
  } catch {
    throw new Error(`has the prefix "${decoded}", whose segments must not be empty or start with a dot`);
  }
  return `${decoded}/`;
}

/** The same settings with `sub` below the prefix (tests give every app its own). */
export function withSubPrefix(settings: StorageSettings, sub: string): StorageSettings {
  if (settings.kind !== 's3') return settings;
  return { ...settings, prefix: `${settings.prefix}${checkKey(sub)}/` };
}
