import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { berlinDate } from '../../lib/berlin-clock.js';
import { NO_CACHE, publicFor } from '../../lib/http/cache-control.js';
import { notFound, Problem, upstreamFailed, upstreamTimeout } from '../../lib/problem.js';
import { problemResponses, responseHeaders } from '../../lib/schemas.js';
import { AnimeCache } from './jikan/anime-cache.js';
import { AnimeData, type Answer, LIST_SIZE } from './jikan/anime-data.js';
import { AnimeSchema } from './jikan/anime-json.js';
import { JikanClient } from './jikan/jikan-client.js';
import { UpstreamError } from './jikan/upstream-error.js';

const DAY_MS = 86_400_000;
const UPSTREAM_ERRORS = problemResponses(400, 429, 502, 503, 504);
/** Where an answer came from (markCache). */
const CACHE_HEADERS = { headers: responseHeaders('X-Cache', 'Warning', 'Age') };

/** Tells the caller where the answer came from; a stale one carries the HTTP stale warning too. */
function markCache(reply: FastifyReply, answer: Answer<unknown>) {
  reply.header('x-cache', answer.cache);
  if (answer.cache === 'stale') {
    reply.header('warning', '110 - "Response is Stale"');
    reply.header('age', String(Math.max(0, Math.floor((Date.now() - answer.fetchedAt) / 1000))));
    reply.header('cache-control', NO_CACHE);
  } else {
    reply.header('cache-control', publicFor(3600));
  }
}

function toProblem(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  if (error.kind === 'timeout') return upstreamTimeout(error.message);
  if (error.kind === 'busy') {
    return new Problem('SERVICE_UNAVAILABLE', error.message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil((error.retryAfterMs ?? 1000) / 1000))) },
    });
  }
  return upstreamFailed(error.message);
}

async function upstream<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw toProblem(error);
  }
}

/** /anime/lookup, /anime/top and /anime/season: the external anime database (Jikan v4), cached. */
export const animeDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const client = new JikanClient({ baseUrl: app.config.jikanUrl, timeoutMs: app.config.jikanTimeoutMs });
  const cache = new AnimeCache(app.db, { freshMs: DAY_MS, keepMs: 30 * DAY_MS, memoryEntries: 1000 });
  const data = new AnimeData(client, cache, (error) =>
    app.log.warn({ err: error }, 'anime cache unavailable'),
  );

  // Top and the current season are asked for ahead of any client, so that an outage of the
  // anime database finds a recent answer to serve (stale) instead of a 502. At start in the
  // background, never holding start-up up; then on a schedule, through the same limited client.
  const refreshMs = app.config.jikanRefreshMs;
  if (refreshMs > 0) {
    // Half the interval: a sweep that comes a moment early still renews an answer it finds.
    // The anime database not answering is an outage of theirs, expected (and the rule on a machine
    // without internet): one line that says so, not a stack. Anything else is ours and keeps it.
    const renew = () =>
      data.refreshLists(berlinDate(), refreshMs / 2).catch((error: unknown) => {
        if (!(error instanceof UpstreamError)) throw error;
        app.log.warn({ failure: error.kind }, `anime lists not renewed: ${error.message}`);
      });
    app.addHook('onReady', async () => {
      renew().catch((error) => app.log.warn({ err: error }, 'anime prefetch failed'));
    });
    app.sweeps.every('anime lists', refreshMs, renew);
  }

  app.get(
    '/anime/lookup',
    {
      config: { cache: { maxAge: 3600 } },
      schema: {
        operationId: 'lookUpAnime',
        tags: ['anime'],
        summary: 'Look an anime up by title in the external anime database',
        querystring: Type.Object({
          title: Type.String({
            minLength: 1,
            maxLength: 200,
            pattern: '\\S',
            description: 'Title to search for',
          }),
        }),
        response: {
          200: Type.Object(AnimeSchema.properties, CACHE_HEADERS),
          ...problemResponses(404),
          ...UPSTREAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const answer = await upstream(data.lookup(request.query.title));
      markCache(reply, answer);
      if (!answer.value)
        throw notFound(`The anime database knows no anime called "${request.query.title.trim()}".`);
      return answer.value;
    },
  );

  app.get(
    '/anime/top',
    {
      config: { cache: { maxAge: 3600 } },
      schema: {
        operationId: 'listTopAnime',
        tags: ['anime'],
        summary: 'Best-rated anime',
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: LIST_SIZE, default: 10 }) }),
        response: {
          200: Type.Object({ results: Type.Array(AnimeSchema) }, CACHE_HEADERS),
          ...UPSTREAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const answer = await upstream(data.top(request.query.limit));
      markCache(reply, answer);
      return { results: answer.value };
    },
  );

  app.get(
    '/anime/season',
    {
      config: { cache: { maxAge: 3600 } },
      schema: {
        operationId: 'listSeasonAnime',
        tags: ['anime'],
        summary: 'Anime of the current season (by the Berlin calendar)',
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: LIST_SIZE, default: LIST_SIZE }),
        }),
        response: {
          200: Type.Object(
            {
              season: Type.String(),
              year: Type.Integer(),
              results: Type.Array(AnimeSchema),
            },
            CACHE_HEADERS,
          ),
          ...UPSTREAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const answer = await upstream(data.season(berlinDate()));
      markCache(reply, answer);
      return { ...answer.value, results: answer.value.results.slice(0, request.query.limit) };
    },
  );
};
