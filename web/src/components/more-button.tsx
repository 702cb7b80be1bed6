import { groups, type Page } from '../api.js';
import { Failed } from './status.js';
import { useAction } from './use-action.js';

/** "Show more": follows the page's Link to the next one and hands over both pages joined. */
export function MoreButton<T>({ page, onMore }: { page: Page<T>; onMore: (joined: Page<T>) => void }) {
  const { busy, error, run } = useAction();
  const next = page.next;
  if (!next) return null;
  const more = () =>
    run(async () => {
      const following = await groups.more<T>(next);
      onMore({ items: [...page.items, ...following.items], next: following.next });
    });
  return (
    <div class="more">
      <button type="button" class="button secondary" disabled={busy} onClick={more}>
        {busy ? 'Loading…' : 'Show more'}
      </button>
      {error !== null && <Failed error={error} />}
    </div>
  );
}
