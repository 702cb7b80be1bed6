import { loadOnce } from '../../lib/load-once.js';

// Loaded at the first login or registration, not at start-up.
const loadArgon2 = loadOnce(() => import('@node-rs/argon2'));

// OWASP's first choice for argon2id: 19 MiB, two passes, one lane.
// algorithm 2 is Argon2id (the package's Algorithm enum is a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export { PASSWORD_MAX, PASSWORD_MIN } from './account-fields.js';

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such user) it still does the same
 * work against a dummy, so that response time does not reveal which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-used-for-timing');
    const { verify } = await loadArgon2();
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await (await loadArgon2()).verify(storedHash, password);
  } catch {
    return false;
  }
}
