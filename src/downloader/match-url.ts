import { isIP } from 'node:net';
import { PLATFORM_INFO, type Platform } from './platforms.js';

export type UrlMatch = { ok: true; url: string } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;

/**
 * Whether a user-given URL belongs to the named platform: http(s), no credentials, no port, no
 * address literal, and a host that is one of the platform's domains or a subdomain of one. Only
 * such a URL ever reaches an engine, so nothing the client names can steer a fetch elsewhere.
 * Returns the normalised https URL (fragment dropped).
 */
export function matchPlatformUrl(platform: Platform, raw: string): UrlMatch {
  if (raw.length > MAX_URL_LENGTH)
    return { ok: false, reason: `must be at most ${MAX_URL_LENGTH} characters` };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw))
    return { ok: false, reason: 'must not contain spaces, control characters or backslashes' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: 'must be an http(s) URL' };
  if (url.username || url.password) {
    return { ok: false, reason: 'must not contain a user name or password' };
  }
  if (url.port !== '') return { ok: false, reason: 'must not name a port' };
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[') || isIP(host) !== 0)
    return { ok: false, reason: 'must name a host, not an IP address' };
  const domains = PLATFORM_INFO[platform].hosts;
  if (!domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
    return {
      ok: false,
      reason: `must be a link to ${PLATFORM_INFO[platform].label} (${domains.slice(0, 3).join(', ')})`,
    };
  }
  url.protocol = 'https:';
  url.hash = '';
  return { ok: true, url: url.href };
}

/** The track id of a Spotify track link (also /intl-xx/track/…), or null for albums, playlists, artists. */
export function spotifyTrackId(url: string): string | null {
  const match = /^\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?(?:embed\/)?track\/([A-Za-z0-9]{22})\/?$/.exec(
    new URL(url).pathname,
  );
  return match ? match[1] : null;
}
