/**
 * The JSON a page embeds in `<script type="application/json">` blocks, which is where Pinterest,
 * Threads and Spotify put the data their pages render from. A regular expression is enough here:
 * we read only whole script blocks and meta tags, never the document tree.
 */
export function jsonScripts(html: string, idFilter?: string): unknown[] {
  const out: unknown[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1];
    if (!/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    if (idFilter && !new RegExp(`\\bid\\s*=\\s*["']?${idFilter}["'\\s>]`, 'i').test(`${attributes}>`))
      continue;
    try {
      out.push(JSON.parse(match[2]));
    } catch {
      // A block that is not JSON after all carries nothing for us.
    }
  }
  return out;
}

/** The content of `<meta property|name="…" content="…">`, entity-decoded. */
export function metaContent(html: string, name: string): string | null {
  for (const match of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = match[0];
    const key = /\b(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (key?.toLowerCase() !== name.toLowerCase()) continue;
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (content !== undefined) return decodeEntities(content);
  }
  return null;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Visits every object inside a JSON value, depth first; stops early when `visit` returns true. */
export function findObjects(value: unknown, visit: (node: Record<string, unknown>) => boolean): boolean {
  const stack: unknown[] = [value];
  let steps = 0;
  while (stack.length > 0) {
    // A bound, so a hostile page cannot keep a worker walking for ever.
    if (++steps > 2_000_000) return false;
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (node && typeof node === 'object') {
      if (visit(node as Record<string, unknown>)) return true;
      const values = Object.values(node);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
    }
  }
  return false;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
