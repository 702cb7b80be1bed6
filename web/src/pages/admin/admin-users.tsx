import { admin, type User } from '../../api.js';
import { Failed, Loading } from '../../components/status.js';
import { useAction } from '../../components/use-action.js';
import { useAsync } from '../../components/use-async.js';

/**
 * The latest 100 accounts, newest first, with a button to verify each. A table on a wide screen;
 * on a narrow one each row stacks into a card of labelled lines (styles.css, `.users`).
 */
export function AdminUsers() {
  const [users, setUsers, retry] = useAsync(() => admin.users(), []);
  const { busy, error, run } = useAction();

  const verify = (user: User) =>
    run(async () => {
      const { user: verified } = await admin.verifyUser(user.id);
      if (users.state === 'ready') setUsers(users.value.map((u) => (u.id === verified.id ? verified : u)));
    });

  if (users.state === 'loading') return <Loading what="users" />;
  if (users.state === 'failed') return <Failed error={users.error} retry={retry} />;
  return (
    <div>
      {error !== null && <Failed error={error} />}
      <table class="users">
        <caption class="visually-hidden">The latest accounts, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {users.value.map((user) => (
            <tr key={user.id} data-user={user.username}>
              <th scope="row" class="username">
                {user.username}
              </th>
              <td data-label="E-mail" class="email">
                {user.email}
              </td>
              <td data-label="Role">{user.role}</td>
              <td data-label="Joined">
                <time dateTime={user.createdAt}>{new Date(user.createdAt).toLocaleDateString()}</time>
              </td>
              <td data-label="Status" class="status">
                {user.isVerified ? (
                  <span class="pill state verified">verified</span>
                ) : (
                  <button
                    type="button"
                    class="button small"
                    disabled={busy}
                    aria-label={`Verify ${user.username}`}
                    onClick={() => verify(user)}
                  >
                    Verify
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
