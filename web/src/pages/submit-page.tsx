import { useLocation } from 'preact-iso';
import { groups } from '../api.js';
import { GroupForm } from '../components/group-form.js';
import { useAction } from '../components/use-action.js';
import { useSession } from '../session.js';
import { useTitle } from '../use-title.js';
import { LoginFirst } from './login-first.js';

export function SubmitPage() {
  const { user, setNotice } = useSession();
  const { route } = useLocation();
  const { busy, error, setError, run } = useAction();
  useTitle('Submit a group');

  if (user === undefined) return null;
  if (!user) return <LoginFirst to="submit a group" next="/submit" />;

  return (
    <section class="card form-card">
      <h1>Submit a group</h1>
      <p class="muted">A moderator checks every group before it is listed.</p>
      <GroupForm
        error={error}
        setError={setError}
        busy={busy}
        submitLabel="Submit for review"
        busyLabel="Submitting…"
        onSubmit={(form) =>
          run(async () => {
            const { group } = await groups.submit(form);
            setNotice(
              `Thank you! “${group.title}” is waiting for a moderator and shows up in the directory once verified.`,
            );
            route('/mine');
          })
        }
      />
    </section>
  );
}
