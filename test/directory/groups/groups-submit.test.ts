import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { dialectOf } from '../../../src/db/database.js';
import { LOGO_MAX_BYTES } from '../../../src/directory/directory-contract.js';
import { logoKey } from '../../../src/directory/groups/logo-store.js';
import { assertProblem } from '../../helpers/assert-problem.js';
import { Browser, loggedInBrowser } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/test-app.js';
import { imageBytes, multipart, SVG, submitGroup, VALID_FIELDS } from './group-fixtures.js';

const MiB = 1024 * 1024;

let app: FastifyInstance;
let user: Awaited<ReturnType<typeof loggedInBrowser>>;

/** Every file under a folder, dot-files (our temp files) included, as sorted relative paths. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * What a submission may have left behind: group rows, objects in the file storage (logos, on
 * disk or in a bucket), and files anywhere under DATA_DIR (half-written temp files, anything else
 * an upload might spill to disk). The database's own files (SQLite and its journal) are left
 * out: they change with every query. On disk, a stored logo is both an object and a file: one entry.
 */
async function stored() {
  const row = await app.db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const files = new Set(
    filesUnder(app.config.dataDir).filter((f) => !/^kizuna\.sqlite/.test(f) && f !== 'session-secret'),
  );
  for await (const { key } of app.blobs.list('logos/')) files.add(key);
  return { rows: Number(row.n), files: [...files].sort() };
}

/** The one problem code each refusal status has in these cases. */
const CODE_OF: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'CSRF_INVALID',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  500: 'INTERNAL_ERROR',
};

/**
 * Sends a request that must be refused and checks that it left nothing behind: the snapshot is
 * taken before the request is sent, so a row or file it added makes this fail.
 */
async function assertRefusedWithoutTrace(
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  field?: string,
): Promise<LightMyRequestResponse> {
  const before = await stored();
  const response = await send();
  const problem = assertProblem(response, status, CODE_OF[status]);
  if (field)
    assert.ok(
      problem.errors?.some((e) => e.field === field),
      `${field}: ${response.body}`,
    );
  assert.deepEqual(await stored(), before);
  return response;
}

before(async () => {
  app = await buildTestApp();
  user = await loggedInBrowser(app);
});

