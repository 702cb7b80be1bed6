/** Keyset position in a newest-first list: the last row's created_at and id. */
export interface Cursor {
  createdAt: string;
  id: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Opaque to clients: base64url of "createdAt|id". */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor, or null when the text is not one we issued. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const [createdAt, idText, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !ISO.test(createdAt ?? '') || !/^[1-9]\d{0,9}$/.test(idText ?? '')) return null;
  const id = Number(idText);
  if (id > 2147483647) return null;
  return { createdAt, id };
}
