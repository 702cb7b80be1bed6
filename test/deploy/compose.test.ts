import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';

// compose.yaml and the Dockerfile cannot be run on the CI machines (no container runtime), so
// their contract with the configuration is read and checked here instead.

/** Variables read by libraries rather than by src/config.ts. */
const READ_BY_LIBRARIES = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'NODE_ENV']);

/** What a scaled deployment must set (README "Running several instances"). */
const REQUIRED_WHEN_SCALED = [
  'DATABASE_URL',
  'REDIS_URL',
  'STORAGE_URL',
  'SESSION_SECRET',
  'TRUST_PROXY',
  'HOST',
];

/** Compose's ${VAR}, ${VAR:-default} and ${VAR:?message}, filled as an operator's .env would. */
function interpolate(value: string, env: Record<string, string>) {
  return value.replace(/\$\{(\w+)(?::?[-?]([^}]*))?\}/g, (_match, name: string, fallback = '') =>
    name in env ? env[name] : fallback,
  );
}

const operatorEnv = {
  POSTGRES_PASSWORD: 'pg-secret',
  MINIO_ROOT_PASSWORD: 'minio-secret',
  SESSION_SECRET: 'a'.repeat(48),
  PUBLIC_URL: 'https://kizuna.example',
};

const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true });
const kizunaServices = Object.entries(compose.services as Record<string, Record<string, unknown>>).filter(
  ([, service]) => service.build === '.',
);

/** The names src/config.ts reads, found by watching it read a full environment. */
function namesReadByConfig(env: Record<string, string>) {
  const read = new Set<string>();
  const watched = new Proxy(env, {
    get(target, name: string) {
      read.add(name);
      return target[name];
    },
  });
  const config = loadConfig(watched);
  return { read, config };
}

describe('compose.yaml', () => {
  it('runs two Kizuna instances from this Dockerfile', () => {
    assert.deepEqual(kizunaServices.map(([name]) => name).sort(), ['kizuna-1', 'kizuna-2']);
  });

  for (const [name, service] of kizunaServices) {
    const environment = Object.fromEntries(
      Object.entries(service.environment as Record<string, string>).map(([key, value]) => [
        key,
        interpolate(String(value), operatorEnv),
      ]),
    );

    it(`${name}: every variable it sets is one Kizuna reads, and the configuration accepts them`, () => {
      const { read, config } = namesReadByConfig(environment);
      const unknown = Object.keys(environment).filter((key) => !read.has(key) && !READ_BY_LIBRARIES.has(key));
      assert.deepEqual(unknown, [], `variables nothing reads: ${unknown.join(', ')}`);
      assert.match(config.databaseUrl ?? '', /^postgres:\/\//);
      assert.equal(config.host, '0.0.0.0');
    });

    it(`${name}: sets everything a scaled deployment needs`, () => {
      const missing = REQUIRED_WHEN_SCALED.filter((key) => !environment[key]);
      assert.deepEqual(missing, []);
      assert.match(environment.STORAGE_URL, /^s3:\/\//);
      assert.ok(environment.SESSION_SECRET.length >= 32);
    });
  }

  it('balances on /readyz, so an instance whose dependency is down gets no traffic', () => {
    const haproxy = readFileSync('deploy/haproxy.cfg', 'utf8');
    assert.match(haproxy, /option httpchk GET \/readyz/);
    for (const [name] of kizunaServices)
      assert.match(haproxy, new RegExp(`server ${name} ${name}:3000 check`));
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');

  it('installs the engines with the script CI runs, and runs the compiled server as a non-root user under an init', () => {
    assert.match(dockerfile, /bash \/tmp\/install-engines\.sh/);
    assert.match(readFileSync('.ci/run', 'utf8'), /scripts\/install-engines\.sh/);
    assert.match(dockerfile, /npm prune --omit=dev/);
    assert.match(dockerfile, /^USER node$/m);
    assert.match(dockerfile, /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    assert.match(dockerfile, /^CMD \["node", "dist\/server\.js"\]$/m);
    assert.match(dockerfile, /HEALTHCHECK[\s\S]*\/healthz/);
  });

  it('carries the files the server reads at start beside its code', () => {
    // src/plugins/openapi.ts reads the conventions page of /docs from docs/.
    assert.match(
      dockerfile,
      /^COPY --from=build \/app\/docs\/api-conventions\.md \.\/docs\/api-conventions\.md$/m,
    );
  });

  it('is built on the exact Node version CI and contributors install', () => {
    const line = readFileSync('.node-version', 'utf8').trim();
    const pinned = new RegExp(`${line}\\) version=(${line}\\.\\d+\\.\\d+)`).exec(
      readFileSync('scripts/install-node.sh', 'utf8'),
    )?.[1];
    assert.ok(pinned, `scripts/install-node.sh pins no ${line}.x version`);
    assert.match(dockerfile, new RegExp(`^ARG NODE_VERSION=${pinned.replaceAll('.', '\\.')}$`, 'm'));
  });
});
