import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DiskBlobBackend } from '../../src/lib/storage/disk-blob-backend.js';
import { menuCaption } from '../../src/media/menu-card.js';
import {
  BUNDLED_MENU_PATH,
  MENU_SECTIONS,
  MenuFileError,
  MenuStore,
  parseMenuFile,
} from '../../src/media/menu-data.js';

const dir = mkdtempSync(join(tmpdir(), 'kizuna-menu-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const bundled = readFileSync(BUNDLED_MENU_PATH, 'utf8');

describe('menu data', () => {
  it('the bundled file defines the four sections with commands', () => {
    const menu = parseMenuFile(bundled, BUNDLED_MENU_PATH);
    for (const section of MENU_SECTIONS) assert.ok(menu.sections[section].commands.length > 0, section);
  });

  it('a broken file is refused with the place of the problem', () => {
    assert.throws(() => parseMenuFile('{', 'x.json'), /not valid JSON/);
    const missing = JSON.parse(bundled);
    delete missing.sections.fun;
    assert.throws(() => parseMenuFile(JSON.stringify(missing), 'x.json'), MenuFileError);
  });

  it('menu.json in the file storage (DATA_DIR) wins over the bundled file, and edits show without a restart', async () => {
    const store = new MenuStore(new DiskBlobBackend(dir));
    assert.equal((await store.load()).botName, 'Kizuna');
    const custom = JSON.parse(bundled);
    custom.botName = 'Hoshi';
    const override = join(dir, 'menu.json');
    writeFileSync(override, JSON.stringify(custom));
    assert.equal((await store.load()).botName, 'Hoshi');
    custom.botName = 'Hoshi 2';
    writeFileSync(override, JSON.stringify(custom));
    const later = new Date(Date.now() + 5000);
    utimesSync(override, later, later);
    assert.equal((await store.load()).botName, 'Hoshi 2');
  });

  it('a broken override is reported and the last good menu kept', async () => {
    const errors: Error[] = [];
    const sub = mkdtempSync(join(dir, 'broken-'));
    const store = new MenuStore(new DiskBlobBackend(sub), { onError: (e) => errors.push(e) });
    writeFileSync(join(sub, 'menu.json'), '{"botName": 1}');
    const menu = await store.load();
    assert.equal(menu.botName, 'Kizuna');
    assert.equal(errors.length, 1);
  });
});

describe('menuCaption', () => {
  it('is a ready chat message: bold title, one line per command with the prefix, footer in italics', () => {
    const menu = parseMenuFile(bundled, BUNDLED_MENU_PATH);
    const caption = menuCaption(menu, 'system');
    const lines = caption.split('\n');
    assert.equal(lines[0], '*Kizuna · System menu*');
    assert.ok(lines.includes('• .ping — Is the bot alive?'));
    assert.equal(lines.at(-1), `_${menu.footer}_`);
  });
});
