import { EngineError } from '../engine.js';
import { fetchOrFail, type PageFetcher } from '../extractors/page-fetcher.js';
import type { JobRequest } from '../job.js';
import { matchPlatformUrl } from '../match-url.js';
import { PLATFORM_INFO, type Platform } from '../platforms.js';

/**
 * Short-link hosts of the allowlist that only redirect and that the installed yt-dlp (Debian's
 * 2023.03.04) has no extractor for. Bot users paste them, so we follow them ourselves, through
 * safeFetch (https, public addresses, bounded), and hand yt-dlp the link they lead to once that
 * has passed the platform's allowlist again. (vm.tiktok.com, vt.tiktok.com and youtu.be have
 * extractors of their own; pin.it is followed by the Pinterest engine.)
 */
export const SHORT_LINK_HOSTS: Partial<Record<Platform, readonly string[]>> = {
  facebook: ['fb.watch'],
  soundcloud: ['on.soundcloud.com'],
};

/**
 * Hosts of the allowlist that serve the same paths as a host yt-dlp knows, but that its
 * extractors do not match (x.com is twitter.com renamed; TikTok's video extractor wants www.).
 */
const KNOWN_HOST_FOR: Record<string, string> = {
  'x.com': 'twitter.com',
  'www.x.com': 'twitter.com',
  'mobile.x.com': 'mobile.twitter.com',
  'm.x.com': 'm.twitter.com',
  'instagr.am': 'www.instagram.com',
  'www.instagr.am': 'www.instagram.com',
  'm.instagram.com': 'www.instagram.com',
  'fb.com': 'www.facebook.com',
  'www.fb.com': 'www.facebook.com',
  'm.fb.com': 'm.facebook.com',
  'tiktok.com': 'www.tiktok.com',
  'm.tiktok.com': 'www.tiktok.com',
};

// The landing page is read as well (safeFetch follows redirects to the end); this bounds it.
const LANDING_PAGE_LIMIT = 10 * 1024 * 1024;

export function isShortLink(platform: Platform, url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return SHORT_LINK_HOSTS[platform]?.includes(host) ?? false;
}

/** The link with the host yt-dlp knows for it; any other link as it is. */
export function withKnownHost(url: string): string {
  const parsed = new URL(url);
  const known = KNOWN_HOST_FOR[parsed.hostname.toLowerCase()];
  if (!known) return url;
  parsed.hostname = known;
  return parsed.href;
}

/**
 * The URL to give yt-dlp for a job: a short link followed to where it leads, then the host
 * yt-dlp knows. A short link that leads off the platform (or to another short link) is refused.
 */
export async function ytdlpUrlFor(
  request: Pick<JobRequest, 'platform' | 'url'>,
  fetcher: PageFetcher,
  signal: AbortSignal,
): Promise<string> {
  let url = request.url;
  if (isShortLink(request.platform, url)) {
    const landing = await fetchOrFail(fetcher, url, 'short link', {
      maxBytes: LANDING_PAGE_LIMIT,
      timeoutMs: 20_000,
      signal,
    });
    const landed = matchPlatformUrl(request.platform, landing.url);
    if (!landed.ok || isShortLink(request.platform, landed.url)) {
      throw new EngineError(
        'UNSUPPORTED_URL',
        `That short link does not lead to ${PLATFORM_INFO[request.platform].label}.`,
      );
    }
    url = landed.url;
  }
  return withKnownHost(url);
}
