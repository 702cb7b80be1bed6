import { before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

/** One app per test file, with a rate limit high enough never to get in the way. */
export function funTestClient() {
  let app: FastifyInstance;
  before(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 100_000 });
  });

  async function get(url: string) {
    const res = await app.inject({ method: 'GET', url });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      headers: res.headers,
      body: res.json(),
    };
  }

  /** Asserts a 400 problem whose errors name the field; returns its body. */
  async function refuses(url: string, field: string) {
    return assertBadRequest(await app.inject({ method: 'GET', url }), field, url);
  }

  return { app: () => app, get, refuses };
}

/** No lang, lang=en and lang=de, with the language each must answer in. */
export const LANG_CASES = [
  { lang: 'en', query: '' },
  { lang: 'en', query: 'lang=en' },
  { lang: 'de', query: 'lang=de' },
];
