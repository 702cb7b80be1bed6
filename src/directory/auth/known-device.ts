import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A signed, long-lived cookie naming the account this browser last logged in to. A browser that
 * carries it is exempt from the account-wide login hold, so a distributed guesser cannot lock the
 * owner out of their own account (OWASP's "device cookie" defence).
 */
const DEVICE_COOKIE_DAYS = 365;

/** `secureCookies`: the app's cookies are Secure and `__Host-` prefixed (served over https). */
export const deviceCookieName = (secureCookies: boolean) =>
  secureCookies ? '__Host-kizuna-device' : 'kizuna-device';

/** The account id this browser has logged in to before, when its cookie is genuine. */
export function knownDeviceAccount(request: FastifyRequest, secureCookies: boolean) {
  const raw = request.cookies[deviceCookieName(secureCookies)];
  if (!raw || raw.length > 200) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function rememberDevice(reply: FastifyReply, secureCookies: boolean, userId: number) {
  reply.setCookie(deviceCookieName(secureCookies), String(userId), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    signed: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
