import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { type GroupFilter, groups } from '../api.js';
import { GroupCard } from '../components/group-card.js';
import { MoreButton } from '../components/more-button.js';
import { Failed, Loading } from '../components/status.js';
import { useAsync } from '../components/use-async.js';

/** The public directory: verified groups, newest first, filtered by the query in the address bar. */
export function GroupsPage() {
  const { query, route } = useLocation();
  const filter: GroupFilter = { search: query.search, platform: query.platform, category: query.category };
  const [stats] = useAsync(() => groups.stats(), []);
  const [list, setList, retry] = useAsync(
    () => groups.list(filter),
    [filter.search, filter.platform, filter.category],
  );
  const [search, setSearch] = useState(filter.search ?? '');

  useEffect(() => setSearch(query.search ?? ''), [query.search]);

  function apply(change: GroupFilter) {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filter, ...change })) if (value) next.set(key, value);
    const text = next.toString();
    route(text ? `/?${text}` : '/', true);
  }

  const filtered = Boolean(filter.search || filter.platform || filter.category);

  return (
    <>
      <section class="hero">
        <h1>Find your people</h1>
        <p>Community chat groups on WhatsApp, Telegram, Discord and more, checked by our moderators.</p>
        {stats.state === 'ready' && (
          <dl class="stats" aria-label="Directory statistics">
            <div>
              <dt>groups</dt>
              <dd data-testid="stat-groups">{stats.value.groups_verified}</dd>
            </div>
            <div>
              <dt>members</dt>
              <dd>{stats.value.members}</dd>
            </div>
            <div>
              <dt>likes</dt>
              <dd>{stats.value.total_likes}</dd>
            </div>
          </dl>
        )}
      </section>

      <form
        class="filters"
        aria-label="Search groups"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ search: search.trim() });
        }}
      >
        <input
          type="search"
          name="search"
          placeholder="Search names, descriptions, tags…"
          aria-label="Search"
          value={search}
          maxLength={200}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
        <select
          name="platform"
          aria-label="Platform"
          value={filter.platform ?? ''}
          onChange={(e) => apply({ platform: e.currentTarget.value })}
        >
          <option value="">All platforms</option>
          {stats.state === 'ready' &&
            stats.value.platforms.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
        </select>
        <input
          name="category"
          placeholder="Category"
          aria-label="Category"
          value={filter.category ?? ''}
          maxLength={50}
          onChange={(e) => apply({ category: e.currentTarget.value.trim() })}
        />
        <button type="submit" class="button">
          Search
        </button>
        {filtered && (
          <button type="button" class="link-button" onClick={() => route('/', true)}>
            Clear filters
          </button>
        )}
      </form>

      {list.state === 'loading' && <Loading what="groups" />}
      {list.state === 'failed' && <Failed error={list.error} retry={retry} />}
      {list.state === 'ready' && (
        <>
          {list.value.items.length === 0 ? (
            <p class="empty">
              {filtered ? 'No group matches these filters.' : 'No groups yet.'}{' '}
              <a href="/submit">Submit one</a>
            </p>
          ) : (
            <div class="group-grid">
              {list.value.items.map((group) => (
                <GroupCard key={group.id} group={group} onTag={(tag) => apply({ search: tag })} />
              ))}
            </div>
          )}
          <MoreButton page={list.value} onMore={setList} />
        </>
      )}
    </>
  );
}
