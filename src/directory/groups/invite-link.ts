import { type InviteRule, knownPlatform } from './platforms.js';

export type InviteLinkCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Checks an invite link against its platform: always an absolute https URL without credentials
 * (so never javascript:, data: or a phishing-friendly user@host); for a known platform, on one of
 * its invite hosts and paths, with a group code where that platform puts it. Returns the link as
 * parsed (normalised host, no surrounding space).
 */
export function checkInviteLink(platform: string, link: string): InviteLinkCheck {
  const trimmed = link.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'must be an absolute https URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, message: 'must be an https URL' };
  if (url.username || url.password) return { ok: false, message: 'must not contain a user name or password' };
  if (url.port) return { ok: false, message: 'must not name a port' };

  const known = knownPlatform(platform);
  if (!known) return { ok: true, url: url.href };
  if (!known.links.some((rule) => fits(url, rule))) {
    return { ok: false, message: `is not a ${known.name} invite link (like ${known.example})` };
  }
  return { ok: true, url: url.href };
}

/** A letter or digit: what any group code has, and "/", "+" or "-" alone have not. */
const CODE = /[A-Za-z0-9]/;

function fits(url: URL, rule: InviteRule): boolean {
  if (url.hostname.toLowerCase() !== rule.host) return false;
  const path = url.pathname.toLowerCase();
  const code = rule.code;
  if (code && 'fragment' in code) return path === rule.path && code.fragment.test(url.hash);
  if (code && 'query' in code) {
    return path === rule.path && code.query.some((name) => CODE.test(url.searchParams.get(name) ?? ''));
  }
  // The code is in the path: a query or fragment alone (chat.whatsapp.com/?x=1) names no group.
  if (!path.startsWith(rule.path)) return false;
  const rest = url.pathname.slice(rule.path.length).replace(/\/+$/, '');
  return CODE.test(rest) && !rule.notCodes?.includes(rest.toLowerCase());
}
