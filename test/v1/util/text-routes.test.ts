import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertBadRequest } from '../../helpers/assert-problem.js';
import { buildTestApp } from '../../helpers/test-app.js';

let app: FastifyInstance;
before(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 100_000 });
});
const get = (url: string, query?: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, query });

describe('GET /api/v1/util/hash', () => {
  it('gives the SHA-256 hex digest by default', async () => {
    const response = await get('/util/hash', { text: 'hello' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      algo: 'sha256',
      hash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
  });
  it('supports md5, sha1, sha256 and sha512', async () => {
    const lengths = { md5: 32, sha1: 40, sha256: 64, sha512: 128 };
    for (const [algo, length] of Object.entries(lengths)) {
      const body = (await get('/util/hash', { text: 'hello', algo })).json();
      assert.equal(body.algo, algo);
      assert.match(body.hash, new RegExp(`^[0-9a-f]{${length}}$`));
    }
    assert.equal(
      (await get('/util/hash', { text: 'hello', algo: 'md5' })).json().hash,
      '5d41402abc4b2a76b9719d911017c592',
    );
  });
  it('hashes the empty text and texts up to 10,000 characters; 10,001 is refused', async () => {
    assert.equal((await get('/util/hash', { text: '' })).statusCode, 200);
    assert.equal((await get('/util/hash', { text: 'a'.repeat(10_000) })).statusCode, 200);
    assertBadRequest(await get('/util/hash', { text: 'a'.repeat(10_001) }), 'text');
  });
  it('refuses a missing text and an unknown algorithm, naming them', async () => {
    assertBadRequest(await get('/util/hash'), 'text');
    assertBadRequest(await get('/util/hash', { text: 'x', algo: 'sha3' }), 'algo');
  });
});

describe('GET /api/v1/util/base64', () => {
  it('encodes by default and decodes with mode=decode', async () => {
    assert.deepEqual((await get('/util/base64', { text: 'Grüße' })).json(), {
      mode: 'encode',
      result: 'R3LDvMOfZQ==',
    });
    assert.deepEqual((await get('/util/base64', { text: 'R3LDvMOfZQ==', mode: 'decode' })).json(), {
      mode: 'decode',
      result: 'Grüße',
    });
  });
  it('decodes URL-safe input without padding', async () => {
    assert.equal((await get('/util/base64', { text: 'Pz8-', mode: 'decode' })).json().result, '??>');
  });
  it('refuses invalid Base64 and an unknown mode, naming the field', async () => {
    assertBadRequest(await get('/util/base64', { text: 'not base64!', mode: 'decode' }), 'text');
    assertBadRequest(await get('/util/base64', { text: '/w==', mode: 'decode' }), 'text');
    assertBadRequest(await get('/util/base64', { text: 'x', mode: 'compress' }), 'mode');
    assertBadRequest(await get('/util/base64'), 'text');
  });
});

describe('GET /api/v1/util/slugify', () => {
  it('maps umlauts and ß, upper case too, and strips other accents', async () => {
    assert.deepEqual((await get('/util/slugify', { text: 'Ärger über Öl & Straße' })).json(), {
      slug: 'aerger-ueber-oel-and-strasse',
    });
    assert.equal(
      (await get('/util/slugify', { text: 'ÜBER Café Déjà-vu' })).json().slug,
      'ueber-cafe-deja-vu',
    );
  });
  it('refuses text with nothing that fits a slug, and a missing text', async () => {
    assertBadRequest(await get('/util/slugify', { text: '!!! ???' }), 'text');
    assertBadRequest(await get('/util/slugify'), 'text');
  });
});

describe('GET /api/v1/util/lorem', () => {
  const count = (text: string) => text.split(' ').length;
  it('gives 50 words by default, starting with Lorem ipsum', async () => {
    const body = (await get('/util/lorem')).json();
    assert.equal(body.words, 50);
    assert.equal(count(body.text), 50);
    assert.match(body.text, /^Lorem ipsum/);
  });
  it('accepts 1 and 500 words and refuses 0 and 501', async () => {
    assert.deepEqual((await get('/util/lorem?words=1')).json(), { words: 1, text: 'Lorem.' });
    assert.equal(count((await get('/util/lorem?words=500')).json().text), 500);
    assertBadRequest(await get('/util/lorem?words=0'), 'words');
    assertBadRequest(await get('/util/lorem?words=501'), 'words');
    assertBadRequest(await get('/util/lorem?words=many'), 'words');
  });
});
