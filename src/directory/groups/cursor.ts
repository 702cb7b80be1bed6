/**
 * Keyset position in a group list: the last row's created_at and id, and for a list by relevance
 * also its score. The list continues with the rows after it in the list's order, which the
 * repository asks for as one row-value comparison, `(created_at, id) < (?, ?)`, so that both
 * planners walk an index range from there, however deep the page.
 */
export interface Cursor {
  createdAt: string;
  id: number;
  /** Present only in a cursor of a list by relevance. */
  score?: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Opaque to clients: base64url of "createdAt|id", or "createdAt|id|score" by relevance. */
export function encodeCursor(cursor: Cursor): string {
  const score = cursor.score === undefined ? '' : `|${cursor.score}`;
  return Buffer.from(`${cursor.createdAt}|${cursor.id}${score}`, 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one we issued. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [createdAt, idText, scoreText, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !ISO.test(createdAt ?? '') || !/^[1-9]\d{0,9}$/.test(idText ?? '')) return null;
  const id = Number(idText);
  if (id > 2147483647) return null;
  if (scoreText === undefined) return { createdAt, id };
  if (!/^(0|[1-9]\d{0,3})$/.test(scoreText)) return null;
  return { createdAt, id, score: Number(scoreText) };
}
