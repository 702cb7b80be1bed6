import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../src/db/database.js';
import type { GroupsTable } from '../../../src/db/tables/groups.js';
import { hashPassword } from '../../../src/directory/auth/passwords.js';
import { parseSubmission } from '../../../src/directory/groups/group-submission.js';

/** Words the benchmark searches for: in about a third of the groups, in 10 per size band, in none. */
export const COMMON_WORD = 'friendly';
export const RARE_WORD = 'zanzibar';
export const MISSING_WORD = 'nomatchxyz';

export const USERS = 2000;
export const PASSWORD = 'bench password 1';
export const ADMIN = 'benchadmin';
export const MEMBER = 'benchmember';

const PLATFORMS = [
  ['WhatsApp', 'https://chat.whatsapp.com/'],
  ['Telegram', 'https://t.me/'],
  ['Discord', 'https://discord.gg/'],
  ['Signal', 'https://signal.group/#'],
  ['Matrix', 'https://matrix.to/#/#room'],
  ['Guilded', 'https://guilded.gg/'],
] as const;
const CATEGORIES = [
  'Anime',
  'Gaming',
  'Music',
  'Study',
  'Sports',
  'Tech',
  'Art',
  'Movies',
  'Books',
  'Food',
  'Travel',
  'anime',
];

/** A small fast PRNG (mulberry32): millions of draws, the same every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Some thousands of pseudo-words, drawn with a long tail as words of real text are. */
const SYLLABLES = ['ka', 'mi', 'to', 'ra', 'ne', 'su', 'ho', 'ri', 'an', 'el', 'ur', 'ov', 'ta', 'go', 'li'];
const VOCABULARY = Array.from({ length: 3000 }, (_, i) =>
  [i % 15, Math.floor(i / 15) % 15, Math.floor(i / 225) % 15].map((k) => SYLLABLES[k]).join(''),
);

/** Users (one admin, one member the benchmark logs in as), all with the same password. */
export async function seedUsers(db: Kysely<Database>): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const created = new Date(Date.UTC(2019, 0, 1)).toISOString();
  const rows = Array.from({ length: USERS }, (_, i) => {
    const username = i === 0 ? ADMIN : i === 1 ? MEMBER : `user${i}`;
    return {
      username,
      username_key: username,
      username_skeleton: username,
      email: `${username}@bench.example`,
      email_key: `${username}@bench.example`,
      password_hash: hash,
      role: i === 0 ? 'admin' : 'user',
      is_verified: i % 2,
      created_at: created,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * Groups number `from` up to `to` (exclusive), newer the higher the number, as a directory grows;
 * multi-row INSERTs of 500, 20,000 to a transaction, progress as they go. The triggers keep the
 * search index and the counters in step, as for any write. A like or two on some groups, with
 * the group's counter to match.
 */
export async function seedGroups(
  db: Kysely<Database>,
  from: number,
  to: number,
  log: (line: string) => void,
): Promise<void> {
  const random = prng(from + 1);
  const word = () => VOCABULARY[Math.floor(random() ** 2.5 * VOCABULARY.length)];
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  // The rare word: 10 groups spread over each band of sizes (below 10k, to 100k, to 1M, …).
  const bandStart = (n: number) => (n < 10_000 ? 0 : 10 ** Math.floor(Math.log10(n)));
  const rare = (n: number) => {
    const start = bandStart(n);
    const width = (start === 0 ? 10_000 : start * 10) - start;
    return (n - start) % Math.floor(width / 10) === 7;
  };
  const started = Date.now();
  const base = Date.UTC(2020, 0, 1);
  for (let chunk = from; chunk < to; chunk += 20_000) {
    const end = Math.min(chunk + 20_000, to);
    const groups: Insertable<GroupsTable>[] = [];
    const likes: Array<{ group: number; users: number[] }> = [];
    for (let n = chunk; n < end; n++) {
      const [platform, link] = pick(PLATFORMS);
      const words = Array.from({ length: 10 + Math.floor(random() * 12) }, word);
      if (random() < 0.3) words.splice(Math.floor(random() * words.length), 0, COMMON_WORD);
      if (rare(n)) words.push(RARE_WORD);
      const parsed = parseSubmission({
        title: `${words[0]} ${words[1]} ${n}`,
        platform,
        category: pick(CATEGORIES),
        inviteLink: `${link}scale${n}`,
        description: `${words.join(' ')}.`,
        tags: [word(), word()].join(','),
      });
      if (!parsed.ok) throw new Error(`group ${n}: ${JSON.stringify(parsed.errors)}`);
      const g = parsed.value;
      const verified = random() < 0.9;
      const fans = verified && random() < 0.4 ? 1 + Math.floor(random() * 2) : 0;
      // Half a minute apart, a few seconds of jitter: now and then out of id order.
      const createdAt = new Date(base + n * 30_000 + Math.floor(random() * 5000)).toISOString();
      groups.push({
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
        likes: fans,
        is_verified: verified ? 1 : 0,
        submitted_by: 3 + Math.floor(random() * (USERS - 3)),
        created_at: createdAt,
        verified_at: verified ? createdAt : null,
      });
      // Never by the admin (id 1) or the member the benchmark likes as (id 2).
      likes.push({
        group: n,
        users: Array.from({ length: fans }, (_, k) => 3 + ((n + k * 7) % (USERS - 3))),
      });
    }
    await db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (let i = 0; i < groups.length; i += 500) {
        const inserted = await trx
          .insertInto('groups')
          .values(groups.slice(i, i + 500))
          .returning('id')
          .execute();
        ids.push(...inserted.map((row) => row.id));
      }
      const likeRows = likes.flatMap((like, i) =>
        like.users.map((user_id) => ({ group_id: ids[i], user_id, created_at: groups[i].created_at })),
      );
      for (let i = 0; i < likeRows.length; i += 2000) {
        await trx
          .insertInto('group_likes')
          .values(likeRows.slice(i, i + 2000))
          .execute();
      }
    });
    const seconds = (Date.now() - started) / 1000;
    log(
      `    ${end.toLocaleString('en')} groups (${Math.round((end - from) / seconds).toLocaleString('en')}/s)`,
    );
  }
  await sql`analyze`.execute(db);
}
