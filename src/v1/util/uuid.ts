import { randomUUID } from 'node:crypto';

/** `count` version 4 UUIDs from the operating system's CSPRNG. */
export function generateUuids(count: number): string[] {
  return Array.from({ length: count }, () => randomUUID());
}
