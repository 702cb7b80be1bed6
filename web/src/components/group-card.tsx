import type { ComponentChildren } from 'preact';
import type { Group } from '../api.js';
import { LikeButton } from './like-button.js';

/** One group as a card: picture, name, platform, what it is about, likes and the invite link. */
export function GroupCard(props: {
  group: Group;
  onTag?: (tag: string) => void;
  showState?: boolean;
  actions?: ComponentChildren;
}) {
  const { group } = props;
  const picture = group.logoUrl ?? group.externalImageUrl;
  return (
    <article class="group-card" data-group-id={group.id}>
      <div class="group-head">
        {picture ? (
          <img class="logo" src={picture} alt="" loading="lazy" referrerpolicy="no-referrer" />
        ) : (
          <span class="logo placeholder" aria-hidden="true">
            {group.title.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h2 class="group-title">{group.title}</h2>
          <p class="meta">
            <span class={`platform platform-${group.platform.toLowerCase().replace(/[^a-z]/g, '')}`}>
              {group.platform}
            </span>
            <span class="category">{group.category}</span>
            {props.showState && (
              <span class={group.isVerified ? 'state verified' : 'state pending'}>
                {group.isVerified ? 'verified' : 'pending review'}
              </span>
            )}
          </p>
        </div>
      </div>
      <p class="description">{group.description}</p>
      {group.tags.length > 0 && (
        <ul class="tags" aria-label="Tags">
          {group.tags.map((tag) => (
            <li key={tag}>
              {props.onTag ? (
                <button type="button" class="tag" onClick={() => props.onTag?.(tag)}>
                  #{tag}
                </button>
              ) : (
                <span class="tag">#{tag}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div class="group-foot">
        {group.isVerified ? <LikeButton group={group} /> : <span class="likes">♥ {group.likes}</span>}
        <a
          class="button small"
          href={group.inviteLink}
          target="_blank"
          rel="noopener noreferrer nofollow"
          aria-label={`Join ${group.title}`}
        >
          Join
        </a>
        {props.actions}
      </div>
    </article>
  );
}
