import { admin, type User } from '../../api.js';
import { Failed, Loading } from '../../components/status.js';
import { useAction } from '../../components/use-action.js';
import { useAsync } from '../../components/use-async.js';

/** The latest 100 accounts, newest first, with a button to verify each. */
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
              <td>{user.username}</td>
              <td>{user.email}</td>
              <td>{user.role}</td>
              <td>{new Date(user.createdAt).toLocaleDateString()}</td>
              <td>
                {user.isVerified ? (
                  <span class="state verified">verified</span>
                ) : (
                  <button type="button" class="button small" disabled={busy} onClick={() => verify(user)}>
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
