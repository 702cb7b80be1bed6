import { useLocation } from 'preact-iso';
import { useSession } from '../session.js';
import { useTitle } from '../use-title.js';
import { AdminGroups } from './admin/admin-groups.js';
import { AdminMediaImports } from './admin/admin-media-imports.js';
import { AdminOverview } from './admin/admin-overview.js';
import { AdminReports } from './admin/admin-reports.js';
import { AdminUsers } from './admin/admin-users.js';
import { LoginFirst } from './login-first.js';

const TABS = {
  overview: 'Overview',
  groups: 'Moderation',
  reports: 'Reports',
  users: 'Users',
  media: 'Media import',
} as const;
type Tab = keyof typeof TABS;

/** The admin dashboard: statistics, the moderation queue, the reports and the accounts. */
export function AdminPage() {
  const { user } = useSession();
  const { query } = useLocation();
  const tab: Tab = Object.hasOwn(TABS, query.tab ?? '') ? (query.tab as Tab) : 'groups';
  useTitle(`Admin: ${TABS[tab]}`);
  if (user === undefined) return null;
  if (!user) return <LoginFirst to="moderate" next="/admin" />;
  if (user.role !== 'admin')
    return (
      <section class="card narrow">
        <h1>Admins only</h1>
        <p>This page is for the moderators of Kizuna.</p>
      </section>
    );
  return (
    <section>
      <h1>Admin</h1>
      <nav class="tabs" aria-label="Admin sections">
        {(Object.keys(TABS) as Tab[]).map((key) => (
          <a
            key={key}
            href={`/admin?tab=${key}`}
            class={tab === key ? 'tab active' : 'tab'}
            aria-current={tab === key ? 'page' : undefined}
          >
            {TABS[key]}
          </a>
        ))}
      </nav>
      {tab === 'overview' && <AdminOverview />}
      {tab === 'groups' && <AdminGroups />}
      {tab === 'reports' && <AdminReports />}
      {tab === 'users' && <AdminUsers />}
      {tab === 'media' && <AdminMediaImports />}
    </section>
  );
}
