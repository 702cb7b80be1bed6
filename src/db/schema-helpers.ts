import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from './database.js';

/** Adds an auto-incrementing integer primary key `id` the way each dialect spells it. */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
