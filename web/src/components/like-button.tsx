import { useState } from 'preact/hooks';
import { ApiError, type Group, groups } from '../api.js';
import { useSession } from '../session.js';

export function LikeButton({ group }: { group: Group }) {
  const { user } = useSession();
  const [likes, setLikes] = useState(group.likes);
  const [liked, setLiked] = useState(group.likedByMe ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user)
    return (
      <a class="like" href={`/login?next=${encodeURIComponent('/')}`} title="Log in to like">
        ♡ <span class="count">{likes}</span>
      </a>
    );

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const answer = liked ? await groups.unlike(group.id) : await groups.like(group.id);
      setLikes(answer.likes);
      setLiked(answer.likedByMe);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not save your like.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        class={liked ? 'like liked' : 'like'}
        aria-pressed={liked}
        aria-label={liked ? 'Take back your like' : 'Like'}
        disabled={busy}
        onClick={toggle}
      >
        {liked ? '♥' : '♡'} <span class="count">{likes}</span>
      </button>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
