/**
 * Keyset position in a group list: the last row's created_at and id, and the sort key of the
 * list's order before them: the score by relevance, the like count by likes, the likes of the
 * last days by trending. The list continues with the rows after it in the list's order, which the
 * repository asks for as one row-value comparison, `(created_at, id) < (?, ?)` (with the sort key
 * in front), so that both planners walk an index range from there, however deep the page.
 */
export interface Cursor {
  createdAt: string;
  id: number;
  /** Present only in a cursor of a list by relevance. */
  score?: number;
  /** Present only in a cursor of a list by likes. */
  likes?: number;
  /** Present only in a cursor of a trending list: the group's likes in the window (0 past them). */
  trend?: number;
}

/** Which order a cursor belongs to: the one sort key it carries, or none (newest first). */
export type CursorOrder = 'newest' | 'relevance' | 'likes' | 'trending';

export function cursorOrder(cursor: Cursor): CursorOrder {
  if (cursor.score !== undefined) return 'relevance';
  if (cursor.likes !== undefined) return 'likes';
  if (cursor.trend !== undefined) return 'trending';
  return 'newest';
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Opaque to clients: base64url of "createdAt|id", or with the sort key as a third part: "score"
 * by relevance, "l<likes>" by likes, "t<likes in the window>" by trending.
 */
export function encodeCursor(cursor: Cursor): string {
  let key = '';
  if (cursor.score !== undefined) key = `|${cursor.score}`;
  else if (cursor.likes !== undefined) key = `|l${cursor.likes}`;
  else if (cursor.trend !== undefined) key = `|t${cursor.trend}`;
  return Buffer.from(`${cursor.createdAt}|${cursor.id}${key}`, 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one we issued. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [createdAt, idText, keyText, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !ISO.test(createdAt ?? '') || !/^[1-9]\d{0,9}$/.test(idText ?? '')) return null;
  const id = Number(idText);
  if (id > 2147483647) return null;
  if (keyText === undefined) return { createdAt, id };
  const key = /^([lt]?)(0|[1-9]\d{0,9})$/.exec(keyText);
  if (!key) return null;
  const value = Number(key[2]);
  if (key[1] === 'l') return value > 2147483647 ? null : { createdAt, id, likes: value };
  if (key[1] === 't') return value > 2147483647 ? null : { createdAt, id, trend: value };
  if (value > 9999) return null;
  return { createdAt, id, score: value };
}
