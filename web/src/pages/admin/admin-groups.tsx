import { useState } from 'preact/hooks';
import { REJECTION_REASON_MAX_LENGTH } from '../../../../src/directory/directory-contract.js';
import { type AdminGroupState, admin, type Group, statusOf } from '../../api.js';
import { ConfirmDialog, Dialog } from '../../components/dialog.js';
import { Field, FormError, fieldError, generalMessage } from '../../components/form-field.js';
import { GroupCard } from '../../components/group-card.js';
import { MoreButton } from '../../components/more-button.js';
import { Segmented } from '../../components/segmented.js';
import { Failed, Loading } from '../../components/status.js';
import { useAction } from '../../components/use-action.js';
import { useAsync } from '../../components/use-async.js';
import { plural } from '../../format.js';

const STATES: Record<AdminGroupState, string> = {
  unverified: 'Waiting for review',
  verified: 'Verified',
  rejected: 'Rejected',
  all: 'All',
};

/** The moderation queue: verify makes a group public at once, reject sends the owner a reason, delete removes it. */
export function AdminGroups() {
  const [state, setState] = useState<AdminGroupState>('unverified');
  const [list, setList, retry] = useAsync(() => admin.groups(state), [state]);
  const { busy, error, run } = useAction();
  const [rejecting, setRejecting] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);

  /** The list changes in place, so pages already loaded and the scroll position stay. */
  function replace(id: number, replacement: Group | null) {
    if (list.state !== 'ready') return;
    const stays = (g: Group) =>
      state === 'all' || (state === 'unverified' ? statusOf(g) === 'pending' : statusOf(g) === state);
    const items = list.value.items.flatMap((g) =>
      g.id !== id ? [g] : replacement && stays(replacement) ? [replacement] : [],
    );
    setList({ ...list.value, items });
  }

  const verify = (group: Group) =>
    run(async () => {
      replace(group.id, (await admin.verifyGroup(group.id)).group);
    });

  return (
    <div>
      <Segmented legend="Show groups" choices={STATES} value={state} onChange={setState} />
      {error !== null && <Failed error={error} />}
      {list.state === 'loading' && <Loading what="groups" />}
      {list.state === 'failed' && <Failed error={list.error} retry={retry} />}
      {list.state === 'ready' &&
        (list.value.items.length === 0 ? (
          <p class="empty">{state === 'unverified' ? 'Nothing waits for review.' : 'No groups.'}</p>
        ) : (
          <>
            <div class="group-grid">
              {list.value.items.map((group) => {
                const status = statusOf(group);
                return (
                  <GroupCard
                    key={group.id}
                    group={group}
                    showStatus
                    actionsRow
                    notes={
                      <div class="admin-notes">
                        <span class="muted small">
                          by {group.submittedBy?.username ?? 'a deleted account'}
                        </span>
                        {(group.openReports ?? 0) > 0 && (
                          <a class="pill reports" href="/admin?tab=reports">
                            {plural(group.openReports ?? 0, 'open report')}
                          </a>
                        )}
                        {status === 'rejected' && group.rejectionReason && (
                          <p class="reason small">Rejected: {group.rejectionReason}</p>
                        )}
                      </div>
                    }
                    actions={
                      <>
                        {status !== 'verified' && (
                          <button
                            type="button"
                            class="button small"
                            disabled={busy}
                            aria-label={`Verify ${group.title}`}
                            onClick={() => verify(group)}
                          >
                            Verify
                          </button>
                        )}
                        {status !== 'rejected' && (
                          <button
                            type="button"
                            class="button small secondary"
                            disabled={busy}
                            aria-haspopup="dialog"
                            aria-label={`Reject ${group.title}`}
                            onClick={() => setRejecting(group)}
                          >
                            Reject
                          </button>
                        )}
                        <button
                          type="button"
                          class="button small danger-outline"
                          disabled={busy}
                          aria-haspopup="dialog"
                          aria-label={`Delete ${group.title}`}
                          onClick={() => setDeleting(group)}
                        >
                          Delete
                        </button>
                      </>
                    }
                  />
                );
              })}
            </div>
            <MoreButton page={list.value} onMore={setList} />
          </>
        ))}
      {rejecting && (
        <RejectDialog
          group={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={(group) => {
            replace(group.id, group);
            setRejecting(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          message={<p>It is removed for good, with its likes, reports and logo.</p>}
          confirm="Delete for good"
          onConfirm={async () => {
            await admin.deleteGroup(deleting.id);
            replace(deleting.id, null);
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/** Reject with a reason, which the owner reads on their "My groups" page. */
export function RejectDialog(props: {
  group: { id: number; title: string };
  onClose: () => void;
  onRejected: (group: Group) => void;
}) {
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const { group } = await admin.rejectGroup(props.group.id, reason.trim());
      props.onRejected(group);
    });
  };
  return (
    <Dialog title={`Reject “${props.group.title}”`} onClose={props.onClose} name="reject">
      <form onSubmit={submit}>
        <p class="muted">The group is not listed. Its owner sees the reason and can edit the group.</p>
        <FormError message={generalMessage(error, ['reason'])} />
        <Field label="Reason" name="reason" error={fieldError(error, 'reason')} hint="Shown to the owner">
          <textarea
            name="reason"
            rows={4}
            required
            autofocus
            maxLength={REJECTION_REASON_MAX_LENGTH}
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </Field>
        <div class="dialog-actions">
          <button type="button" class="button secondary" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" class="button danger" disabled={busy}>
            {busy ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
