import { Type } from 'typebox';
import { Value } from 'typebox/value';

import { reservedSkeletons } from '../../lib/username-skeleton.js';

export const PASSWORD_MIN = 8;

export const USERNAME_PATTERN = '^(?!\\p{M})(?=.*[\\p{L}\\p{N}])[\\p{L}\\p{M}\\p{N}_.\\-]+$';

/**
 * Names nobody may register, nor anything that looks like them (see usernameSkeleton): they would
 * pass for the service or its staff. An operator may still give them to an account
 * (ADMIN_USERNAME, npm run admin).
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'kizuna',
  'moderator',
  'mod',
  'staff',
  'official',
  'security',
  'help',
  'owner',
  'operator',
  'superuser',
  'sysadmin',
  'webmaster',
  'postmaster',
  'hostmaster',
  'abuse',
  'noreply',
  'no-reply',
  'null',
  'undefined',
  'anonymous',
  'everyone',
  'api',
  'www',
];

const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.flatMap(reservedSkeletons));

/** True when a name is reserved or looks like a reserved one. */
export function isReservedUsername(username: string): boolean {
  return reservedSkeletons(username.trim()).some((skeleton) => RESERVED_SKELETONS.has(skeleton));
}
export const PASSWORD_MAX = 128;

/**
 * What a new account must have, wherever it comes from: the register form, the ADMIN_*
 * variables or the admin CLI. One schema, so an operator cannot create an account that the
 * register endpoint would have refused (a username with "@" would be read as an e-mail at login).
 */
export const NewAccountFields = Type.Object(
  {
    username: Type.String({
      minLength: 3,
      maxLength: 50,
      // Letters and their combining marks of every script (Devanagari, a decomposed é), digits,
      // _ . -; not beginning with a mark, and at least one letter or digit (no "...").
      pattern: USERNAME_PATTERN,
      description:
        'Letters (with their combining marks) of any script, digits, underscore, dot and hyphen; at least one letter or digit.',
    }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);

const RULES: Record<string, string> = {
  username:
    'must have 3 to 50 characters: letters (with their marks) of any script, digits, underscore, dot and hyphen, with at least one letter or digit',
  email: 'must be an e-mail address of at most 254 characters',
  password: `must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
};

/** The fields that break the rules, each with what the rule is (the value itself is never echoed). */
export function newAccountProblems(fields: { username: string; email: string; password: string }): Array<{
  field: 'username' | 'email' | 'password';
  rule: string;
}> {
  const fieldsInError = new Set<string>();
  for (const error of Value.Errors(NewAccountFields, fields)) {
    fieldsInError.add(error.instancePath.slice(1));
  }
  return (['username', 'email', 'password'] as const)
    .filter((field) => fieldsInError.has(field))
    .map((field) => ({ field, rule: RULES[field] }));
}