describe('POST /api/groups', () => {
  test('creates an unverified group and answers 201 {group}', async () => {
    const response = await submitGroup(user, { ...VALID_FIELDS, tags: 'Anime, manga' });
    assert.equal(response.statusCode, 201, response.body);
    const { group } = response.json();
    assert.equal(typeof group.id, 'number');
    assert.deepEqual(
      { ...group, id: 0, createdAt: '' },
      {
        id: 0,
        title: 'Naruto Fans',
        platform: 'WhatsApp',
        category: 'Anime',
        inviteLink: 'https://chat.whatsapp.com/AbCdEf123',
        description: 'A friendly group about Naruto and Boruto.',
        tags: ['anime', 'manga'],
        logoUrl: null,
        externalImageUrl: null,
        likes: 0,
        isVerified: false,
        createdAt: '',
        status: 'pending',
        likedByMe: false,
      },
    );
    assert.ok(!Number.isNaN(Date.parse(group.createdAt)));
  });

  test('takes tags as repeated fields and as a JSON array string', async () => {
    const repeated = await submitGroup(user, { ...VALID_FIELDS, tags: ['One', 'two', 'ONE'] });
    assert.deepEqual(repeated.json().group.tags, ['one', 'two']);
    const json = await submitGroup(user, { ...VALID_FIELDS, tags: '["Three", "#four"]' });
    assert.deepEqual(json.json().group.tags, ['three', 'four']);
  });

  test('keeps an https externalImageUrl', async () => {
    const response = await submitGroup(user, {
      ...VALID_FIELDS,
      externalImageUrl: 'https://cdn.example.org/logo.png',
    });
    assert.equal(response.statusCode, 201);
    assert.equal(response.json().group.externalImageUrl, 'https://cdn.example.org/logo.png');
  });

  for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
    test(`stores a ${format} logo, re-encoded, served by us with immutable caching`, async () => {
      const filesBefore = (await stored()).files.length;
      const bytes = await imageBytes(format, 900, 600);
      const response = await submitGroup(user, {
        ...VALID_FIELDS,
        logo: { bytes, filename: `logo.${format}`, type: `image/${format}` },
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.match(response.json().group.logoUrl, /^http:\/\/localhost:80\/api\/groups\/logos\//);
      const logoUrl = new URL(response.json().group.logoUrl);
      assert.match(logoUrl.pathname, /^\/api\/groups\/logos\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/);
      assert.equal((await stored()).files.length, filesBefore + 1);

      const served = await app.inject({ url: logoUrl.pathname });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(served.headers['content-type'], `image/${format}`);
      const meta = await sharp(served.rawPayload).metadata();
      assert.ok((meta.width ?? 0) <= 512 && (meta.pageHeight ?? meta.height ?? 0) <= 512);
    });
  }

  test('the bytes decide: a PNG named logo.svg is stored as a PNG', async () => {
    const response = await submitGroup(user, {
      ...VALID_FIELDS,
      logo: { bytes: await imageBytes('png'), filename: 'logo.svg', type: 'image/svg+xml' },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.match(response.json().group.logoUrl, /\.png$/);
  });

  test('an SVG named logo.png is refused with 415 and leaves nothing', async () => {
    await assertRefusedWithoutTrace(
      () =>
        submitGroup(user, {
          ...VALID_FIELDS,
          logo: { bytes: SVG, filename: 'logo.png', type: 'image/png' },
        }),
      415,
      'logo',
    );
  });

  test('a truncated image is refused with 400 and leaves nothing', async () => {
    const bytes = await imageBytes('jpeg', 400, 400);
    await assertRefusedWithoutTrace(
      () =>
        submitGroup(user, {
          ...VALID_FIELDS,
          logo: {
            bytes: bytes.subarray(0, Math.floor(bytes.length * 0.6)),
            filename: 'logo.jpg',
            type: 'image/jpeg',
          },
        }),
      400,
      'logo',
    );
  });

  for (const [label, size] of [
    ['2 MB + 1 byte', LOGO_MAX_BYTES + 1],
    ['2 MiB + 1 byte', 2 * MiB + 1],
  ] as const) {
    test(`a logo of ${label} is refused with 413 and leaves nothing`, async () => {
      const png = await imageBytes('png');
      const bytes = Buffer.concat([png, Buffer.alloc(size - png.length)]);
      assert.equal(bytes.length, size);
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, logo: { bytes, filename: 'big.png', type: 'image/png' } }),
        413,
      );
    });
  }

  test('a logo of exactly 2 MB (2,000,000 bytes) is within the limit', async () => {
    // Random pixels do not compress, so the PNG is large by itself; padded to the exact limit.
    const noise = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 700, height: 700, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    assert.ok(noise.length < LOGO_MAX_BYTES);
    const bytes = Buffer.concat([noise, Buffer.alloc(LOGO_MAX_BYTES - noise.length)]);
    const response = await submitGroup(user, { ...VALID_FIELDS, logo: { bytes, filename: 'max.png' } });
    assert.equal(response.statusCode, 201, response.body);
  });

  test('an empty file input means no logo', async () => {
    const response = await submitGroup(user, {
      ...VALID_FIELDS,
      logo: { bytes: Buffer.alloc(0), filename: '' },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().group.logoUrl, null);
  });

  test('a logo sent as a text field is refused naming logo', async () => {
    await assertRefusedWithoutTrace(
      () => submitGroup(user, { ...VALID_FIELDS, logo: 'iVBORw0KGgo=' }),
      400,
      'logo',
    );
  });

  test('a logo sent as an empty text field is refused too: a logo is a file or absent', async () => {
    await assertRefusedWithoutTrace(() => submitGroup(user, { ...VALID_FIELDS, logo: '' }), 400, 'logo');
  });

  test('a file under another name is a 400 naming it, not ignored', async () => {
    const bytes = await imageBytes('png');
    for (const name of ['avatar', 'image', 'Logo']) {
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, [name]: { bytes, filename: 'logo.png' } }),
        400,
        name,
      );
    }
  });

  test('a text field we do not know is a 400 naming it, not ignored', async () => {
    await assertRefusedWithoutTrace(
      () => submitGroup(user, { ...VALID_FIELDS, isVerified: 'true' }),
      400,
      'isVerified',
    );
  });

  test('a text field sent as a file is a 400 naming it', async () => {
    const file = { bytes: Buffer.from('Naruto Fans'), filename: 'title.txt', type: 'text/plain' };
    await assertRefusedWithoutTrace(() => submitGroup(user, { ...VALID_FIELDS, title: file }), 400, 'title');
  });

  test('more files, fields or parts than the form takes is a 400 naming the body, not a 413', async () => {
    const logo = { bytes: await imageBytes('png'), filename: 'logo.png' };
    for (const fields of [
      { ...VALID_FIELDS, logo: [logo, logo] },
      { ...VALID_FIELDS, logo, avatar: logo },
      { ...VALID_FIELDS, tags: Array.from({ length: 30 }, (_, i) => `t${i}`) },
    ]) {
      await assertRefusedWithoutTrace(() => submitGroup(user, fields), 400, 'body');
    }
  });

  test('tags that open with [ but are no JSON are a comma list', async () => {
    const response = await submitGroup(user, { ...VALID_FIELDS, tags: '[nsfw], fun' });
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json().group.tags, ['[nsfw]', 'fun']);
  });

  for (const field of ['title', 'platform', 'category', 'inviteLink', 'description'] as const) {
    test(`a missing ${field} is a 400 naming it`, async () => {
      const { [field]: _omitted, ...rest } = VALID_FIELDS;
      await assertRefusedWithoutTrace(() => submitGroup(user, rest), 400, field);
    });

    test(`a blank ${field} is a 400 naming it`, async () => {
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, [field]: '   ' }),
        400,
        field,
      );
    });
  }

  for (const field of ['title', 'platform', 'category'] as const) {
    test(`a ${field} of invisible characters only is a 400 naming it`, async () => {
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, [field]: '\u200b\u2060 \u200b' }),
        400,
        field,
      );
    });
  }

  test('an invite link that does not fit its platform is a 400 naming inviteLink', async () => {
    for (const inviteLink of [
      'https://t.me/naruto',
      'http://chat.whatsapp.com/AbC',
      'javascript:alert(1)',
      'https://chat.whatsapp.com/?x=1',
    ]) {
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, inviteLink }),
        400,
        'inviteLink',
      );
    }
  });

  test('a known platform in disguise still needs its own kind of invite link', async () => {
    for (const platform of ['WhatsApp\u200b', 'WhatsApp.', 'Wh\u0430tsApp', 'What\u00adsApp']) {
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, platform, inviteLink: 'https://evil.example/phish' }),
        400,
        'inviteLink',
      );
    }
    const disguised = await submitGroup(user, { ...VALID_FIELDS, platform: 'Wh\u0430tsApp\u200b' });
    assert.equal(disguised.statusCode, 201, disguised.body);
    assert.equal(disguised.json().group.platform, 'WhatsApp');
  });

  test('an externalImageUrl that is not https is a 400 naming it', async () => {
    for (const externalImageUrl of ['http://cdn.example.org/a.png', 'data:image/png;base64,AAAA', 'nope']) {
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, externalImageUrl }),
        400,
        'externalImageUrl',
      );
    }
  });

  test('too many or too long tags are a 400 naming tags', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `tag${i}`).join(',');
    await assertRefusedWithoutTrace(() => submitGroup(user, { ...VALID_FIELDS, tags: eleven }), 400, 'tags');
    await assertRefusedWithoutTrace(
      () => submitGroup(user, { ...VALID_FIELDS, tags: 'x'.repeat(31) }),
      400,
      'tags',
    );
    await assertRefusedWithoutTrace(() => submitGroup(user, { ...VALID_FIELDS, tags: '["a",' }), 400, 'tags');
  });

  test('an over-long title is a 400 naming it', async () => {
    await assertRefusedWithoutTrace(
      () => submitGroup(user, { ...VALID_FIELDS, title: 'x'.repeat(121) }),
      400,
      'title',
    );
  });

  test('a bad field refuses the whole request, logo included', async () => {
    const logo = { bytes: await imageBytes('png'), filename: 'logo.png' };
    await assertRefusedWithoutTrace(
      () => submitGroup(user, { ...VALID_FIELDS, inviteLink: 'https://t.me/x', logo }),
      400,
      'inviteLink',
    );
  });

  test('a JSON body is refused with 415', async () => {
    await assertRefusedWithoutTrace(() => user.post('/api/groups', VALID_FIELDS), 415);
  });

  test('without a session: 401, nothing stored', async () => {
    const anonymous = new Browser(app);
    await assertRefusedWithoutTrace(() => submitGroup(anonymous, VALID_FIELDS), 401);
  });

  test('without a CSRF token, or with a wrong one: 403, nothing stored', async () => {
    await assertRefusedWithoutTrace(() => submitGroup(user, VALID_FIELDS, { csrf: false }), 403);
    await assertRefusedWithoutTrace(
      () => submitGroup(user, VALID_FIELDS, { headers: { 'x-csrf-token': 'forged' } }),
      403,
    );
  });

  test('the token of another browser does not fit this session', async () => {
    const other = new Browser(app);
    const body = await multipart(VALID_FIELDS);
    const token = await other.token();
    await assertRefusedWithoutTrace(
      () => user.post('/api/groups', body.payload, { headers: { ...body.headers, 'x-csrf-token': token } }),
      403,
    );
  });
});

