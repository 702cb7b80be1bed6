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
