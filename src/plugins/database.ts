import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { createDatabase, type Database, type Dialect } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
  }
}

/** Opens the database, brings its schema up to date and closes it with the app. */
async function databasePlugin(app: FastifyInstance) {
  const { db, dialect } = createDatabase({
    ...app.config,
    onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
  });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
}

export default fp(databasePlugin, { name: 'database', decorators: { fastify: ['config'] } });
