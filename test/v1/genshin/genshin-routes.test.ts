import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertProblem, type ProblemBody } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

describe('Genshin routes', () => {
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url });

  before(async () => {
    app = await buildTestApp();
  });

  const refusesElement = async (url: string) => {
    const response = await get(url);
    assertProblem(response, 400, 'VALIDATION_FAILED', url);
    assert.equal(response.json().errors[0].field, 'element');
    assert.match(response.json().errors[0].message, /anemo, cryo, dendro, electro, geo, hydro, none, pyro/);
  };

  describe('GET /api/v1/genshin/characters', () => {
    it('lists every character with name, element, weapon, rarity, region and images', async () => {
      const response = await get('/api/v1/genshin/characters');
      assert.equal(response.statusCode, 200);
      const { count, characters } = response.json();
      assert.equal(count, 120);
      assert.equal(characters.length, 120);
      const hutao = characters.find((c: { name: string }) => c.name === 'Hu Tao');
      assert.equal(hutao.element, 'Pyro');
      assert.equal(hutao.weapon, 'Polearm');
      assert.equal(hutao.rarity, 5);
      assert.equal(hutao.region, 'Liyue');
      // Our own URLs only: the picture's route until it has been stored, then the stored file.
      assert.equal(hutao.images.icon, 'http://localhost:80/api/v1/genshin/characters/hutao/images/icon');
      for (const character of characters)
        for (const url of Object.values(character.images as Record<string, string | null>))
          if (url !== null) assert.match(url, /^http:\/\/localhost:80\/api\/v1\//);
    });

    it('filters by element in any case', async () => {
      const upper = (await get('/api/v1/genshin/characters?element=CRYO')).json();
      const lower = (await get('/api/v1/genshin/characters?element=cryo')).json();
      assert.deepEqual(upper, lower);
      assert.ok(upper.count > 10);
      assert.ok(upper.characters.every((c: { element: string }) => c.element === 'Cryo'));
    });

    it('refuses an unknown element with 400 listing the valid ones', async () => {
      await refusesElement('/api/v1/genshin/characters?element=fire');
      await refusesElement('/api/v1/genshin/characters?element=');
    });
  });

  describe('GET /api/v1/genshin/characters/:name', () => {
    it('finds a character by name in any case', async () => {
      for (const name of ['Raiden%20Shogun', 'raiden%20shogun', 'RAIDENSHOGUN', 'raiden']) {
        const response = await get(`/api/v1/genshin/characters/${name}`);
        assert.equal(response.statusCode, 200, name);
        assert.equal(response.json().name, 'Raiden Shogun');
        assert.equal(response.json().element, 'Electro');
      }
    });

    it('404s for an unknown name', async () => {
      const response = await get('/api/v1/genshin/characters/Nobody%20Atall');
      assertProblem(response, 404, 'NOT_FOUND');
      assert.match(response.json().detail, /Nobody Atall/);
    });

    it('knows aliases: childe is Tartaglia', async () => {
      const response = await get('/api/v1/genshin/characters/childe');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().name, 'Tartaglia');
    });

    for (const [asked, candidates] of [
      ['kamisato', ['Kamisato Ayaka', 'Kamisato Ayato']],
      ['traveler', ['Aether', 'Lumine']],
    ] as const) {
      it(`404s for "${asked}" with a detail and a candidates member listing ${candidates.join(' and ')}`, async () => {
        const response = await get(`/api/v1/genshin/characters/${asked}`);
        const body = assertProblem(response, 404, 'NOT_FOUND') as ProblemBody & { candidates: string[] };
        for (const name of candidates) assert.match(body.detail, new RegExp(name));
        assert.deepEqual(body.candidates, candidates);
      });
    }

    it('answers a character without some images with those images null, not missing', async () => {
      const response = await get('/api/v1/genshin/characters/Manekin');
      assert.equal(response.statusCode, 200);
      const { images } = response.json();
      assert.deepEqual(Object.keys(images), ['icon', 'sideIcon', 'card', 'portrait', 'cover', 'avatar']);
      assert.equal(images.card, null);
      assert.equal(images.icon, 'http://localhost:80/api/v1/genshin/characters/manekin/images/icon');
    });

    it('refuses an overlong name with 400', async () => {
      const response = await get(`/api/v1/genshin/characters/${'x'.repeat(65)}`);
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().errors[0].field, 'name');
    });
  });

  describe('GET /api/v1/genshin/random', () => {
    it('gives a character, of the element asked for', async () => {
      const any = await get('/api/v1/genshin/random');
      assert.equal(any.statusCode, 200);
      assert.ok(any.json().name);
      assert.equal(any.headers['cache-control'], 'no-store');
      for (let i = 0; i < 5; i++) {
        assert.equal((await get('/api/v1/genshin/random?element=Hydro')).json().element, 'Hydro');
      }
    });

    it('refuses an unknown element with 400 listing the valid ones', async () => {
      await refusesElement('/api/v1/genshin/random?element=water');
    });
  });

  it('shows the roster in the catalog', async () => {
    const response = await get('/api/v1/endpoints');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().genshin.characters, 120);
    assert.ok(response.json().genshin.elements.includes('Pyro'));
  });
});
