import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { dialectOf } from '../../src/db/database.js';
import { MediaStore, WrongKindError } from '../../src/media/media-store.js';
import { NotMediaError } from '../../src/media/probe.js';
import { gif, openTestStore, png } from './fixtures.js';

/** The media objects in the store's blob storage (on disk or in a bucket). */
async function storedObjects(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.blobs.list('media/')) keys.push(key);
  return keys;
}

/** Every file below a local folder. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-media-source-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A second store on the same database and files, as a served instance keeps (5 s by default). */
function servedStore(writer: MediaStore, cacheMs: number): MediaStore {
  return new MediaStore(writer.db, writer.blobs, {
    ffmpegPath: 'ffmpeg',
    scratchDir: writer.scratchDir,
    cacheMs,
  });
}

describe('MediaStore', () => {
  it('keeps pool counts for picks a while, and forgets them when it writes itself', async () => {
    const writer = await openTestStore();
    // A second instance on the same database, as a served one keeps them.
    const picking = servedStore(writer, 60_000);
    await writer.addBuffer('neko', await png(7, 10, 10));
    assert.equal((await picking.cachedCounts()).get('neko'), 1);

    await writer.addBuffer('neko', await png(8, 10, 10));
    assert.equal((await picking.cachedCounts()).get('neko'), 1, 'another instance writing: kept');
    assert.equal((await picking.counts()).get('neko'), 2, 'the live count');

    await picking.addBuffer('neko', await png(9, 10, 10));
    assert.equal((await picking.cachedCounts()).get('neko'), 3, 'its own write: read again');
  });

  it('hands over cached pool items at once only once they are read, fresh and not written since', async () => {
    const writer = await openTestStore();
    const picking = servedStore(writer, 60_000);
    await writer.addBuffer('neko', await png(11, 10, 10));
    assert.equal(picking.poolItemsNow('neko'), undefined, 'never read');
    const reading = picking.poolItems('neko');
    assert.equal(picking.poolItemsNow('neko'), undefined, 'still being read');
    const items = await reading;
    assert.equal(picking.poolItemsNow('neko'), items, 'the very list poolItems gave');
    assert.equal(picking.poolItemsNow('hug'), undefined, 'another pool');

    await picking.addBuffer('neko', await png(12, 10, 10));
    assert.equal(picking.poolItemsNow('neko'), undefined, 'its own write forgets them');

    const stale = servedStore(writer, 0);
    await stale.poolItems('neko');
    assert.equal(stale.poolItemsNow('neko'), undefined, 'older than cacheMs');
  });

  it('names a file by the SHA-256 of its bytes and records what it is', async () => {
    const store = await openTestStore();
    const bytes = await png(1, 30, 20);
    const result = await store.addBuffer('neko', bytes, {
      artistName: 'Aki',
      sourceUrl: 'https://example.org/1',
    });
    assert.equal(result.outcome, 'added');
    assert.equal(result.sha256, createHash('sha256').update(bytes).digest('hex'));
    assert.equal(result.mime, 'image/png');
    const info = await store.blobs.head(store.keyOf(result.sha256, 'png'));
    assert.equal(info?.size, bytes.length);
    assert.deepEqual(await store.readBytes(result.sha256, 'png'), bytes);
    const [item] = await store.poolItems('neko');
    assert.equal(item.width, 30);
    assert.equal(item.height, 20);
    assert.equal(item.artist_name, 'Aki');
    assert.equal(item.source_url, 'https://example.org/1');
    assert.equal(item.duration_ms, null);
  });

  it('stores the same bytes once, even when two pools use them', async () => {
    const store = await openTestStore();
    const bytes = await gif(2);
    const first = await store.addBuffer('hug', bytes);
    const second = await store.addBuffer('kiss', bytes);
    const again = await store.addBuffer('kiss', bytes);
    assert.deepEqual([first.outcome, second.outcome, again.outcome], ['added', 'linked', 'duplicate']);
    assert.equal((await storedObjects(store)).length, 1);
    assert.equal((await store.poolItems('hug')).length, 1);
    assert.equal((await store.poolItems('kiss')).length, 1);
    assert.deepEqual((await store.stats()).files, 1);
  });

  it('reads frame height and duration of an animated GIF', async () => {
    const store = await openTestStore();
    await store.addBuffer('pat', await gif(3, 4, 20, 12));
    const [item] = await store.poolItems('pat');
    assert.equal(item.mime, 'image/gif');
    assert.equal(item.width, 20);
    assert.equal(item.height, 12);
    assert.equal(item.duration_ms, 400);
  });

  it('refuses what is not media, and keeps nothing of it', async () => {
    const scratchDir = scratch();
    const store = await openTestStore({ scratchDir });
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    for (const bytes of [
      Buffer.from('just some text\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      fakePng,
    ]) {
      await assert.rejects(store.addBuffer('neko', bytes), NotMediaError);
    }
    assert.deepEqual(await storedObjects(store), []);
    assert.deepEqual(filesUnder(scratchDir), []);
    assert.equal((await store.stats()).files, 0);
  });

  it('refuses media of the wrong kind for the pool, before keeping anything', async () => {
    const store = await openTestStore();
    await assert.rejects(store.addBuffer('hug', await png(20)), WrongKindError);
    await assert.rejects(store.addBuffer('neko', await gif(21)), /takes still images/);
    assert.deepEqual(await storedObjects(store), []);
    assert.equal((await store.stats()).files, 0);
    // Known bytes are judged by the pool they go to as well.
    const { sha256 } = await store.addBuffer('neko', await png(22));
    await assert.rejects(store.addBuffer('pat', await png(22)), WrongKindError);
    assert.deepEqual(await store.poolsOfFile(sha256), ['neko']);
  });

  it('given other credits for a file already in the pool, corrects them ("updated")', async () => {
    const store = await openTestStore();
    const bytes = await gif(23);
    await store.addBuffer('hug', bytes, { animeName: 'Wrong' });
    assert.equal((await store.addBuffer('hug', bytes, { animeName: 'Right' })).outcome, 'updated');
    assert.equal((await store.addBuffer('hug', bytes, { animeName: 'Right' })).outcome, 'duplicate');
    assert.equal((await store.addBuffer('hug', bytes)).outcome, 'duplicate');
    const [item] = await store.poolItems('hug');
    assert.equal(item.anime_name, 'Right');
  });

  it('copies a file from disk without touching the original', async () => {
    const store = await openTestStore();
    const source = join(scratch(), 'source.png');
    writeFileSync(source, await png(4));
    const result = await store.addFile('waifu', source);
    assert.equal(result.outcome, 'added');
    assert.ok(existsSync(source));
    assert.ok(await store.blobs.exists(store.keyOf(result.sha256, 'png')));
  });

  it('deletes the bytes only when the last pool lets go of them', async () => {
    const store = await openTestStore();
    const { sha256 } = await store.addBuffer('hug', await gif(5));
    await store.addBuffer('kiss', await gif(5));
    const key = store.keyOf(sha256, 'gif');
    assert.deepEqual(await store.remove('hug', sha256), { removed: true, fileDeleted: false });
    assert.ok(await store.blobs.exists(key));
    assert.deepEqual(await store.remove('hug', sha256), { removed: false, fileDeleted: false });
    assert.deepEqual(await store.remove('kiss', sha256), { removed: true, fileDeleted: true });
    assert.ok(!(await store.blobs.exists(key)));
    assert.equal(await store.findFile(sha256), undefined);
  });

  it('puts back bytes whose file went missing while the row stayed', async () => {
    const store = await openTestStore();
    const bytes = await png(6);
    const { sha256 } = await store.addBuffer('neko', bytes);
    await store.blobs.delete(store.keyOf(sha256, 'png'));
    assert.equal((await store.addBuffer('waifu', bytes)).outcome, 'linked');
    assert.deepEqual(await store.readBytes(sha256, 'png'), bytes);
  });

  it('counts items per pool', async () => {
    const store = await openTestStore();
    await store.addBuffer('neko', await png(7));
    await store.addBuffer('neko', await png(8));
    await store.addBuffer('hug', await gif(9));
    const counts = await store.counts();
    assert.equal(counts.get('neko'), 2);
    assert.equal(counts.get('hug'), 1);
    assert.equal(counts.get('pat'), undefined);
  });
});

describe('MediaStore.sweepTemp', () => {
  it('removes old scratch files and leaves young ones to the import that writes them', async () => {
    const dir = scratch();
    const store = await openTestStore({ scratchDir: dir });
    const tmp = dir;
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'old.part'), 'x');
    writeFileSync(join(tmp, 'young.part'), 'y');
    const past = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(join(tmp, 'old.part'), past, past);
    assert.equal(await store.sweepTemp(), 1);
    assert.deepEqual(readdirSync(tmp), ['young.part']);
  });
});

