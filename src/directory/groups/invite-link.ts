import { knownPlatform } from './platforms.js';

export type InviteLinkCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Checks an invite link against its platform: always an absolute https URL without credentials
 * (so never javascript:, data: or a phishing-friendly user@host); for a known platform, on one of
 * its invite hosts and paths. Returns the link as parsed (normalised host, no surrounding space).
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
  const host = url.hostname.toLowerCase();
  const fits = known.links.some((rule) => {
    if (host !== rule.host) return false;
    if (!url.pathname.toLowerCase().startsWith(rule.path)) return false;
    // Something must identify the group: a path beyond the prefix, a query or a fragment.
    const rest = url.pathname.slice(rule.path.length).replace(/\/+$/, '');
    return rest.length > 0 || url.search.length > 1 || url.hash.length > 1;
  });
  if (!fits) return { ok: false, message: `is not a ${known.name} invite link (like ${known.example})` };
  return { ok: true, url: url.href };
}
