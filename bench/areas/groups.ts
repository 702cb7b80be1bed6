import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { GroupsTable } from '../../src/db/tables/groups.js';
import { parseSubmission } from '../../src/directory/groups/group-submission.js';
import { seededRandom } from '../../src/lib/deterministic.js';
import { againstBaseline } from '../lib/against-baseline.js';
import type { BenchArea, BenchRow } from '../lib/types.js';

const GROUPS = 10_000;
const PLATFORMS = [
  ['WhatsApp', 'https://chat.whatsapp.com/'],
  ['Telegram', 'https://t.me/'],
  ['Discord', 'https://discord.gg/'],
  ['Signal', 'https://signal.group/#'],
  ['Matrix', 'https://matrix.to/#/#room'],
] as const;
const CATEGORIES = ['Anime', 'Gaming', 'Music', 'Study', 'Sports', 'Tech', 'Art', 'Movies'];
const WORDS = [
  'friendly',
  'daily',
  'memes',
  'chat',
  'community',
  'weekly',
  'events',
  'tips',
  'news',
  'fans',
  'beginners',
  'advanced',
  'local',
  'global',
  'quiet',
  'active',
  'english',
  'deutsch',
  'español',
  'ramen',
];
/** Appears in about one group in twenty: a realistic, selective search. */
const SEARCH_TERM = 'naruto';

/** 10,000 verified groups with varied words, spread over platforms, categories and two years. */
async function seed(app: FastifyInstance) {
  const random = seededRandom('bench-groups');
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const start = Date.UTC(2024, 0, 1);
  const rows: Insertable<GroupsTable>[] = [];
  for (let i = 0; i < GROUPS; i++) {
    const [platform, linkBase] = pick(PLATFORMS);
    const words = Array.from({ length: 12 }, () => pick(WORDS));
    if (random() < 0.05) words.push(SEARCH_TERM);
    const parsed = parseSubmission({
      title: `${pick(CATEGORIES)} ${words[0]} ${words[1]} #${i}`,
      platform,
      category: pick(CATEGORIES),
      inviteLink: `${linkBase}bench${i}`,
      description: `${words.join(' ')}. A ${words[2]} group for ${words[3]} people.`,
      tags: words.slice(4, 7).join(','),
    });
    if (!parsed.ok) throw new Error(`bench group ${i}: ${JSON.stringify(parsed.errors)}`);
    const g = parsed.value;
    const createdAt = new Date(start + i * 6000_000).toISOString();
    rows.push({
      title: g.title,
      platform: g.platform,
      platform_key: g.platformKey,
      category: g.category,
      category_key: g.categoryKey,
      invite_link: g.inviteLink,
      description: g.description,
      tags: JSON.stringify(g.tags),
      search_text: g.searchText,
      logo_file: null,
      external_image_url: null,
      likes: Math.floor(random() * 200),
      is_verified: 1,
      submitted_by: null,
      created_at: createdAt,
      verified_at: createdAt,
    });
  }
  await app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('groups')
        .values(rows.slice(i, i + 500))
        .execute();
  });
}

export const area: BenchArea = {
  name: 'groups',
  setup: seed,
  async run(ctx) {
    const rows: BenchRow[] = [];
    const measure = async (name: string, path: string, target: string, p99Target?: string) => {
      const check = await fetch(`${ctx.baseUrl}${path}`);
      const body = (await check.json()) as unknown[];
      if (check.status !== 200 || body.length === 0)
        throw new Error(`${path}: ${check.status}, ${body.length} groups`);
      rows.push(...(await againstBaseline(ctx, 'groups', name, path, { target, p99Target })));
    };
    // Warm the JIT and the page cache alike for every row, so the first row is not the cold one.
    for (const path of [
      '/api/groups',
      '/api/groups?platform=telegram',
      `/api/groups?search=${SEARCH_TERM}`,
    ]) {
      await ctx.load(path, { duration: 1 });
    }
    await measure('GET /api/groups (first page of 50)', '/api/groups', '≥ 0.55');
    await measure('GET /api/groups?platform=telegram', '/api/groups?platform=telegram', 'report');
    await measure(
      `GET /api/groups?search=${SEARCH_TERM}`,
      `/api/groups?search=${SEARCH_TERM}`,
      'report',
      '< 20 ms (SQLite)',
    );
    // The rows above are mostly served from the page cache, as repeated popular requests are.
    // This one is not: a different word each time, none of which matches, so every request walks
    // all 10,000 groups (the worst case of a search).
    let n = 0;
    const uncached = await ctx.medianMs(30, async () => {
      const response = await fetch(`${ctx.baseUrl}/api/groups?search=nomatch${n++}`);
      await response.arrayBuffer();
    });
    rows.push({
      area: 'groups',
      name: 'GET /api/groups?search=<no match>, uncached, median of 30',
      value: uncached,
      unit: 'ms',
      target: 'report',
    });
    return rows;
  },
};
