import { Type } from 'typebox';
import type { GroupsTable } from '../../db/tables/groups.js';
import type { GroupJson } from '../directory-contract.js';
import { statusOf } from './group-state.js';

/** The wire shape of a group, for validation and the OpenAPI document; its type is GroupJson. */
export const GroupSchema = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    platform: Type.String(),
    category: Type.String(),
    inviteLink: Type.String(),
    description: Type.String(),
    tags: Type.Array(Type.String()),
    logoUrl: Type.Union([Type.String(), Type.Null()], { description: 'Absolute URL of the logo we serve' }),
    externalImageUrl: Type.Union([Type.String(), Type.Null()]),
    likes: Type.Integer(),
    isVerified: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
    likedByMe: Type.Optional(Type.Boolean({ description: 'Present when the request has a session' })),
    submittedBy: Type.Optional(
      Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()], {
        description: 'Admin views only: who submitted the group (null when that account is gone)',
      }),
    ),
    status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('rejected')], {
      description: 'Review state; isVerified equals status = verified',
    }),
    rejectionReason: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'Owner and admin views only' }),
    ),
    openReports: Type.Optional(Type.Integer({ description: 'Admin views only: open reports' })),
  },
  { $id: 'Group' },
);

/** A group row as the repository returns it (the search column stays inside). */
export type GroupRow = Omit<GroupsTable, 'id' | 'search_text'> & { id: number };

export function toGroupJson(row: GroupRow, logoUrl: (file: string) => string): GroupJson {
  return {
    id: row.id,
    title: row.title,
    platform: row.platform,
    category: row.category,
    inviteLink: row.invite_link,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    logoUrl: row.logo_file ? logoUrl(row.logo_file) : null,
    externalImageUrl: row.external_image_url,
    likes: row.likes,
    isVerified: statusOf(row.is_verified) === 'verified',
    createdAt: row.created_at,
    status: statusOf(row.is_verified),
  };
}
