import type { ComponentChildren } from 'preact';
import { type Group, statusOf } from '../api.js';
import { plural } from '../format.js';
import { LikeButton } from './like-button.js';
import { StatusBadge } from './status.js';

/** Where a tag's or a category's page is: the directory filtered by it. */
export const tagHref = (tag: string) => `/?tag=${encodeURIComponent(tag)}`;
export const categoryHref = (category: string) => `/?category=${encodeURIComponent(category)}`;

/** One group as a card: picture, name, platform, what it is about, likes and the invite link. */
export function GroupCard(props: {
  group: Group;
  /** Shows the review state (the owner's and the admins' views). */
  showStatus?: boolean;
  /** Told +1 or -1 when the visitor likes or takes back a like. */
  onLikeChange?: (delta: number) => void;
  /** Shown under the description: a rejection reason, report counts. */
  notes?: ComponentChildren;
  actions?: ComponentChildren;
  /** The actions on a line of their own (several buttons: the owner's and the admins' views). */
  actionsRow?: boolean;
}) {
  const { group } = props;
  const picture = group.logoUrl ?? group.externalImageUrl;
  const status = statusOf(group);
  return (
    <article class="group-card" data-group-id={group.id} aria-labelledby={`group-${group.id}-title`}>
      <div class="group-head">
        {picture ? (
          <img class="logo" src={picture} alt="" loading="lazy" referrerpolicy="no-referrer" />
        ) : (
          <span class="logo placeholder" aria-hidden="true">
            {group.title.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div class="group-heading">
          <h2 class="group-title" id={`group-${group.id}-title`}>
            {group.title}
          </h2>
          <p class="meta">
            <span class={`pill platform platform-${group.platform.toLowerCase().replace(/[^a-z]/g, '')}`}>
              {group.platform}
            </span>
            <a class="pill category" href={categoryHref(group.category)}>
              {group.category}
            </a>
            {props.showStatus && <StatusBadge status={status} />}
          </p>
        </div>
      </div>
      <p class="description">{group.description}</p>
      {group.tags.length > 0 && (
        <ul class="tags" aria-label="Tags">
          {group.tags.map((tag) => (
            <li key={tag}>
              <a class="tag" href={tagHref(tag)}>
                #{tag}
              </a>
            </li>
          ))}
        </ul>
      )}
      {props.notes}
      <div class="group-foot">
        {status === 'verified' ? (
          <LikeButton group={group} onChange={props.onLikeChange} />
        ) : (
          <span class="likes">
            <span aria-hidden="true">
              ♥ <span class="count">{group.likes}</span>
            </span>
            <span class="visually-hidden">{plural(group.likes, 'like')}</span>
          </span>
        )}
        <a
          class="button small"
          href={group.inviteLink}
          target="_blank"
          rel="noopener noreferrer nofollow"
          aria-label={`Join ${group.title}`}
        >
          Join
        </a>
        {props.actions && (
          <span class={props.actionsRow ? 'card-actions row' : 'card-actions'}>{props.actions}</span>
        )}
      </div>
    </article>
  );
}
