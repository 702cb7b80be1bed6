import { useLocation, useRoute } from 'preact-iso';
import { REVIEWED_FIELDS } from '../../../src/directory/directory-contract.js';
import { ApiError, groups, statusOf } from '../api.js';
import { FIELD_NAMES, GroupForm } from '../components/group-form.js';
import { Failed, Loading, StatusBadge } from '../components/status.js';
import { useAction } from '../components/use-action.js';
import { useAsync } from '../components/use-async.js';
import { useSession } from '../session.js';
import { useTitle } from '../use-title.js';
import { LoginFirst } from './login-first.js';

const reviewed = (field: string) => (REVIEWED_FIELDS as readonly string[]).includes(field);

/** A list in words: "name", "name and logo", "name, invite link and logo". */
const inWords = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** An owner edits their group: the form prefilled, and a word on which changes go back to review. */
export function EditGroupPage() {
  const { user, setNotice } = useSession();
  const { params } = useRoute();
  const { route } = useLocation();
  const id = Number(params.id);
  const [loaded, , retry] = useAsync(
    () => (user && Number.isSafeInteger(id) && id > 0 ? groups.get(id) : Promise.resolve(null)),
    [user?.id, id],
  );
  const { busy, error, setError, run } = useAction();
  useTitle('Edit a group');

  if (user === undefined) return null;
  if (!user) return <LoginFirst to="edit your groups" next={`/mine/${params.id}/edit`} />;
  if (loaded.state === 'loading') return <Loading what="the group" />;
  if (loaded.state === 'failed' || loaded.value === null)
    return (
      <section class="card narrow">
        <h1>Group not found</h1>
        {loaded.state === 'failed' && !(loaded.error instanceof ApiError && loaded.error.status === 404) ? (
          <Failed error={loaded.error} retry={retry} />
        ) : (
          <p>There is no such group among yours.</p>
        )}
        <p>
          <a href="/mine">Back to my groups</a>
        </p>
      </section>
    );

  const group = loaded.value.group;
  const status = statusOf(group);
  return (
    <section class="card form-card">
      <p class="breadcrumb">
        <a href="/mine">My groups</a> /
      </p>
      <h1>Edit “{group.title}”</h1>
      <p class="muted">
        Now <StatusBadge status={status} />.{' '}
        {status === 'rejected'
          ? 'Any change sends the group back to review.'
          : 'Changes to the name, the invite link or the picture (logo or image link) send the group back to review before it is listed again; the description, category and tags change at once.'}
      </p>
      <GroupForm
        group={group}
        error={error}
        setError={setError}
        busy={busy}
        submitLabel="Save changes"
        busyLabel="Saving…"
        footer={(changed) => {
          // A rejected group goes back to review with any change; a verified one with these fields.
          const toReview = status === 'rejected' ? changed : changed.filter(reviewed);
          if (toReview.length === 0 || status === 'pending') return null;
          return (
            <p class="review-warning" role="status" data-testid="review-warning">
              {status === 'rejected'
                ? 'Saving sends this group back to review: a moderator looks at it again.'
                : `Your change to the ${inWords(toReview.map((field) => FIELD_NAMES[field]))} sends this group back to review: it leaves the directory until a moderator checks it again.`}
            </p>
          );
        }}
        onSubmit={(form) =>
          run(async () => {
            const { group: saved } = await groups.edit(group.id, form);
            const back = status !== 'pending' && statusOf(saved) === 'pending';
            setNotice(
              back
                ? `Saved. “${saved.title}” is waiting for a moderator again.`
                : `Saved. “${saved.title}” is up to date.`,
            );
            route('/mine');
          })
        }
      />
    </section>
  );
}
