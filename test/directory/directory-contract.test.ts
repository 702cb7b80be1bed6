import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Static } from 'typebox';
import type { AdminStatsSchema } from '../../src/directory/admin/admin-stats-routes.js';
import type {
  AdminStats,
  GroupFacets,
  GroupJson,
  PublicStats,
  ReportJson,
  UserJson,
} from '../../src/directory/directory-contract.js';
import {
  EDITABLE_FIELDS,
  GROUP_SORTS,
  LOGO_MAX_BYTES,
  REPORT_REASONS,
  SUBMISSION_FIELDS,
} from '../../src/directory/directory-contract.js';
import type { GroupSchema } from '../../src/directory/groups/group-json.js';
import type { GroupFacetsSchema } from '../../src/directory/groups/groups-routes.js';
import type { ReportSchema } from '../../src/directory/groups/report-json.js';
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
    const report: Same<Static<typeof ReportSchema>, ReportJson> = true;
    const facets: Same<Static<typeof GroupFacetsSchema>, GroupFacets> = true;
    const admin: Same<Static<typeof AdminStatsSchema>, AdminStats> = true;
    assert.deepEqual([group, user, stats, report, facets, admin], [true, true, true, true, true, true]);
  });

  it('names every part of the submission form the OpenAPI document describes, and the logo limit', async (t) => {
    const app = await buildTestApp();
    t.after(() => app.close());
    const spec = (await app.inject('/api/v1/openapi.json')).json();
    const { schema } = spec.paths['/api/groups'].post.requestBody.content['multipart/form-data'];
    assert.deepEqual(Object.keys(schema.properties), [...SUBMISSION_FIELDS]);
    assert.equal(LOGO_MAX_BYTES, 2_000_000);
  });

  it('names the editable fields, the orders and the report reasons the OpenAPI document describes', async (t) => {
    const app = await buildTestApp();
    t.after(() => app.close());
    const spec = (await app.inject('/api/v1/openapi.json')).json();
    const edit = spec.paths['/api/groups/{id}'].patch;
    assert.equal(edit.operationId, 'editGroup');
    assert.deepEqual(Object.keys(edit.requestBody.content['multipart/form-data'].schema.properties), [
      ...EDITABLE_FIELDS,
    ]);
    const sort = spec.paths['/api/groups'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    assert.deepEqual(sort.schema.enum, [...GROUP_SORTS]);
    const report = spec.paths['/api/groups/{id}/reports'].post;
    assert.equal(report.operationId, 'reportGroup');
    assert.deepEqual(report.requestBody.content['application/json'].schema.properties.reason.enum, [
      ...REPORT_REASONS,
    ]);
    const operations = Object.values(spec.paths).flatMap((path) =>
      Object.values(path as Record<string, { operationId?: string }>).map((op) => op.operationId),
    );
    for (const id of [
      'editGroup',
      'deleteGroup',
      'rejectGroup',
      'reportGroup',
      'listReports',
      'resolveReport',
      'dismissReport',
      'getGroupFacets',
    ]) {
      assert.ok(operations.includes(id), id);
    }
  });
});
