import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/test-app.js';

test('the OpenAPI document describes the canvas route with its types, parameters and a PNG answer', async () => {
  const app = await buildTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  assert.equal(res.statusCode, 200);
  const operation = res.json().paths['/api/v1/canvas/{type}']?.get;
  assert.ok(operation, 'the canvas route is documented');
  const params = Object.fromEntries(
    (
      operation.parameters as Array<{
        name: string;
        in: string;
        required?: boolean;
        schema: { enum?: string[] };
      }>
    ).map((p) => [p.name, p]),
  );
  assert.deepEqual(params.type.schema.enum, ['xp', 'me', 'levelup', 'ai']);
  assert.equal(params.name.required, true);
  assert.equal(params.level.required, true);
  for (const optional of ['avatar', 'xp', 'needed', 'rank', 'accent']) assert.ok(params[optional], optional);
  assert.ok(operation.responses['200'].content['image/png'], 'the 200 answer is image/png');
  assert.ok(operation.responses['400']);
});

test('GET /api/v1/endpoints lists the card types with their sizes', async () => {
  const app = await buildTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/v1/endpoints' });
  assert.equal(res.statusCode, 200);
  const { canvas, endpoints } = res.json();
  assert.deepEqual(
    canvas.types.map((t: { type: string; width: number; height: number }) => [t.type, t.width, t.height]),
    [
      ['xp', 934, 282],
      ['me', 800, 440],
      ['levelup', 800, 260],
      ['ai', 934, 282],
    ],
  );
  assert.ok(JSON.stringify(endpoints).includes('/api/v1/canvas/:type'));
});
