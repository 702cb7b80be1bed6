import { useState } from 'preact/hooks';
import { groups, type Page } from '../api.js';
import { Failed } from './status.js';

/** "Show more": follows the page's Link to the next one and hands over both pages joined. */
export function MoreButton<T>({ page, onMore }: { page: Page<T>; onMore: (joined: Page<T>) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!page.next) return null;
  const next = page.next;
  async function more() {
    setBusy(true);
    setError(null);
    try {
      const following = await groups.more<T>(next);
      onMore({ items: [...page.items, ...following.items], next: following.next });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div class="more">
      <button type="button" class="button secondary" disabled={busy} onClick={more}>
        {busy ? 'Loading…' : 'Show more'}
      </button>
      {error !== null && <Failed error={error} />}
    </div>
  );
}
