import { findObjects, isRecord, jsonScripts, metaContent, str } from './embedded-json.js';

export interface PinterestPin {
  pinId: string | null;
  /** Original-resolution image URLs, the pin's own image first (several for a carousel pin). */
  images: string[];
}

/** The pin id of a pinterest.*\/pin/<id> URL (also the /pin/<slug>--<id> form). */
export function pinIdOf(url: string): string | null {
  const match = /\/pin\/(?:[^/]*--)?(\d{5,25})\/?/.exec(new URL(url).pathname);
  return match ? match[1] : null;
}

/** Only Pinterest's image CDN serves pin images. */
export function isPinImageUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      (parsed.hostname === 'i.pinimg.com' || parsed.hostname.endsWith('.pinimg.com'))
    );
  } catch {
    return false;
  }
}

/** A sized pinimg URL (…/736x/ab/cd/….jpg) turned into the original upload (…/originals/ab/cd/….jpg). */
export function toOriginal(url: string): string {
  return url.replace(/^(https:\/\/i\.pinimg\.com)\/(?:\d+x\d*|\d+x)\//, '$1/originals/');
}

/**
 * The images of a pin page, read from the JSON the page renders from: the legacy Redux state
 * (`pins[id].images.orig`), the Relay responses (`imageSpec_orig`) and carousel slots; the
 * og:image meta tag (raised to the original size) is the last resort.
 */
export function extractPinterestPin(html: string, pageUrl: string): PinterestPin {
  const pinId = pinIdOf(pageUrl);
  const mine: string[] = [];
  const others: string[] = [];
  const carousel: string[] = [];
  for (const data of jsonScripts(html)) {
    findObjects(data, (node) => {
      const orig = isRecord(node.images) && isRecord(node.images.orig) ? str(node.images.orig.url) : null;
      const relay = isRecord(node.imageSpec_orig) ? str(node.imageSpec_orig.url) : null;
      const url = orig ?? relay;
      if (url) {
        const id =
          str(node.id) ?? str(node.entityId) ?? (typeof node.id === 'number' ? String(node.id) : null);
        (pinId && id === pinId ? mine : others).push(url);
        if (pinId && id === pinId) carousel.push(...carouselImages(node));
      }
      return false;
    });
  }
  const og = metaContent(html, 'og:image');
  const ordered = mine.length > 0 ? [mine[0], ...carousel] : others.length > 0 ? [others[0]] : og ? [og] : [];
  const images = [...new Set(ordered.map(toOriginal).filter(isPinImageUrl))].slice(0, 20);
  return { pinId, images };
}

function carouselImages(pin: Record<string, unknown>): string[] {
  const data = pin.carousel_data;
  if (!isRecord(data) || !Array.isArray(data.carousel_slots)) return [];
  const out: string[] = [];
  for (const slot of data.carousel_slots) {
    if (!isRecord(slot) || !isRecord(slot.images)) continue;
    const sizes = Object.values(slot.images).filter(isRecord);
    const best = sizes.sort((a, b) => Number(b.width ?? 0) - Number(a.width ?? 0))[0];
    const url = best ? str(best.url) : null;
    if (url) out.push(url);
  }
  return out;
}
