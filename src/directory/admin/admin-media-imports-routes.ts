import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflict, invalidFields, notFound, Problem, unsupportedMediaType } from '../../lib/problem.js';
import { IdParams, problemResponses } from '../../lib/schemas.js';
import { scratchDirOf } from '../../lib/storage/open-blob-store.js';
import { ALL_CATEGORIES, MEDIA_POOLS } from '../../media/categories.js';
import type { ManifestFormat } from '../../media/manifest.js';
import { manifestFetcher } from '../../media/manifest-commands.js';
import { ImportRunning, ManifestRejected, MediaImportService } from '../../media/media-import-service.js';
import { MediaStore } from '../../media/media-store.js';

/** The largest manifest taken in one request, and the most rows in it. */
export const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** The largest file one row may bring. */
const IMPORT_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Rows fetched at once. */
const IMPORT_PARALLEL = 4;
/** An import whose heartbeat is this old has lost its instance. */
const IMPORT_STALE_MS = 5 * 60_000;

const FORMAT_BY_TYPE: Record<string, ManifestFormat> = {
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/jsonlines': 'ndjson',
  'text/csv': 'csv',
};

const Count = Type.Integer({ minimum: 0 });

const ImportSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Unsafe<'running' | 'done' | 'interrupted'>({
    type: 'string',
    enum: ['running', 'done', 'interrupted'],
    description:
      'interrupted: its instance stopped before the end; send the same manifest again and the rows already ' +
      'imported are skipped',
  }),
  format: Type.Unsafe<ManifestFormat>({ type: 'string', enum: ['json', 'ndjson', 'csv'] }),
  startedBy: Type.String({ description: "An admin's username, or operator" }),
  total: Count,
  processed: Type.Integer({ minimum: 0, description: 'Rows that have ended, whatever their outcome' }),
  counts: Type.Object({
    added: Type.Integer({ minimum: 0, description: 'New files, stored' }),
    linked: Type.Integer({
      minimum: 0,
      description: 'Files stored before (for another pool), added to this one',
    }),
    updated: Type.Integer({ minimum: 0, description: 'Already in the pool; the credits were corrected' }),
    duplicate: Type.Integer({ minimum: 0, description: 'Already in the pool; nothing changed' }),
    skipped: Type.Integer({ minimum: 0, description: 'Imported by an earlier import; not fetched again' }),
    failed: Type.Integer({ minimum: 0, description: 'Nothing changed; see failures' }),
  }),
  bytes: Type.Integer({ minimum: 0, description: 'Bytes fetched' }),
  rate: Type.Integer({ minimum: 0, description: 'Bytes per second so far' }),
  etaSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  summary: Type.String({ description: 'The progress in words, as the command prints it' }),
  failures: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() }), {
    description: 'The failed rows (the first 1000) with their line in the manifest and why',
  }),
  startedAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});

const ManifestBody = Type.Unsafe<unknown>({
  description:
    'The manifest as a JSON array of rows (application/json), NDJSON (application/x-ndjson) or CSV (text/csv), ' +
    `at most ${IMPORT_BODY_LIMIT / 1024 / 1024} MiB and ${IMPORT_MAX_ROWS} rows; each row ` +
    '{url, category | pool, artist_name?, artist_href?, source_url?, anime_name?} as for npm run media -- ' +
    'import-manifest, url rows only',
});

/**
 * Manifest imports from the admin dashboard (docs/media.md, "Importing over HTTP"): the same code
 * path as `npm run media -- import-manifest`, run in the background, its progress in the database.
 * An admin session with its CSRF token, or the operator (loopback, or OPERATOR_TOKEN).
 */
