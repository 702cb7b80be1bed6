import type { Kysely } from 'kysely';

// The downloads area's tables. Until that area lands this migration creates nothing.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
