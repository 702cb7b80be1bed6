import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { badRequest } from '../../lib/problem.js';
import { storedFileUrl } from '../../lib/storage/public-url.js';
import { type GroupJson, type GroupSortOrder, TRENDING_DAYS } from '../directory-contract.js';
import { type Cursor, cursorOrder, decodeCursor, encodeCursor } from './cursor.js';
import { type GroupRow, toGroupJson } from './group-json.js';
import { listGroupsByLikes, listTrending } from './group-list-repository.js';
import {
  type GroupFilter,
  likedGroupIds,
  listGroups,
  listGroupsByRelevance,
  usernames,
} from './groups-repository.js';
import { logoKey, logoPath } from './logo-store.js';
import { openReportCounts } from './reports-repository.js';

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

/** Orders of a list (GROUP_SORTS): newest first, by relevance (with search words), most liked, trending. */
export type GroupSort = GroupSortOrder;

/**
 * Who looks at a list, which decides the fields beyond the public ones: the owner sees why a
 * group of theirs was rejected; an admin also who submitted it and its open reports.
 */
export type GroupView = 'public' | 'owner' | 'admin';

/**
 * One page of a group list: fetches one row more than asked to learn whether a next page exists,
 * and if so announces it in a Link header with the same query and a new cursor, which carries
 * the sort key of the list's order besides the position (cursor.ts). By relevance (only with
 * search words; without any it is newest first), the cursor carries the score; by likes, the
 * like count; trending, the likes in the window. A cursor of another order is a 400.
 */
export async function groupPage(
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Omit<GroupFilter, 'limit' | 'after'>,
  page: { limit: number; cursor?: string; sort?: GroupSort },
  options: { view?: GroupView } = {},
): Promise<GroupJson[]> {
  const search = filter.search;
  const hasWords = search !== undefined && search.tokens.length > 0;
  const sort = page.sort === 'relevance' && !hasWords ? 'newest' : (page.sort ?? 'newest');
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  if (after === null || (after && cursorOrder(after) !== sort)) {
    throw badRequest('cursor', 'is not a cursor from a Link header of this list');
  }
  const db = request.server.db;
  const limit = page.limit + 1;
  let rows: GroupRow[];
  let next: Cursor | undefined;
  if (sort === 'relevance' && search) {
    const scored = await listGroupsByRelevance(db, { ...filter, search, after, limit });
    rows = scored.map((item) => item.row);
    const last = scored[page.limit - 1];
    if (scored.length > page.limit)
      next = { createdAt: last.row.created_at, id: last.row.id, score: last.score };
  } else if (sort === 'trending') {
    const since = new Date(Date.now() - TRENDING_DAYS * 86_400_000).toISOString();
    const trending = await listTrending(db, { ...filter, after, limit }, since);
    rows = trending.map((item) => item.row);
    const last = trending[page.limit - 1];
    if (trending.length > page.limit)
      next = { createdAt: last.row.created_at, id: last.row.id, trend: last.trend };
  } else if (sort === 'likes') {
    rows = await listGroupsByLikes(db, { ...filter, after, limit });
    const last = rows[page.limit - 1];
    if (rows.length > page.limit) next = { createdAt: last.created_at, id: last.id, likes: last.likes };
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

  const groups = rows.map(groupJsonFor(request));
  if (request.user) {
    const liked = await likedGroupIds(
      db,
      request.user.id,
      rows.map((r) => r.id),
    );
    for (const group of groups) group.likedByMe = liked.has(group.id);
  }
  await addViewFields(db, rows, groups, options.view ?? 'public');
  return groups;
}

/**
 * The fields of the owner's and the admin's view (GroupView) on rows already shaped as JSON, in
 * the same order: one query each for the submitters' names and the open reports.
 */
export async function addViewFields(
  db: FastifyRequest['server']['db'],
  rows: GroupRow[],
  groups: GroupJson[],
  view: GroupView,
): Promise<void> {
  if (view === 'public') return;
  rows.forEach((row, i) => {
    groups[i].rejectionReason = row.rejection_reason;
  });
  if (view !== 'admin') return;
  const ids = [...new Set(rows.flatMap((r) => (r.submitted_by === null ? [] : [r.submitted_by])))];
  const [names, reports] = await Promise.all([
    usernames(db, ids),
    openReportCounts(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  rows.forEach((row, i) => {
    const username = row.submitted_by === null ? undefined : names.get(row.submitted_by);
    groups[i].submittedBy = username === undefined ? null : { id: row.submitted_by as number, username };
    groups[i].openReports = reports.get(row.id) ?? 0;
  });
}
