import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import Tokens from '@fastify/csrf';
import { csrfTokenFor } from '../../src/lib/csrf-token.js';
import { RandomPool } from '../../src/lib/random-pool.js';

describe('csrfTokenFor', () => {
  const tokens = Tokens({});
  const secrets = new RandomPool();

  it('makes tokens that @fastify/csrf verifies for their secret, and for no other', () => {
    for (let i = 0; i < 500; i++) {
      const secret = secrets.base64url(18);
      const token = csrfTokenFor(secret);
      assert.ok(tokens.verify(secret, token), token);
      assert.equal(tokens.verify(secrets.base64url(18), token), false);
    }
  });

  it('has the shape of the library’s tokens: a base62 salt of 8, a dash, the SHA-256 of salt-secret', () => {
    const secret = secrets.base64url(18);
    const token = csrfTokenFor(secret);
    const [, salt, digest] = /^([A-Za-z0-9]{8})-([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
    assert.ok(salt, token);
    assert.equal(digest, createHash('sha256').update(`${salt}-${secret}`).digest('base64url'));
    assert.equal(token.length, tokens.create(secret).length);
  });

  it('salts every token anew', () => {
    const secret = secrets.base64url(18);
    const made = new Set(Array.from({ length: 200 }, () => csrfTokenFor(secret)));
    assert.equal(made.size, 200);
  });
});