describe('MediaStore: object first, then the row', () => {
  it('a row that cannot be written takes its new object back: no row, no object', async () => {
    const store = await openTestStore();
    const postgres = dialectOf(store.db) === 'postgres';
    // The database refuses this one file row, after its object has been stored.
    if (postgres) {
      await sql`CREATE FUNCTION refuse_file() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'forced failure'; END $$`.execute(store.db);
      await sql`CREATE TRIGGER refuse_file BEFORE INSERT ON media_files FOR EACH ROW
        EXECUTE FUNCTION refuse_file()`.execute(store.db);
    } else {
      await sql`CREATE TRIGGER refuse_file BEFORE INSERT ON media_files
        BEGIN SELECT RAISE(ABORT, 'forced failure'); END`.execute(store.db);
    }
    const bytes = await png(30);
    await assert.rejects(store.addBuffer('neko', bytes), /forced failure/);
    assert.deepEqual(await storedObjects(store), []);
    assert.equal((await store.stats()).files, 0);

    await sql`DROP TRIGGER refuse_file${sql.raw(postgres ? ' ON media_files' : '')}`.execute(store.db);
    assert.equal((await store.addBuffer('neko', bytes)).outcome, 'added');
    assert.equal((await storedObjects(store)).length, 1);
  });
});
