import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { type Group, groups } from '../api.js';
import { useSession } from '../session.js';
import { Failed } from './status.js';
import { useAction } from './use-action.js';

export function LikeButton({ group }: { group: Group }) {
  const { user } = useSession();
  const { url } = useLocation();
  const [likes, setLikes] = useState(group.likes);
  const [liked, setLiked] = useState(group.likedByMe ?? false);
  const { busy, error, run } = useAction();

  if (!user)
    return (
      <a class="like" href={`/login?next=${encodeURIComponent(url)}`} title="Log in to like">
        ♡ <span class="count">{likes}</span>
      </a>
    );

  const toggle = () =>
    run(async () => {
      const answer = liked ? await groups.unlike(group.id) : await groups.like(group.id);
      setLikes(answer.likes);
      setLiked(answer.likedByMe);
    });

  return (
    <>
      <button
        type="button"
        class={liked ? 'like liked' : 'like'}
        aria-pressed={liked}
        aria-label={`${liked ? 'Take back your like' : 'Like'} (${likes} ${likes === 1 ? 'like' : 'likes'})`}
        disabled={busy}
        onClick={toggle}
      >
        {liked ? '♥' : '♡'} <span class="count">{likes}</span>
      </button>
      {error !== null && <Failed error={error} />}
    </>
  );
}
