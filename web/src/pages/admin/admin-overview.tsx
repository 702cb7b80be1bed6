import { admin } from '../../api.js';
import { Failed, Loading } from '../../components/status.js';
import { useAsync } from '../../components/use-async.js';
import { pluralWord } from '../../format.js';

export function AdminOverview() {
  const [stats, , retry] = useAsync(() => admin.stats(), []);
  if (stats.state === 'loading') return <Loading what="statistics" />;
  if (stats.state === 'failed') return <Failed error={stats.error} retry={retry} />;
  const s = stats.value;
  const counters: Array<{ id: string; value: number; label: string; href?: string }> = [
    { id: 'admin-users-total', value: s.users.total, label: pluralWord(s.users.total, 'user') },
    {
      id: 'admin-users-verified',
      value: s.users.byStatus.verified,
      label: pluralWord(s.users.byStatus.verified, 'verified user'),
    },
    { id: 'admin-groups-total', value: s.groups.total, label: pluralWord(s.groups.total, 'group') },
    {
      id: 'admin-groups-pending',
      value: s.groups.unverified,
      label: 'waiting for review',
      href: '/admin?tab=groups',
    },
  ];
  if (s.groups.rejected !== undefined)
    counters.push({ id: 'admin-groups-rejected', value: s.groups.rejected, label: 'rejected' });
  if (s.reports)
    counters.push({
      id: 'admin-reports-open',
      value: s.reports.open,
      label: pluralWord(s.reports.open, 'open report'),
      href: '/admin?tab=reports',
    });
  counters.push({ id: 'admin-likes', value: s.likes, label: pluralWord(s.likes, 'like') });
  return (
    <div class="dashboard">
      <dl class="stats big">
        {counters.map(({ id, value, label, href }) => (
          <div key={id}>
            <dt>{href ? <a href={href}>{label}</a> : label}</dt>
            <dd data-testid={id}>{value.toLocaleString('en')}</dd>
          </div>
        ))}
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
