import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { GROUP_SORTS, TRENDING_DAYS } from '../../../src/directory/directory-contract.js';
import { type GroupFilter, type GroupSortOrder, groups, type PublicStats } from '../api.js';
import { GroupCard, tagHref } from '../components/group-card.js';
import { MoreButton } from '../components/more-button.js';
import { ReportButton } from '../components/report-button.js';
import { Failed, Loading } from '../components/status.js';
import { useAsync } from '../components/use-async.js';
import { plural, pluralWord } from '../format.js';
import { useTitle } from '../use-title.js';

const SORT_LABELS: Record<GroupSortOrder, string> = {
  newest: 'Newest',
  likes: 'Most liked',
  trending: `Trending (${TRENDING_DAYS} days)`,
  relevance: 'Best match',
};

const FILTER_KEYS = ['search', 'platform', 'category', 'tag', 'sort'] as const;

/**
 * The public directory: verified groups, filtered and ordered by the query in the address bar, so
 * every view (a tag's page `/?tag=…`, a category's `/?category=…`, an order) is a link.
 */
export function GroupsPage() {
  const { query, route } = useLocation();
  const sort = (GROUP_SORTS as readonly string[]).includes(query.sort ?? '')
    ? (query.sort as GroupSortOrder)
    : undefined;
  const filter: GroupFilter = {
    search: query.search,
    platform: query.platform,
    category: query.category,
    tag: query.tag,
    sort,
  };
  const [stats, setStats] = useAsync(() => groups.stats(), []);
  const [facets] = useAsync(() => groups.facets(), []);
  const [list, setList, retry] = useAsync(
    () => groups.list(filter),
    FILTER_KEYS.map((key) => filter[key]),
  );
  const [search, setSearch] = useState(filter.search ?? '');

  useEffect(() => setSearch(query.search ?? ''), [query.search]);

  function apply(change: GroupFilter) {
    const next = new URLSearchParams();
    const merged: GroupFilter = { ...filter, ...change };
    // Relevance means nothing without search words.
    if (!merged.search && merged.sort === 'relevance') merged.sort = undefined;
    for (const key of FILTER_KEYS) {
      const value = merged[key];
      if (value) next.set(key, value);
    }
    const text = next.toString();
    route(text ? `/?${text}` : '/', true);
  }

  const onLikeChange = (delta: number) => {
    if (stats.state === 'ready') setStats({ ...stats.value, total_likes: stats.value.total_likes + delta });
  };

  const filtered = Boolean(filter.search || filter.platform || filter.category || filter.tag);
  const facetsReady = facets.state === 'ready' ? facets.value : null;
  const countOf = (list: Array<{ name: string; count: number }> | undefined, name: string | undefined) =>
    name === undefined
      ? undefined
      : list?.find((entry) => entry.name.toLowerCase() === name.toLowerCase())?.count;
  const platforms =
    facetsReady?.platforms ??
    (stats.state === 'ready' ? stats.value.platforms.map((name) => ({ name, count: -1 })) : []);
  const categories = facetsReady?.categories ?? [];
  // The server's default order is newest first, with or without search words.
  const shownSort = filter.sort ?? 'newest';

  useTitle(filter.tag ? `#${filter.tag}` : filter.category ? filter.category : null);

  return (
    <>
      {filter.tag || filter.category ? (
        <TopicHeading
          tag={filter.tag}
          category={filter.category}
          count={filter.tag ? countOf(facetsReady?.tags, filter.tag) : countOf(categories, filter.category)}
        />
      ) : (
        <section class="hero">
          <h1>Find your people</h1>
          <p>Community chat groups on WhatsApp, Telegram, Discord and more, checked by our moderators.</p>
          {stats.state === 'ready' && <HeroStats stats={stats.value} />}
        </section>
      )}

      <form
        class="filters"
        aria-label="Groups"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ search: search.trim() });
        }}
      >
        <div class="search-row">
          <input
            type="search"
            name="search"
            placeholder="Search names, descriptions, tags…"
            aria-label="Search"
            value={search}
            maxLength={200}
            onInput={(e) => setSearch(e.currentTarget.value)}
          />
          <button type="submit" class="button">
            Search
          </button>
        </div>
        <select
          name="platform"
          aria-label="Platform"
          value={chosen(platforms, filter.platform)}
          onChange={(e) => apply({ platform: e.currentTarget.value })}
        >
          <option value="">All platforms</option>
          {withCurrent(platforms, filter.platform).map(({ name, count }) => (
            <option key={name} value={name}>
              {count >= 0 ? `${name} (${count})` : name}
            </option>
          ))}
        </select>
        <select
          name="category"
          aria-label="Category"
          value={chosen(categories, filter.category)}
          onChange={(e) => apply({ category: e.currentTarget.value })}
        >
          <option value="">All categories</option>
          {withCurrent(categories, filter.category).map(({ name, count }) => (
            <option key={name} value={name}>
              {count >= 0 ? `${name} (${count})` : name}
            </option>
          ))}
        </select>
        <select
          name="sort"
          class="filter-sort"
          aria-label="Order"
          value={shownSort}
          onChange={(e) => apply({ sort: e.currentTarget.value as GroupSortOrder })}
        >
          {GROUP_SORTS.filter((key) => key !== 'relevance' || filter.search).map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </select>
        {filtered && (
          <button type="button" class="link-button filter-clear" onClick={() => route('/', true)}>
            Clear filters
          </button>
        )}
      </form>

      {filter.tag && (
        <p class="active-filters">
          Tagged{' '}
          <span class="pill chosen">
            #{filter.tag}
            <button
              type="button"
              class="link-button"
              aria-label={`Remove the tag ${filter.tag}`}
              onClick={() => apply({ tag: undefined })}
            >
              ×
            </button>
          </span>
        </p>
      )}

      {facetsReady && facetsReady.tags.length > 0 && !filter.tag && (
        <nav class="popular-tags" aria-label="Popular tags">
          <ul>
            {facetsReady.tags.slice(0, 12).map(({ name, count }) => (
              <li key={name}>
                <a class="topic-tag" href={tagHref(name)}>
                  #{name}{' '}
                  <span class="count">
                    {count}
                    <span class="visually-hidden"> {pluralWord(count, 'group')}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

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
                <GroupCard
                  key={group.id}
                  group={group}
                  onLikeChange={onLikeChange}
                  actions={<ReportButton group={group} />}
                />
              ))}
            </div>
          )}
          <MoreButton page={list.value} onMore={setList} />
        </>
      )}
    </>
  );
}

