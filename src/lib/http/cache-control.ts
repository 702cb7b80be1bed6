/**
 * The Cache-Control policies of the service, in one place so that each answer says one of a few
 * known things (README, "Conventions"): random or per-request answers are never stored, files
 * whose URL changes with their content are kept for a year, the rest for a stated time.
 */

/** Random or per-request answers: no cache may keep them. */
export const NO_STORE = 'no-store';

/** Per-user answers: no shared cache may keep them, and no private one either. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** May be kept, but asked again every time (with the validators it carries). */
export const NO_CACHE = 'no-cache';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Content-addressed files: their URL changes whenever their bytes would. */
export const IMMUTABLE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;

/** Any cache may keep the answer for `seconds`. */
export const publicFor = (seconds: number): string => `public, max-age=${seconds}`;

/** Only the client's own cache may keep the answer, for `seconds`. */
export const privateFor = (seconds: number): string => `private, max-age=${seconds}`;

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
  maxAge: ONE_YEAR_SECONDS * 1000,
} as const;
