import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newAccountProblems } from '../auth/account-fields.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { createUser, findUserByUsernameOrEmail, updateUser } from '../users/users-repository.js';

export interface AdminSpec {
  username: string;
  email: string;
  password: string;
}

/**
 * What is wrong with the ADMIN_* variables, held to the rules of registration, one line per
 * variable that names it (`ADMIN_PASSWORD must have …`); the values themselves are never echoed.
 */
export function adminSpecProblems(spec: AdminSpec): string[] {
  return newAccountProblems(spec).map(({ field, rule }) => `ADMIN_${field.toUpperCase()} ${rule}`);
}

/**
 * Makes sure the configured admin exists: creates it, or promotes the account that has that
 * username or e-mail (and sets the configured password, so the environment stays the truth).
 * Instances that start together all run this: the first insert wins, and an instance whose insert
 * meets the winner's row (a unique violation) looks again and finds the admin there.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  spec: AdminSpec,
): Promise<'created' | 'promoted' | 'unchanged'> {
  const [existing, other] = await findUserByUsernameOrEmail(db, spec.username, spec.email);
  if (other) throw new Error(`ADMIN_USERNAME and ADMIN_EMAIL belong to two different accounts`);
  if (!existing) {
    try {
      await createUser(db, {
        username: spec.username,
        email: spec.email,
        passwordHash: await hashPassword(spec.password),
        role: 'admin',
        isVerified: true,
      });
      return 'created';
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return ensureAdmin(db, spec);
    }
  }
  const passwordOk = await verifyPassword(existing.password_hash, spec.password);
  if (existing.role === 'admin' && existing.is_verified === 1 && passwordOk) return 'unchanged';
  await updateUser(db, existing.id, {
    role: 'admin',
    isVerified: true,
    ...(passwordOk ? {} : { passwordHash: await hashPassword(spec.password) }),
  });
  return 'promoted';
}
