import '../require-supported-node.js';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { ConfigError } from '../config.js';
import type { Database } from '../db/database.js';
import { rewriteSearchColumn } from '../db/search-column.js';
import { ensureAdmin } from '../directory/admin/bootstrap-admin.js';
import { newAccountProblems } from '../directory/auth/account-fields.js';
import { rebuildSearchIndex } from '../directory/groups/search-index-repository.js';
import { recountStatCounters } from '../directory/stats/stats-repository.js';
import { findUserByLogin, listLatestUsers, updateUser } from '../directory/users/users-repository.js';
import { openDatabase } from './open-database.js';

const USAGE = `usage:
  npm run admin -- create <username> <email>   password from ADMIN_PASSWORD, or asked for
  npm run admin -- promote <username-or-email>
  npm run admin -- demote <username-or-email>
  npm run admin -- list [--limit N]
  npm run admin -- reindex                     rebuild the search index and the statistics counters`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  const password = await rl.question('password: ');
  rl.close();
  return password;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { limit: { type: 'string', default: '100' } },
  });
  const [command, ...args] = positionals;
  if (!command || !['create', 'promote', 'demote', 'list', 'reindex'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const { db } = await openDatabase();
  try {
    if (command === 'create') {
      const [username, email] = args;
      if (!username || !email) throw new UsageError(USAGE);
      const password = await readPassword();
      // The rules of registration: an operator cannot make an account the API would have refused.
      const problems = newAccountProblems({ username, email, password });
      if (problems.length > 0) {
        throw new UsageError(problems.map(({ field, rule }) => `the ${field} ${rule}`).join('\n'));
      }
      console.log(`${username}: ${await ensureAdmin(db, { username, email, password })}`);
    } else if (command === 'promote' || command === 'demote') {
      const [login] = args;
      if (!login) throw new UsageError(USAGE);
      const user = await findUserByLogin(db, login);
      if (!user) throw new UsageError(`no user "${login}"`);
      await updateUser(
        db,
        user.id,
        command === 'promote' ? { role: 'admin', isVerified: true } : { role: 'user' },
      );
      console.log(`${user.username}: now ${command === 'promote' ? 'admin' : 'user'}`);
    } else if (command === 'reindex') {
      await reindex(db);
    } else {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError('--limit takes a positive whole number');
      for (const u of await listLatestUsers(db, limit)) {
        console.log(
          [u.id, u.username, u.email, u.role, u.is_verified ? 'verified' : 'unverified', u.created_at].join(
            '\t',
          ),
        );
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

/**
 * Rebuilds what the database derives from the tables: the search column of every group (for a
 * change of normalisation), the full-text index and the statistics counters. Safe while the
 * service runs: everything goes in short slices but the final recount (about a second per
 * million groups, writers wait meanwhile).
 */
async function reindex(db: Kysely<Database>) {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  console.log('search column: bringing every group to the current normalisation');
  const rewritten = await rewriteSearchColumn(db, {
    batch: 5000,
    onProgress: (done, changed) => console.log(`  ${done} groups read, ${changed} rewritten (${elapsed()})`),
  });
  console.log(`search column: ${rewritten} rewritten`);
  console.log('search index: building anew');
  await rebuildSearchIndex(db, {
    batch: 20_000,
    onProgress: ({ done, total }) => console.log(`  ${done} of ${total} groups indexed (${elapsed()})`),
  });
  console.log(`search index: done (${elapsed()})`);
  console.log('statistics: counting anew');
  await recountStatCounters(db);
  console.log(`statistics: done (${elapsed()})`);
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
