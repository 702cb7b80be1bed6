import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { GroupService, type LogoFiles, logoFilesIn } from '../../../src/directory/groups/group-service.js';
import { type CleanSubmission, parseSubmission } from '../../../src/directory/groups/group-submission.js';
import { findGroup, insertGroup } from '../../../src/directory/groups/groups-repository.js';
import type { Logo } from '../../../src/directory/groups/logo-image.js';
import { logoKey } from '../../../src/directory/groups/logo-store.js';
import { createUser } from '../../../src/directory/users/users-repository.js';
import { buildTestApp, openTestBlobs } from '../../helpers/test-app.js';
import { VALID_FIELDS } from './group-fixtures.js';

const LOGO: Logo = { data: Buffer.from('png bytes'), extension: 'png', width: 1, height: 1 };

/** Counts invalidations and warnings instead of emptying a real cache or writing a log. */
function observers() {
  const seen = { invalidations: 0, warnings: [] as string[] };
  return {
    seen,
    pageCache: {
      invalidate: async () => {
        seen.invalidations += 1;
      },
    },
    log: { warn: (_details: unknown, message?: string) => seen.warnings.push(String(message)) },
  };
}

/** Makes every INSERT fail, as a lost connection or a full disk would. */
const failingInserts: KyselyPlugin = {
  transformQuery(args) {
    if (args.node.kind === 'InsertQueryNode') throw new Error('insert failed');
    return args.node;
  },
  transformResult: async (args) => args.result,
};

describe('GroupService', () => {
  let app: FastifyInstance;
  let submission: CleanSubmission;
  const countGroups = async () =>
    Number(
      (
        await app.db
          .selectFrom('groups')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  before(async () => {
    app = await buildTestApp();
    const parsed = parseSubmission(VALID_FIELDS);
    assert.ok(parsed.ok);
    submission = parsed.value;
  });

  describe('submit', () => {
    it('stores the logo, then the group, unverified and naming the stored file', async () => {
      const { pageCache, log, seen } = observers();
      const service = new GroupService({
        db: app.db,
        logos: logoFilesIn(app.blobs),
        pageCache,
        log,
        reportHideThreshold: 3,
      });
      const row = await service.submit(submission, LOGO, null);
      assert.equal(row.is_verified, 0);
      assert.ok(row.logo_file);
      assert.ok(await app.blobs.exists(logoKey(row.logo_file)));
      assert.equal(seen.invalidations, 0, 'a pending group is on no public page');
    });

    it('leaves no group behind when the logo cannot be stored', async () => {
      const { pageCache, log } = observers();
      const logos: LogoFiles = {
        save: async () => {
          throw new Error('disk full');
        },
        remove: async () => assert.fail('nothing was stored, so nothing is removed'),
      };
      const before = await countGroups();
      const service = new GroupService({ db: app.db, logos, pageCache, log, reportHideThreshold: 3 });
      await assert.rejects(service.submit(submission, LOGO, null), /disk full/);
      assert.equal(await countGroups(), before);
    });

    it('removes the stored logo when the group cannot be inserted', async () => {
      const { pageCache, log } = observers();
      const blobs = openTestBlobs(join(app.config.dataDir, 'insert-fails'));
      const service = new GroupService({
        db: app.db.withPlugin(failingInserts),
        logos: logoFilesIn(blobs),
        pageCache,
        log,
        reportHideThreshold: 3,
      });
      await assert.rejects(service.submit(submission, LOGO, null), /insert failed/);
      const left: string[] = [];
      for await (const { key } of blobs.list('')) left.push(key);
      assert.deepEqual(left, [], 'no orphan logo');
    });

    it('stores nothing when there is no logo', async () => {
      const { pageCache, log } = observers();
      const logos: LogoFiles = {
        save: async () => assert.fail('no logo to store'),
        remove: async () => assert.fail('no logo to remove'),
      };
      const row = await new GroupService({
        db: app.db,
        logos,
        pageCache,
        log,
        reportHideThreshold: 3,
      }).submit(submission, null, null);
      assert.equal(row.logo_file, null);
    });
  });

  describe('remove', () => {
    it('deletes the row and its logo file, and empties the page cache', async () => {
      const { pageCache, log, seen } = observers();
      const service = new GroupService({
        db: app.db,
        logos: logoFilesIn(app.blobs),
        pageCache,
        log,
        reportHideThreshold: 3,
      });
      const row = await service.submit(submission, LOGO, null);
      assert.equal(await service.remove(row.id), true);
      assert.equal(await findGroup(app.db, row.id), undefined);
      assert.equal(await app.blobs.exists(logoKey(row.logo_file as string)), false);
      assert.equal(seen.invalidations, 1);
    });

    it('still deletes the group when its logo file will not go, and says so in the log', async () => {
      const { pageCache, log, seen } = observers();
      const logos: LogoFiles = {
        save: async () => `${'d'.repeat(32)}.png`,
        remove: async () => {
          throw new Error('permission denied');
        },
      };
      const service = new GroupService({ db: app.db, logos, pageCache, log, reportHideThreshold: 3 });
      const row = await service.submit(submission, LOGO, null);
      assert.equal(await service.remove(row.id), true);
      assert.equal(await findGroup(app.db, row.id), undefined);
      assert.equal(seen.invalidations, 1);
      assert.deepEqual(seen.warnings, ['logo file of a deleted group not removed']);
    });

    it('answers false for an unknown group and touches nothing', async () => {
      const { pageCache, log, seen } = observers();
      const logos: LogoFiles = {
        save: async () => assert.fail('not called'),
        remove: async () => assert.fail('not called'),
      };
      assert.equal(
        await new GroupService({ db: app.db, logos, pageCache, log, reportHideThreshold: 3 }).remove(
          2147483647,
        ),
        false,
      );
      assert.equal(seen.invalidations, 0);
    });
  });

  describe('verify', () => {
    it('makes a group public and empties the page cache; an unknown group changes nothing', async () => {
      const { pageCache, log, seen } = observers();
      const service = new GroupService({
        db: app.db,
        logos: logoFilesIn(app.blobs),
        pageCache,
        log,
        reportHideThreshold: 3,
      });
      const row = await insertGroup(app.db, { ...submission, logoFile: null, submittedBy: null });
      assert.equal((await service.verify(row.id))?.is_verified, 1);
      assert.equal(seen.invalidations, 1);
      assert.equal(await service.verify(2147483647), undefined);
      assert.equal(seen.invalidations, 1);
    });
  });

  describe('like and unlike', () => {
    it('empty the page cache only when a count changed', async () => {
      const { pageCache, log, seen } = observers();
      const service = new GroupService({
        db: app.db,
        logos: logoFilesIn(app.blobs),
        pageCache,
        log,
        reportHideThreshold: 3,
      });
      const group = await insertGroup(app.db, {
        ...submission,
        logoFile: null,
        submittedBy: null,
        verified: true,
      });
      const user = await createUser(app.db, {
        username: 'liker',
        email: 'liker@example.org',
        passwordHash: 'x',
      });

      assert.deepEqual(await service.like(group.id, user.id), { likes: 1, likedByMe: true, changed: true });
      assert.equal((await service.like(group.id, user.id))?.changed, false);
      assert.equal(seen.invalidations, 1);
      assert.deepEqual(await service.unlike(group.id, user.id), {
        likes: 0,
        likedByMe: false,
        changed: true,
      });
      assert.equal((await service.unlike(group.id, user.id))?.changed, false);
      assert.equal(seen.invalidations, 2);
      assert.equal(await service.like(2147483647, user.id), null);
      assert.equal(seen.invalidations, 2);
    });
  });
});
