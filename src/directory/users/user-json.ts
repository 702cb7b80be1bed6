import { Type } from 'typebox';
import type { UsersTable } from '../../db/tables/accounts.js';
import type { UserJson } from '../directory-contract.js';

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    role: Type.String(),
    isVerified: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'User' },
);

export type UserRow = Omit<UsersTable, 'id'> & { id: number };

/** The public shape of a user; the password hash has no way out. */
export function toUserJson(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'is_verified' | 'created_at'>,
): UserJson {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    isVerified: row.is_verified === 1,
    createdAt: row.created_at,
  };
}
