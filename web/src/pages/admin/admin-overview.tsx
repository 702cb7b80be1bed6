import { admin } from '../../api.js';
import { Failed, Loading } from '../../components/status.js';
import { useAsync } from '../../components/use-async.js';

export function AdminOverview() {
  const [stats, , retry] = useAsync(() => admin.stats(), []);
  if (stats.state === 'loading') return <Loading what="statistics" />;
  if (stats.state === 'failed') return <Failed error={stats.error} retry={retry} />;
  const s = stats.value;
  return (
    <div class="dashboard">
      <dl class="stats big">
        <div>
          <dt>users</dt>
          <dd data-testid="admin-users-total">{s.users.total}</dd>
        </div>
        <div>
          <dt>verified users</dt>
          <dd>{s.users.byStatus.verified}</dd>
        </div>
        <div>
          <dt>groups</dt>
          <dd>{s.groups.total}</dd>
        </div>
        <div>
          <dt>waiting for review</dt>
          <dd data-testid="admin-groups-pending">{s.groups.unverified}</dd>
        </div>
        <div>
          <dt>likes</dt>
          <dd>{s.likes}</dd>
        </div>
      </dl>
      <div class="two-columns">
        <Distribution
          title="Users by role"
          rows={Object.entries(s.users.byRole).map(([name, count]) => ({ name, count }))}
        />
        <Distribution title="Platforms" rows={s.platforms} />
        <Distribution title="Categories" rows={s.categories} />
      </div>
    </div>
  );
}

function Distribution({ title, rows }: { title: string; rows: Array<{ name: string; count: number }> }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <figure class="distribution">
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p class="muted">None yet.</p>
      ) : (
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td class="bar-cell">
                  <span class="bar" style={{ width: `${(100 * row.count) / max}%` }} />
                </td>
                <td class="number">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
