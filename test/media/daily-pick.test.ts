import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailyPick } from '../../src/media/daily-pick.js';

const item = (n: number, created_at = '2024-01-01T00:00:00.000Z') => ({
  sha256: n.toString(16).padStart(64, '0'),
  created_at,
});

describe('dailyPick', () => {
  const date = '2024-06-10';
  const pool = Array.from({ length: 40 }, (_, i) => item(i + 1));

  it('is the same for the same day and list, in any order', () => {
    const chosen = dailyPick(pool, date, 'test');
    assert.equal(dailyPick([...pool].reverse(), date, 'test'), chosen);
  });

  it('removing or adding other items does not move the choice', () => {
    const chosen = dailyPick(pool, date, 'test');
    const others = pool.filter((i) => i !== chosen);
    for (let cut = 0; cut < 10; cut++) {
      const fewer = [chosen, ...others.filter((_, i) => i % 10 !== cut)];
      assert.equal(dailyPick(fewer, date, 'test'), chosen);
    }
  });

  it('items created on the day itself wait for the next one', () => {
    const old = item(1000, '2024-06-09T21:59:59.999Z');
    const today = Array.from({ length: 50 }, (_, i) => item(2000 + i, '2024-06-09T22:00:00.000Z'));
    assert.equal(dailyPick([...today, old], date, 'test'), old);
    const tomorrow = dailyPick([...today, old], '2024-06-11', 'test');
    assert.ok([...today, old].includes(tomorrow));
  });

  it('when nothing existed at the start of the day, every item takes part', () => {
    const today = Array.from({ length: 5 }, (_, i) => item(3000 + i, '2024-06-10T08:00:00.000Z'));
    assert.ok(today.includes(dailyPick(today, date, 'test')));
  });

  it('changes from day to day', () => {
    const picks = new Set(
      ['2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13', '2024-06-14'].map((d) =>
        dailyPick(pool, d, 'test'),
      ),
    );
    assert.ok(picks.size > 1);
  });
});
