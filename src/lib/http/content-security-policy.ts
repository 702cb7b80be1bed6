import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of our HTML pages (the browser UI and the API reference), as
 * @fastify/helmet directives on top of its defaults: scripts from our origin only, no inline
 * script, no plugins, framing by ourselves only; images from anywhere over https (group pictures
 * may be links elsewhere); connections to our own origin only.
 */
export function pageCspDirectives(secure: boolean) {
  return {
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'"],
    'upgrade-insecure-requests': secure ? [] : null,
  };
}

/** The contents of the inline `<script>` elements of a page (those without `src`), as written. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    scripts.push(body);
  }
  return scripts;
}

/**
 * The policy with the given inline scripts allowed by their SHA-256 hash in `script-src` and
 * nothing else loosened: a page whose own markup carries a fixed bootstrap script keeps
 * `script-src 'self'` for everything else, with no 'unsafe-inline'.
 */
export function allowInlineScripts(policy: string, scripts: readonly string[]): string {
  if (scripts.length === 0) return policy;
  const hashes = scripts.map(
    (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const index = directives.findIndex((d) => d.split(/\s+/)[0] === 'script-src');
  if (index === -1) directives.push(`script-src 'self' ${hashes.join(' ')}`);
  else directives[index] = `${directives[index]} ${hashes.join(' ')}`;
  return directives.join(';');
}
