import { Type } from 'typebox';
import { Value } from 'typebox/value';

export const PASSWORD_MIN = 8;
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
      pattern: '^[\\p{L}\\p{N}_.\\-]+$',
      description: 'Letters, digits, underscore, dot and hyphen.',
    }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);

const RULES: Record<string, string> = {
  username: 'must have 3 to 50 characters: letters, digits, underscore, dot and hyphen',
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
