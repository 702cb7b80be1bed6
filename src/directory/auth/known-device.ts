import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A signed, long-lived cookie naming the account this browser last logged in to. A browser that
 * carries it is exempt from the account-wide login hold, so a distributed guesser cannot lock the
 * owner out of their own account (OWASP's "device cookie" defence).
 */
const DEVICE_COOKIE_DAYS = 365;

/** Whether cookies are sent over HTTPS only (and so get the __Host- prefix). */
interface CookieSettings {
  secureCookies: boolean;
}

export const deviceCookieName = (config: CookieSettings) =>
  config.secureCookies ? '__Host-kizuna-device' : 'kizuna-device';

/** The account id this browser has logged in to before, when its cookie is genuine. */
export function knownDeviceAccount(request: FastifyRequest, config: CookieSettings) {
  const raw = request.cookies[deviceCookieName(config)];
  if (!raw || raw.length > 200) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function rememberDevice(reply: FastifyReply, config: CookieSettings, userId: number) {
  reply.setCookie(deviceCookieName(config), String(userId), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
