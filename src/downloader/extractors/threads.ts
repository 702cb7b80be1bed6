import { findObjects, isRecord, jsonScripts, str } from './embedded-json.js';

export interface ThreadsMedia {
  kind: 'video' | 'image';
  url: string;
}

/** The shortcode of a threads.net / threads.com post URL (/@user/post/<code>). */
export function threadsCodeOf(url: string): string | null {
  const match = /\/post\/([A-Za-z0-9_-]{5,64})\/?/.exec(new URL(url).pathname);
  return match ? match[1] : null;
}

/** Threads serves post media from Instagram's and Facebook's CDNs only. */
export function isThreadsMediaUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname;
    return (
      parsed.protocol === 'https:' && (host.endsWith('.cdninstagram.com') || host.endsWith('.fbcdn.net'))
    );
  } catch {
    return false;
  }
}

/**
 * The videos and images of a Threads post, read from the post object in the page's embedded
 * data (`thread_items[].post` with `video_versions`, `image_versions2.candidates` and
 * `carousel_media`). The post whose `code` is the URL's shortcode wins; replies are ignored.
 */
export function extractThreadsMedia(html: string, pageUrl: string): ThreadsMedia[] {
  const code = threadsCodeOf(pageUrl);
  let post = null as Record<string, unknown> | null;
  let fallback = null as Record<string, unknown> | null;
  for (const data of jsonScripts(html)) {
    const found = findObjects(data, (node) => {
      if (!hasMedia(node)) return false;
      if (code && node.code === code) {
        post = node;
        return true;
      }
      fallback ??= node;
      return false;
    });
    if (found) break;
  }
  // Without the post itself, another post's media (a reply, a quote) would be the wrong answer.
  const chosen = post ?? (code ? null : fallback);
  if (!chosen) return [];
  const items =
    Array.isArray(chosen.carousel_media) && chosen.carousel_media.length > 0
      ? chosen.carousel_media
      : [chosen];
  const media: ThreadsMedia[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const one = bestOf(item);
    if (one && isThreadsMediaUrl(one.url)) media.push(one);
  }
  return media.slice(0, 20);
}

function hasMedia(node: Record<string, unknown>): boolean {
  return (
    (Array.isArray(node.video_versions) && node.video_versions.length > 0) ||
    (isRecord(node.image_versions2) && Array.isArray(node.image_versions2.candidates)) ||
    (Array.isArray(node.carousel_media) && node.carousel_media.length > 0)
  );
}

function bestOf(item: Record<string, unknown>): ThreadsMedia | null {
  if (Array.isArray(item.video_versions) && item.video_versions.length > 0) {
    const versions = item.video_versions.filter(isRecord);
    // Threads lists versions best first; width, where given, breaks the tie.
    versions.sort((a, b) => Number(b.width ?? 0) - Number(a.width ?? 0));
    const url = versions.map((v) => str(v.url)).find(Boolean);
    if (url) return { kind: 'video', url };
  }
  if (isRecord(item.image_versions2) && Array.isArray(item.image_versions2.candidates)) {
    const candidates = item.image_versions2.candidates.filter(isRecord);
    candidates.sort(
      (a, b) => Number(b.width ?? 0) * Number(b.height ?? 0) - Number(a.width ?? 0) * Number(a.height ?? 0),
    );
    const url = candidates.map((c) => str(c.url)).find(Boolean);
    if (url) return { kind: 'image', url };
  }
  return null;
}
