import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Static } from 'typebox';
import type { GroupJson, PublicStats, UserJson } from '../../src/directory/directory-contract.js';
import { LOGO_MAX_BYTES, SUBMISSION_FIELDS } from '../../src/directory/directory-contract.js';
import type { GroupSchema } from '../../src/directory/groups/group-json.js';
import type { PublicStatsSchema } from '../../src/directory/stats/public-stats-routes.js';
import type { UserSchema } from '../../src/directory/users/user-json.js';
import { buildTestApp } from '../helpers/test-app.js';

/** true only when A and B are the same type; a mismatch fails `npm run typecheck`. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('the directory contract', () => {
  it('is the type of what the response schemas let out', () => {
    const group: Same<Static<typeof GroupSchema>, GroupJson> = true;
    const user: Same<Static<typeof UserSchema>, UserJson> = true;
    const stats: Same<Static<typeof PublicStatsSchema>, PublicStats> = true;
    assert.deepEqual([group, user, stats], [true, true, true]);
  });

  it('names every part of the submission form the OpenAPI document describes, and the logo limit', async (t) => {
    const app = await buildTestApp();
    t.after(() => app.close());
    const spec = (await app.inject('/api/v1/openapi.json')).json();
    const { schema } = spec.paths['/api/groups'].post.requestBody.content['multipart/form-data'];
    assert.deepEqual(Object.keys(schema.properties), [...SUBMISSION_FIELDS]);
    assert.equal(LOGO_MAX_BYTES, 2_000_000);
  });
});
