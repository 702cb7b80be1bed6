import '../require-supported-node.js';
import { ConfigError } from '../config.js';
import { openDatabase } from './open-database.js';

// npm run db:migrate — applies every pending migration to DATABASE_URL (or the SQLite file).
try {
  const { db, applied } = await openDatabase();
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'schema is up to date');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
