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
  // Line breaks in a description are meant; only the ends are trimmed.
  const description = fields.description
    .normalize('NFC')
    // Control characters other than tab and line breaks carry nothing a reader sees.
    .replace(/(?![\t\n\r])\p{Cc}/gu, '')
    .trim();
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
