// Writes the OpenAPI document the app serves at /api/v1/openapi.json to a file (default
// dist/openapi.json), built from the same buildApp as the server: `npm run lint:openapi` lints it
// with Redocly. Runs on an empty, throwaway data directory; nothing is contacted.
//   npx tsx scripts/openapi-document.ts [out.json]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const out = process.argv[2] ?? join('dist', 'openapi.json');
const dataDir = mkdtempSync(join(tmpdir(), 'kizuna-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'openapi-document-'.padEnd(48, 'x'),
    DEMO_CONTENT: 'false',
    JIKAN_REFRESH_MINUTES: '0',
  });
  const app = await buildApp(config, { logger: false });
  try {
    const res = await app.inject({ url: '/api/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.statusCode}`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
    console.log(`openapi: ${out}`);
  } finally {
    await app.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