export const adminMediaImportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const imports = new MediaImportService(
    app.db,
    new MediaStore(app.db, app.blobs, {
      ffmpegPath: config.ffmpegPath,
      scratchDir: scratchDirOf(config.dataDir, 'media'),
    }),
    {
      parallel: IMPORT_PARALLEL,
      maxBytes: IMPORT_MAX_FILE_BYTES,
      fetchBytes: manifestFetcher({ allowLoopbackForTests: config.allowLoopbackFetchForTests }),
      knownPools: (pool) =>
        ALL_CATEGORIES.includes(pool) ||
        (MEDIA_POOLS as readonly string[]).includes(pool) ||
        config.privatePools.includes(pool),
      maxRows: IMPORT_MAX_ROWS,
      staleMs: IMPORT_STALE_MS,
      log: app.log.child({ area: 'media-import' }),
    },
  );
  app.addHook('onClose', () => imports.close());

  // The manifest's own formats arrive as text; JSON is parsed by Fastify as everywhere.
  app.addContentTypeParser(
    ['text/csv', 'application/x-ndjson', 'application/jsonl', 'application/jsonlines'],
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/admin/media/imports',
    {
      config: { cache: 'private', auth: 'admin-or-operator', csrf: true },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        operationId: 'startMediaImport',
        summary: 'Import a manifest of remote files into the media store, in the background',
        description:
          'Checks every row first: a manifest that cannot be read, or has rows that break a rule (unknown ' +
          'category, not https, a path, a bad credit link), is a 400 whose `errors` name each row by its line, and ' +
          'nothing starts. Otherwise the answer is 202 with the import, which runs on: each file is fetched ' +
          'through the safe fetcher (https, public addresses only), checked by its magic bytes, stored once by ' +
          'its hash and credited. Rows an earlier import stored are skipped. Only one import runs at a time ' +
          '(409). An admin session with the CSRF token, or the operator: a direct loopback request or ' +
          'OPERATOR_TOKEN as a bearer token (no session, no CSRF token; JSON, NDJSON or CSV only).',
        consumes: ['application/json', 'application/x-ndjson', 'text/csv'],
        body: ManifestBody,
        response: {
          202: Type.Object({ import: ImportSchema }),
          ...problemResponses(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const format = FORMAT_BY_TYPE[type];
      if (!format)
        throw unsupportedMediaType(
          'Send the manifest as application/json, application/x-ndjson or text/csv.',
        );
      if (request.body === undefined || request.body === null || request.body === '')
        throw invalidFields([{ field: 'body', message: 'must be the manifest' }]);
      const text = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      try {
        const started = await imports.start(text, format, request.user?.username ?? 'operator');
        return reply.code(202).send({ import: started });
      } catch (error) {
        if (error instanceof ImportRunning)
          throw conflict(
            `Import ${error.running.id} is still running (${error.running.started_by}); wait for it to end.`,
          );
        if (error instanceof ManifestRejected) {
          if (error.problems.length === 0)
            throw new Problem('VALIDATION_FAILED', error.message, {
              errors: [{ field: 'body', message: error.message }],
            });
          throw invalidFields(
            error.problems.map((p) => ({
              field: `${format === 'json' ? 'item' : 'line'} ${p.line}`,
              message: p.reason,
            })),
          );
        }
        throw error;
      }
    },
  );

  app.get(
    '/admin/media/imports',
    {
      config: { cache: 'private', auth: 'admin-or-operator' },
      schema: {
        tags: ['admin'],
        operationId: 'listMediaImports',
        summary: 'The latest 10 manifest imports, newest first, with their progress',
        response: { 200: Type.Object({ imports: Type.Array(ImportSchema) }), ...problemResponses(401, 403) },
      },
    },
    async () => ({ imports: await imports.latest(10) }),
  );

  app.get(
    '/admin/media/imports/:id',
    {
      config: { cache: 'private', auth: 'admin-or-operator' },
      schema: {
        tags: ['admin'],
        operationId: 'getMediaImport',
        summary:
          'Progress of a manifest import: counts, bytes, rate, ETA and the failed rows with their reasons',
        params: IdParams,
        response: { 200: Type.Object({ import: ImportSchema }), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const progress = await imports.progress(request.params.id);
      if (!progress) throw notFound(`No import ${request.params.id}.`);
      return { import: progress };
    },
  );
};
