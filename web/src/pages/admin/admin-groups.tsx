import { useState } from 'preact/hooks';
import { admin, type Group } from '../../api.js';
import { GroupCard } from '../../components/group-card.js';
import { MoreButton } from '../../components/more-button.js';
import { Failed, Loading } from '../../components/status.js';
import { useAction } from '../../components/use-action.js';
import { useAsync } from '../../components/use-async.js';

type State = 'unverified' | 'verified' | 'all';
const STATES: Record<State, string> = { unverified: 'Waiting for review', verified: 'Verified', all: 'All' };

/** The moderation queue: verify makes a group public at once, delete removes it for good. */
export function AdminGroups() {
  const [state, setState] = useState<State>('unverified');
  const [list, setList, retry] = useAsync(() => admin.groups(state), [state]);
  const { busy, error, run } = useAction();

  function act(group: Group, action: 'verify' | 'delete') {
    if (action === 'delete' && !confirm(`Delete “${group.title}” for good? Its logo goes too.`)) return;
    return run(async () => {
      // The list changes in place, so pages already loaded and the scroll position stay.
      let replacement: Group | null = null;
      if (action === 'verify') replacement = (await admin.verifyGroup(group.id)).group;
      else await admin.deleteGroup(group.id);
      if (list.state !== 'ready') return;
      const keep = replacement !== null && state !== 'unverified';
      const items = list.value.items.flatMap((g) =>
        g.id !== group.id ? [g] : keep && replacement ? [replacement] : [],
      );
      setList({ ...list.value, items });
    });
  }

  return (
    <div>
      <fieldset class="segmented">
        <legend class="visually-hidden">Show groups</legend>
        {(Object.keys(STATES) as State[]).map((key) => (
          <button key={key} type="button" aria-pressed={state === key} onClick={() => setState(key)}>
            {STATES[key]}
          </button>
        ))}
      </fieldset>
      {error !== null && <Failed error={error} />}
      {list.state === 'loading' && <Loading what="groups" />}
      {list.state === 'failed' && <Failed error={list.error} retry={retry} />}
      {list.state === 'ready' &&
        (list.value.items.length === 0 ? (
          <p class="empty">{state === 'unverified' ? 'Nothing waits for review.' : 'No groups.'}</p>
        ) : (
          <>
            <div class="group-grid">
              {list.value.items.map((group) => (
                <GroupCard
                  key={group.id}
                  group={group}
                  showState
                  actions={
                    <span class="admin-actions">
                      <span class="muted small">by {group.submittedBy?.username ?? 'a deleted account'}</span>
                      {!group.isVerified && (
                        <button
                          type="button"
                          class="button small"
                          disabled={busy}
                          onClick={() => act(group, 'verify')}
                        >
                          Verify
                        </button>
                      )}
                      <button
                        type="button"
                        class="button small danger"
                        disabled={busy}
                        onClick={() => act(group, 'delete')}
                      >
                        Delete
                      </button>
                    </span>
                  }
                />
              ))}
            </div>
            <MoreButton page={list.value} onMore={setList} />
          </>
        ))}
    </div>
  );
}
