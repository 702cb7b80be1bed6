/** True when the error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Which column a unique violation was about, when the driver says so. */
export function violatedColumn(error: unknown): string {
  const e = error as { message?: string; constraint?: string; detail?: string };
  return `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
}
