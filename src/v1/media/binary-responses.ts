import { binaryResponse, responseHeaders } from '../../lib/schemas.js';
import { ACCEPTED_TYPES } from '../../media/media-types.js';

/** The media types a stored file is served as. */
export const STORED_FILE_TYPES = Object.keys(ACCEPTED_TYPES);

/**
 * A response whose body is a stored file, listed under each type the store serves, with the
 * validators serveStoredFile sends (and Content-Range on a 206).
 */
export function storedFileResponse(description: string, options: { partial?: boolean; pick?: boolean } = {}) {
  return binaryResponse(description, STORED_FILE_TYPES, {
    ...responseHeaders('ETag', 'Accept-Ranges'),
    ...(options.partial ? responseHeaders('Content-Range') : {}),
    ...(options.pick ? responseHeaders('Content-Location') : {}),
  });
}
