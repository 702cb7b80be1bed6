/**
 * The open CORS policy of the public surfaces (README.md, "Public API v1"): any origin, no
 * credentials. The bot API and the compatibility mounts share it, and errors answered before any
 * route is found (414, 431) carry it too, so a browser client can read every answer it gets.
 */

/** The paths under open CORS: the bot API, the nekos.best and waifu.pics compatibility mounts. */
const OPEN_CORS_PATH = /^\/(?:api\/v1|api\/v2|sfw|many|nsfw)(?:[/?]|$)/;

export const isOpenCorsPath = (path: string): boolean => OPEN_CORS_PATH.test(path);

/** How long a browser may keep a preflight's answer (Chromium caps it at two hours). */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * Response headers a browser script may read: all of them. The wildcard counts for requests
 * without credentials (Fetch standard, "CORS protocol"), the only kind the open surfaces answer,
 * and it replaced a list of fifteen names: 270 bytes on every answer, about a third of a small
 * one's headers, that bots (which read headers without CORS) paid for as well.
 */
export const EXPOSED_HEADERS = '*';

/** @fastify/cors options of the open surfaces. */
export const OPEN_CORS = {
  origin: '*',
  credentials: false,
  // DELETE: a bot's web page may cancel its downloader job (DELETE /jobs/:id).
  methods: ['GET', 'HEAD', 'POST', 'DELETE'],
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  // An OPTIONS without the preflight headers is answered by the HTTP semantics plugin (204 + Allow).
  strictPreflight: false,
};

/** The CORS headers of an answer on an open surface that no route (and so no CORS hook) sent. */
export const OPEN_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};
