import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toGenshinCharacter } from '../../../src/v1/genshin/character.js';
import { genshinRoster, nameKey } from '../../../src/v1/genshin/characters.js';

describe('the Genshin roster', () => {
  const roster = genshinRoster();

  it('holds every playable character of the extract with the fields bots need', () => {
    assert.equal(roster.characters.length, 120);
    for (const c of roster.characters) {
      assert.ok(c.name && c.element && c.weapon, c.name);
      assert.ok(c.rarity === 4 || c.rarity === 5, `${c.name} rarity ${c.rarity}`);
      assert.match(c.images.icon ?? '', /^https:\/\/\S+$/, `${c.name} has an icon`);
    }
    assert.equal(new Set(roster.characters.map((c) => nameKey(c.name))).size, roster.characters.length);
  });

  it('knows the seven elements (and None for the Traveler)', () => {
    assert.deepEqual(roster.elements, ['Anemo', 'Cryo', 'Dendro', 'Electro', 'Geo', 'Hydro', 'None', 'Pyro']);
    assert.equal(roster.element(' PYRO '), 'Pyro');
    assert.equal(roster.element('fire'), null);
  });

  it('finds a character by name in any case or spacing, or by a unique part of it', () => {
    assert.equal(roster.find('Hu Tao')?.region, 'Liyue');
    assert.equal(roster.find('hutao')?.name, 'Hu Tao');
    assert.equal(roster.find('HU-TAO')?.name, 'Hu Tao');
    assert.equal(roster.find('kazuha')?.name, 'Kaedehara Kazuha');
    assert.equal(roster.find('kamisato'), null, 'two Kamisatos: ambiguous');
    assert.equal(roster.find('Nobody'), null);
    assert.equal(roster.find('  '), null);
  });

  const names = (match: ReturnType<typeof roster.match>) =>
    'character' in match ? match.character.name : match.candidates.map((c) => c.name);

  it('knows the names players use that the data does not have', () => {
    assert.equal(names(roster.match('childe')), 'Tartaglia');
    assert.equal(names(roster.match('Childe')), 'Tartaglia');
    assert.equal(names(roster.match('scaramouche')), 'Wanderer');
    assert.equal(names(roster.match('Raiden Ei')), 'Raiden Shogun');
    assert.deepEqual(names(roster.match('traveler')), ['Aether', 'Lumine']);
    assert.deepEqual(names(roster.match('Traveller')), ['Aether', 'Lumine']);
    assert.equal(names(roster.match('aether')), 'Aether');
  });

  it('lists the candidates of an ambiguous name or prefix, and finds a unique prefix', () => {
    assert.deepEqual(names(roster.match('kamisato')), ['Kamisato Ayaka', 'Kamisato Ayato']);
    assert.deepEqual(names(roster.match('Kamisato A')), ['Kamisato Ayaka', 'Kamisato Ayato']);
    assert.deepEqual(names(roster.match('xia')), ['Xiangling', 'Xianyun', 'Xiao']);
    assert.equal(names(roster.match('neuvi')), 'Neuvillette');
    assert.equal(names(roster.match('ayat')), 'Kamisato Ayato');
    assert.equal(names(roster.match('manekin')), 'Manekin', 'a full name wins over a longer one it starts');
    assert.deepEqual(names(roster.match('xi')), [], 'two letters are no prefix');
    assert.deepEqual(names(roster.match('nobody')), []);
  });

  it('has every image field in every record: an https URL from the dataset, or null', () => {
    const fields = ['icon', 'sideIcon', 'card', 'portrait', 'cover', 'avatar'];
    for (const c of roster.characters) {
      assert.deepEqual(Object.keys(c.images), fields, c.name);
      for (const url of Object.values(c.images)) {
        assert.ok(
          url === null || /^https:\/\/[^/]*(mihoyo|hoyoverse|hoyolab|nocookie)\./.test(url),
          `${c.name}: ${url}`,
        );
      }
    }
  });

  it('filters by element and picks randomly within it', () => {
    const pyro = roster.list('Pyro');
    assert.ok(pyro.length > 10 && pyro.every((c) => c.element === 'Pyro'));
    for (let i = 0; i < 20; i++) assert.equal(roster.random('Cryo')?.element, 'Cryo');
    assert.equal(roster.list().length, 120);
  });
});

describe('toGenshinCharacter', () => {
  const raw = {
    id: 10000046,
    name: 'Hu Tao',
    title: 'Fragrance in Thaw',
    elementText: 'Pyro',
    weaponText: 'Polearm',
    rarity: 5,
    region: '',
    images: {
      mihoyo_icon: 'https://upload.example/UI_AvatarIcon_Hutao.png',
      hoyowiki_icon: 'https://wiki.example/Hu Tao_icon.png',
      card: 'http://insecure.example/card.jpg',
    },
    url: { fandom: 'https://genshin-impact.fandom.com/wiki/Hu_Tao' },
  };

  it('keeps the fields, turns empty ones into null and keeps only https image URLs', () => {
    const character = toGenshinCharacter(raw);
    assert.equal(character?.element, 'Pyro');
    assert.equal(character?.region, null);
    assert.equal(character?.images.icon, 'https://upload.example/UI_AvatarIcon_Hutao.png');
    assert.equal(character?.images.card, null);
    assert.equal(character?.wikiUrl, 'https://genshin-impact.fandom.com/wiki/Hu_Tao');
  });

  it('falls back to the wiki icon, with spaces encoded', () => {
    const character = toGenshinCharacter({ ...raw, images: { hoyowiki_icon: raw.images.hoyowiki_icon } });
    assert.equal(character?.images.icon, 'https://wiki.example/Hu%20Tao_icon.png');
  });

  it('refuses records without id, name, element, weapon or rarity', () => {
    for (const field of ['id', 'name', 'elementText', 'weaponText', 'rarity']) {
      assert.equal(toGenshinCharacter({ ...raw, [field]: undefined }), null, field);
    }
    assert.equal(toGenshinCharacter('Hu Tao'), null);
  });
});
