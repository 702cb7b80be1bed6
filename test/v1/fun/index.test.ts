import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { funTestClient } from './fun-test-client.js';

const { app } = funTestClient();

describe('catalog', () => {
  it('registers every fun endpoint and a fun section with languages, trivia filters and dataset sizes', async () => {
    const paths = app()
      .catalog.routes.filter((r) => r.path.startsWith('/api/v1/fun/'))
      .map((r) => r.path);
    const names = ['trivia', 'rps', 'aura', 'pickup', 'compliment', 'truth', 'dare', 'wyr', '8ball'];
    assert.deepEqual([...paths].sort(), names.map((n) => `/api/v1/fun/${n}`).sort());
    const { fun } = (await app().catalog.snapshot()) as {
      fun: {
        languages: string[];
        trivia: { categories: Array<{ key: string; de: string }>; difficulties: string[] };
        sizes: Record<string, Record<string, number>>;
      };
    };
    assert.deepEqual(fun.languages, ['en', 'de']);
    assert.deepEqual(fun.trivia.difficulties, ['easy', 'medium', 'hard']);
    assert.ok(
      fun.trivia.categories.some(
        (c: { key: string; de: string }) => c.key === 'space' && c.de === 'Weltraum',
      ),
    );
    assert.ok(fun.sizes.de.trivia >= 300 && fun.sizes.en.eightBall >= 100);
  });
});
