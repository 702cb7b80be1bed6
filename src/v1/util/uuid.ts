import { randomUUID } from 'node:crypto';

/** `count` version 4 UUIDs from the operating system's CSPRNG. */
export function generateUuids(count: number): string[] {
  // A plain loop: Array.from({ length }) cost more than the UUID itself on this hot route.
  const uuids: string[] = [];
  for (let i = 0; i < count; i++) uuids.push(randomUUID());
  return uuids;
}
