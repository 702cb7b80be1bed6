import { Type } from 'typebox';
import { ACCEPTED_TYPES } from '../../media/media-types.js';

const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** A response whose body is a stored file: one entry per type the store serves, for the OpenAPI document. */
export function storedFileResponse(description: string) {
  return {
    description,
    content: Object.fromEntries(Object.keys(ACCEPTED_TYPES).map((mime) => [mime, { schema: Binary }])),
  };
}

export const PngBody = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  contentMediaType: 'image/png',
});
