import type { FieldError } from '../../lib/problem.js';
import { checkInviteLink } from './invite-link.js';
import { canonicalPlatform, cleanName, nameKey } from './platforms.js';
import { searchColumn } from './search-text.js';
import { normaliseTags } from './tags.js';

/** The text fields of a submission, as the route schema has already typed them. */
export interface SubmissionFields {
  title: string;
  platform: string;
  category: string;
  inviteLink: string;
  description: string;
  tags?: string | string[];
  externalImageUrl?: string;
}

export interface CleanSubmission {
  title: string;
  platform: string;
  platformKey: string;
  category: string;
  categoryKey: string;
  inviteLink: string;
  description: string;
  tags: string[];
  searchText: string;
  externalImageUrl: string | null;
}

export type SubmissionResult = { ok: true; value: CleanSubmission } | { ok: false; errors: FieldError[] };

/** Checks and normalises a submission; lists every bad field at once. */
export function parseSubmission(fields: SubmissionFields): SubmissionResult {
  const errors: FieldError[] = [];
  const required = (name: keyof SubmissionFields, value: string) => {
    // cleanName drops invisible characters, so a name of nothing but zero-width spaces is blank.
    const cleaned = cleanName(value);
    if (cleaned === '') errors.push({ field: name, message: 'must not be blank' });
    return cleaned;
  };
  const title = required('title', fields.title);
  const platformText = required('platform', fields.platform);
  const category = required('category', fields.category);
  const description = cleanText(fields.description);
  if (description === '') errors.push({ field: 'description', message: 'must not be blank' });

  const platform = canonicalPlatform(platformText);
  let inviteLink = '';
  if (fields.inviteLink.trim() === '') errors.push({ field: 'inviteLink', message: 'must not be blank' });
  else {
    const link = checkInviteLink(platform, fields.inviteLink);
    if (link.ok) inviteLink = link.url;
    else errors.push({ field: 'inviteLink', message: link.message });
  }

  const tags = normaliseTags(fields.tags);
  if (!tags.ok) errors.push({ field: 'tags', message: tags.message });

  let externalImageUrl: string | null = null;
  const external = fields.externalImageUrl?.trim() ?? '';
  if (external !== '') {
    const message = httpsUrlProblem(external);
    if (message) errors.push({ field: 'externalImageUrl', message });
    else externalImageUrl = new URL(external).href;
  }

  if (errors.length > 0 || !tags.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      platform,
      platformKey: nameKey(platform),
      category,
      categoryKey: nameKey(category),
      inviteLink,
      description,
      tags: tags.tags,
      searchText: searchColumn({ title, description, tags: tags.tags }),
      externalImageUrl,
    },
  };
}

/**
 * The form of free text (a description, a rejection reason, a report's words): composed (NFC),
 * control characters other than tab and line breaks dropped (they carry nothing a reader sees),
 * the ends trimmed; line breaks are meant and stay.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/(?![\t\n\r])\p{Cc}/gu, '')
    .trim();
}

/** Why a URL is not an acceptable https link to an outside image, or null when it is. */
export function httpsUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  return null;
}

/** The text fields an owner's edit may send (EDITABLE_FIELDS less the logo file); each optional. */
export type EditFields = Partial<Omit<SubmissionFields, 'platform'>>;

/** A group as an edit starts from: its stored values. */
export interface EditedGroup {
  title: string;
  platform: string;
  category: string;
  invite_link: string;
  description: string;
  /** JSON array of the stored tags. */
  tags: string;
  external_image_url: string | null;
}

/** What an edit changes: the cleaned new values of the fields that differ, and their names. */
export interface CleanEdit {
  changes: Partial<Omit<CleanSubmission, 'platform' | 'platformKey'>>;
  changed: Array<keyof EditFields>;
}

export type EditResult = { ok: true; value: CleanEdit } | { ok: false; errors: FieldError[] };

/**
 * Checks an owner's edit by the rules of a submission: the fields sent over the stored ones make a
 * whole submission, which must pass (so an invite link must still fit the group's platform, which
 * no edit changes). Only the fields sent, and of those the ones whose cleaned value differs from
 * the stored one, are changes; the search column comes along when title, description or tags do.
 * An empty `externalImageUrl` takes the outside image away, an empty `tags` every tag.
 */
export function parseEdit(group: EditedGroup, sent: EditFields): EditResult {
  const parsed = parseSubmission({
    title: sent.title ?? group.title,
    platform: group.platform,
    category: sent.category ?? group.category,
    inviteLink: sent.inviteLink ?? group.invite_link,
    description: sent.description ?? group.description,
    tags: sent.tags ?? group.tags,
    externalImageUrl: sent.externalImageUrl ?? group.external_image_url ?? undefined,
  });
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  const stored = {
    title: group.title,
    category: group.category,
    inviteLink: group.invite_link,
    description: group.description,
    tags: group.tags,
    externalImageUrl: group.external_image_url,
  };
  const next = {
    title: value.title,
    category: value.category,
    inviteLink: value.inviteLink,
    description: value.description,
    tags: JSON.stringify(value.tags),
    externalImageUrl: value.externalImageUrl,
  };
  const changed = (Object.keys(next) as Array<keyof typeof next>).filter(
    (field) => sent[field] !== undefined && next[field] !== stored[field],
  );
  const changes: CleanEdit['changes'] = {};
  for (const field of changed) {
    if (field === 'tags') changes.tags = value.tags;
    else if (field === 'category')
      Object.assign(changes, { category: value.category, categoryKey: value.categoryKey });
    else Object.assign(changes, { [field]: value[field] });
  }
  if (changed.some((field) => field === 'title' || field === 'description' || field === 'tags')) {
    changes.searchText = value.searchText;
  }
  return { ok: true, value: { changes, changed } };
}
