import { useState } from 'preact/hooks';
import { type Group, groups, statusOf } from '../api.js';
import { ConfirmDialog } from '../components/dialog.js';
import { GroupCard } from '../components/group-card.js';
import { MoreButton } from '../components/more-button.js';
import { Failed, Loading } from '../components/status.js';
import { useAsync } from '../components/use-async.js';
import { useSession } from '../session.js';
import { useTitle } from '../use-title.js';
import { LoginFirst } from './login-first.js';

/** The visitor's own submissions, in every state, with what they can do about each. */
export function MyGroupsPage() {
  const { user, setNotice } = useSession();
  const [list, setList, retry] = useAsync(() => (user ? groups.mine() : Promise.resolve(null)), [user?.id]);
  const [deleting, setDeleting] = useState<Group | null>(null);
  useTitle('My groups');
  if (user === undefined) return null;
  if (!user) return <LoginFirst to="see your groups" next="/mine" />;

  const remove = async (group: Group) => {
    await groups.remove(group.id);
    if (list.state === 'ready' && list.value)
      setList({ ...list.value, items: list.value.items.filter((g) => g.id !== group.id) });
    setDeleting(null);
    setNotice(`“${group.title}” is deleted.`);
  };

  return (
    <section>
      <div class="page-heading">
        <h1>My groups</h1>
        <a class="button small" href="/submit">
          Submit a group
        </a>
      </div>
      {list.state === 'loading' && <Loading what="your groups" />}
      {list.state === 'failed' && <Failed error={list.error} retry={retry} />}
      {list.state === 'ready' &&
        list.value &&
        (list.value.items.length === 0 ? (
          <p class="empty">
            You have not submitted a group yet. <a href="/submit">Submit one</a>
          </p>
        ) : (
          <>
            <div class="group-grid">
              {list.value.items.map((group) => (
                <GroupCard
                  key={group.id}
                  group={group}
                  showStatus
                  actionsRow
                  notes={<OwnerNote group={group} />}
                  actions={
                    <>
                      <a
                        class="button small secondary"
                        href={`/mine/${group.id}/edit`}
                        aria-label={`Edit ${group.title}`}
                      >
                        Edit
                      </a>
                      <button
                        type="button"
                        class="button small danger-outline"
                        aria-haspopup="dialog"
                        aria-label={`Delete ${group.title}`}
                        onClick={() => setDeleting(group)}
                      >
                        Delete
                      </button>
                    </>
                  }
                />
              ))}
            </div>
            <MoreButton page={list.value} onMore={setList} />
          </>
        ))}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          message={<p>The group leaves the directory for good, with its likes, reports and logo.</p>}
          confirm="Delete for good"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

/** What the owner should know about the group's review. */
function OwnerNote({ group }: { group: Group }) {
  const status = statusOf(group);
  if (status === 'rejected')
    return (
      <div class="review-note rejected" data-testid="rejection">
        <strong>A moderator rejected this group.</strong>
        {group.rejectionReason && <p class="note-line reason">Reason: {group.rejectionReason}</p>}
        <p class="note-line">Edit it to fix what they found; it goes back to review.</p>
      </div>
    );
  if (status === 'pending')
    return <p class="review-note pending">Waiting for a moderator; it is listed once verified.</p>;
  return null;
}
