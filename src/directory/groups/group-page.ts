import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { badRequest } from '../../lib/problem.js';
import { storedFileUrl } from '../../lib/storage/public-url.js';
import type { GroupJson } from '../directory-contract.js';
import { type Cursor, decodeCursor, encodeCursor } from './cursor.js';
import { type GroupRow, toGroupJson } from './group-json.js';
import {
  type GroupFilter,
  likedGroupIds,
  listGroups,
  listGroupsByRelevance,
  usernames,
} from './groups-repository.js';
import { logoKey, logoPath } from './logo-store.js';

/** Query members every paginated group list takes. */
export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Groups per page' }),
  cursor: Type.Optional(
    Type.String({ maxLength: 100, description: "Opaque position from the previous page's Link header" }),
  ),
};

export const PAGE_HEADERS = {
  description: 'The next page, when there is one, is announced in a `Link: <…>; rel="next"` header.',
};

/** The group JSON of one row for this request: absolute logo URL (below MEDIA_PUBLIC_URL when set). */
export function groupJsonFor(request: FastifyRequest) {
  const logoUrl = (file: string) => storedFileUrl(request, logoKey(file), logoPath(file));
  return (row: Parameters<typeof toGroupJson>[0]) => toGroupJson(row, logoUrl);
}

/** Orders of a list: newest first, or (with search words) by relevance, then newest first. */
export type GroupSort = 'newest' | 'relevance';

/**
 * One page of a group list: fetches one row more than asked to learn whether a next page exists,
 * and if so announces it in a Link header with the same query and a new cursor. By relevance
 * (only with search words; without any it is newest first), the cursor also carries the score.
 */
export async function groupPage(
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Omit<GroupFilter, 'limit' | 'after'>,
  page: { limit: number; cursor?: string; sort?: GroupSort },
  options: { withSubmitter?: boolean } = {},
): Promise<GroupJson[]> {
  const search = filter.search;
  const byRelevance = page.sort === 'relevance' && search !== undefined && search.tokens.length > 0;
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  if (after === null || (after && (after.score !== undefined) !== byRelevance)) {
    throw badRequest('cursor', 'is not a cursor from a Link header of this list');
  }
  const db = request.server.db;
  const limit = page.limit + 1;
  let rows: GroupRow[];
  let next: Cursor | undefined;
  if (byRelevance) {
    const scored = await listGroupsByRelevance(db, { ...filter, search, after, limit });
    rows = scored.map((item) => item.row);
    const last = scored[page.limit - 1];
    if (scored.length > page.limit)
      next = { createdAt: last.row.created_at, id: last.row.id, score: last.score };
  } else {
    rows = await listGroups(db, { ...filter, after, limit });
    const last = rows[page.limit - 1];
    if (rows.length > page.limit) next = { createdAt: last.created_at, id: last.id };
  }
  if (rows.length > page.limit) rows.length = page.limit;

  if (next) {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    params.set('cursor', encodeCursor(next));
    const path = `${request.url.split('?')[0]}?${params.toString()}`;
    reply.header('link', `<${absoluteUrl(request, path)}>; rel="next"`);
  }

  const toJson = groupJsonFor(request);
  const groups = rows.map(toJson);
  if (request.user) {
    const liked = await likedGroupIds(
      db,
      request.user.id,
      rows.map((r) => r.id),
    );
    for (const group of groups) group.likedByMe = liked.has(group.id);
  }
  if (options.withSubmitter) {
    const ids = [...new Set(rows.flatMap((r) => (r.submitted_by === null ? [] : [r.submitted_by])))];
    const names = await usernames(db, ids);
    rows.forEach((row, i) => {
      const username = row.submitted_by === null ? undefined : names.get(row.submitted_by);
      groups[i].submittedBy = username === undefined ? null : { id: row.submitted_by as number, username };
    });
  }
  return groups;
}
