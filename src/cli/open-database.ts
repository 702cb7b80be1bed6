import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** The database as the server would open it, schema brought up to date, for operator commands. */
export async function openDatabase() {
  // ADMIN_* here is the admin command's own input, not the server's start-up bootstrap.
  const config = loadConfig({
    ...process.env,
    ADMIN_USERNAME: undefined,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
  });
  const { db } = createDatabase(config);
  const applied = await migrateToLatest(db);
  return { db, config, applied };
}