/** The counters of the hero: "12 groups", "1 member", "0 likes". */
function HeroStats({ stats }: { stats: PublicStats }) {
  const counters = [
    { key: 'groups', value: stats.groups_verified, word: 'group' },
    { key: 'members', value: stats.members, word: 'member' },
    { key: 'likes', value: stats.total_likes, word: 'like' },
  ];
  return (
    <dl class="stats" aria-label="Directory statistics">
      {counters.map(({ key, value, word }) => (
        <div key={key}>
          <dt>{pluralWord(value, word)}</dt>
          <dd data-testid={`stat-${key}`}>{value.toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The heading of a tag's or a category's page, with how many public groups it has. */
function TopicHeading(props: { tag?: string; category?: string; count: number | undefined }) {
  const { tag, category, count } = props;
  return (
    <section class="hero topic">
      <p class="eyebrow">{tag ? 'Tag' : 'Category'}</p>
      <h1>{tag ? `#${tag}` : category}</h1>
      <p data-testid="topic-count">
        {count === undefined
          ? ' '
          : tag
            ? `${plural(count, 'group')} tagged #${tag}`
            : `${plural(count, 'group')} in ${category}`}
      </p>
      <p>
        <a href="/">All groups</a>
      </p>
    </section>
  );
}

/** The option a filter's value names, whatever its case in the address. */
function chosen(options: Array<{ name: string }>, current: string | undefined): string {
  if (!current) return '';
  return options.find((o) => o.name.toLowerCase() === current.toLowerCase())?.name ?? current;
}

/** The choices of a filter, with the one in the address even when no public group has it. */
function withCurrent(options: Array<{ name: string; count: number }>, current: string | undefined) {
  if (!current || options.some((o) => o.name.toLowerCase() === current.toLowerCase())) return options;
  return [...options, { name: current, count: -1 }];
}
