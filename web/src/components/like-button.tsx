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
      <a class="like" href={`/login?next=${encodeURIComponent(url)}`} title="Log in to like">
        <span aria-hidden="true">
          ♡ <span class="count">{likes}</span>
        </span>
        <span class="visually-hidden">Log in to like ({plural(likes, 'like')})</span>
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
        disabled={busy}
        onClick={toggle}
      >
        {/* The name comes from the hidden words; the heart and the number are what the eye reads. */}
        <span aria-hidden="true">
          {liked ? '♥' : '♡'} <span class="count">{likes}</span>
        </span>
        <span class="visually-hidden">
          {liked ? 'Take back your like' : 'Like'} ({plural(likes, 'like')})
        </span>
      </button>
      {error !== null && <Failed error={error} />}
    </>
  );
}