describe('GET /api/groups/logos/:file', () => {
  test('an unknown or foreign name is a 404', async () => {
    for (const path of [
      '/api/groups/logos/0123456789abcdef0123456789abcdef.png',
      '/api/groups/logos/%2e%2e%2fsession-secret',
      '/api/groups/logos/..%2f..%2fsession-secret',
      '/api/groups/logos/.hidden.png.part',
    ]) {
      const response = await app.inject({ url: path });
      assert.equal(response.statusCode, 404, path);
    }
  });

  test('a path climbing out of the folder never reaches a file', async () => {
    // Normalised by the client to /api/groups/session-secret: not a group id, so a 400.
    const response = await app.inject({ url: '/api/groups/logos/../session-secret' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
  });
});

describe('POST /api/groups with a broken form', () => {
  test('a cut-off or malformed multipart body is a 400 naming the body, and leaves nothing', async () => {
    const good = await multipart({
      ...VALID_FIELDS,
      logo: { bytes: await imageBytes('png', 300, 300), filename: 'a.png' },
    });
    const type = good.headers['content-type'];
    for (const [payload, contentType] of [
      [good.payload.subarray(0, good.payload.length - 300), type],
      [good.payload.subarray(0, 100), type],
      [good.payload, 'multipart/form-data; boundary=not-the-one'],
      [Buffer.from('garbage'), 'multipart/form-data'],
    ] as const) {
      await assertRefusedWithoutTrace(
        () => user.post('/api/groups', payload, { headers: { 'content-type': contentType } }),
        400,
        'body',
      );
    }
  });

  test('a field declared as JSON that is not JSON is a 400', async () => {
    const payload = Buffer.from(
      '--X\r\nContent-Disposition: form-data; name="title"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--X--\r\n',
    );
    await assertRefusedWithoutTrace(
      () =>
        user.post('/api/groups', payload, { headers: { 'content-type': 'multipart/form-data; boundary=X' } }),
      400,
      'body',
    );
  });
});

describe('POST /api/groups with control characters', () => {
  test('a NUL in a field is dropped, not a database error', async () => {
    const response = await submitGroup(user, {
      ...VALID_FIELDS,
      title: 'Null\u0000Byte',
      description: 'a\u0000b',
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().group.title, 'Null Byte');
    assert.equal(response.json().group.description, 'ab');
  });
});

describe('a refused submission leaves nothing, even when the database fails last', () => {
  test('the check itself fails when a refusal leaves a file behind', async () => {
    const stray = logoKey(`${'0'.repeat(32)}.png`);
    try {
      await assert.rejects(
        assertRefusedWithoutTrace(async () => {
          await app.blobs.put(stray, Buffer.from('left behind'));
          return submitGroup(user, { ...VALID_FIELDS, title: '' });
        }, 400),
        /deepStrictEqual|Expected values to be strictly deep-equal/,
      );
    } finally {
      await app.blobs.delete(stray);
    }
  });

  test('a logo already written is removed when the insert of its row fails', async () => {
    // A trigger refuses this one title, so the failure comes after the logo has been stored.
    const postgres = dialectOf(app.db) === 'postgres';
    if (postgres) {
      await sql`CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'forced failure'; END $$`.execute(app.db);
      await sql`CREATE TRIGGER refuse_doomed BEFORE INSERT ON groups FOR EACH ROW
        WHEN (NEW.title = 'Doomed insert') EXECUTE FUNCTION refuse_doomed()`.execute(app.db);
    } else {
      await sql`CREATE TRIGGER refuse_doomed BEFORE INSERT ON groups WHEN NEW.title = 'Doomed insert'
        BEGIN SELECT RAISE(ABORT, 'forced failure'); END`.execute(app.db);
    }
    try {
      const logo = { bytes: await imageBytes('png', 300, 300), filename: 'logo.png' };
      await assertRefusedWithoutTrace(
        () => submitGroup(user, { ...VALID_FIELDS, title: 'Doomed insert', logo }),
        500,
      );
      // The same submission under another title goes through: it was the insert that failed.
      const fine = await submitGroup(user, { ...VALID_FIELDS, title: 'Fine insert', logo });
      assert.equal(fine.statusCode, 201, fine.body);
    } finally {
      await sql`DROP TRIGGER refuse_doomed${sql.raw(postgres ? ' ON groups' : '')}`.execute(app.db);
      if (postgres) await sql`DROP FUNCTION refuse_doomed()`.execute(app.db);
    }
  });
});
