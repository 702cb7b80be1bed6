import { groups } from '../api.js';
import { GroupCard } from '../components/group-card.js';
import { MoreButton } from '../components/more-button.js';
import { Failed, Loading } from '../components/status.js';
import { useAsync } from '../components/use-async.js';
import { useSession } from '../session.js';
import { LoginFirst } from './login-first.js';

/** The visitor's own submissions, pending ones included, so they can see what is still in review. */
export function MyGroupsPage() {
  const { user } = useSession();
  const [list, setList, retry] = useAsync(() => (user ? groups.mine() : Promise.resolve(null)), [user?.id]);
  if (user === undefined) return null;
  if (!user) return <LoginFirst to="see your groups" next="/mine" />;
  return (
    <section>
      <h1>My groups</h1>
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
                <GroupCard key={group.id} group={group} showState />
              ))}
            </div>
            <MoreButton page={list.value} onMore={setList} />
          </>
        ))}
    </section>
  );
}
