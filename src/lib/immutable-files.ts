/** Cache-Control of a URL whose bytes never change (content-addressed or generated names). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @fastify/static options for a folder whose file names change with their content (generated or
 * hashed): cached for a year as immutable, no listing, no index, no dotfiles.
 */
export const IMMUTABLE_FILES = {
  decorateReply: false,
  index: false,
  list: false,
  dotfiles: 'deny',
  immutable: true,
  maxAge: 365 * 24 * 3600 * 1000,
} as const;
