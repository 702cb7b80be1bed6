import type { GroupStatus } from '../api.js';
import { ApiError } from '../api.js';

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" aria-busy="true">
      Loading {what}…
    </p>
  );
}

export function Failed({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <p class="form-error" role="alert">
      {error instanceof ApiError ? error.message : 'Something went wrong.'}{' '}
      {retry && (
        <button type="button" class="link-button" onClick={retry}>
          Try again
        </button>
      )}
    </p>
  );
}

const STATUS_LABELS: Record<GroupStatus, string> = {
  pending: 'pending review',
  verified: 'verified',
  rejected: 'rejected',
};

/** A group's review state as a small badge. */
export function StatusBadge({ status }: { status: GroupStatus }) {
  return <span class={`pill state ${status}`}>{STATUS_LABELS[status]}</span>;
}
