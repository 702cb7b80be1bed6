import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { type Group, groups } from '../api.js';
import { plural } from '../format.js';
import { useSession } from '../session.js';
import { Failed } from './status.js';
import { useAction } from './use-action.js';

export function LikeButton({ group, onChange }: { group: Group; onChange?: (delta: number) => void }) {
  const { user } = useSession();
  const { url } = useLocation();
  const [likes, setLikes] = useState(group.likes);
  const [liked, setLiked] = useState(group.likedByMe ?? false);
  const { busy, error, run } = useAction();

  if (!user)
    return (
      <a
        class="like"
        href={`/login?next=${encodeURIComponent(url)}`}
        aria-label={`Log in to like (${plural(likes, 'like')})`}
        title="Log in to like"
      >
        ♡ <span class="count">{likes}</span>
      </a>
    );

  const toggle = () =>
    run(async () => {
      const answer = liked ? await groups.unlike(group.id) : await groups.like(group.id);
      if (answer.likedByMe !== liked) onChange?.(answer.likedByMe ? 1 : -1);
      setLikes(answer.likes);
      setLiked(answer.likedByMe);
    });

  return (
    <>
      <button
        type="button"
        class={liked ? 'like liked' : 'like'}
        aria-pressed={liked}
        aria-label={`${liked ? 'Take back your like' : 'Like'} (${plural(likes, 'like')})`}
        disabled={busy}
        onClick={toggle}
      >
        {liked ? '♥' : '♡'} <span class="count">{likes}</span>
      </button>
      {error !== null && <Failed error={error} />}
    </>
  );
}
