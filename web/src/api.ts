/** The directory API as the browser uses it: same-origin cookies, the CSRF header, problem errors. */

import type {
  AdminStats,
  GroupFacets,
  GroupJson,
  GroupSortOrder,
  GroupStatus,
  PublicStats,
  ReportJson,
  ReportReason,
  ReportStatus,
  UserJson,
} from '../../src/directory/directory-contract.js';

// The JSON shapes come from the directory's wire contract, which the server's answers are typed by.
export type { AdminStats, GroupFacets, GroupSortOrder, GroupStatus, PublicStats, ReportReason, ReportStatus };
export type User = UserJson;
export type Group = GroupJson;
export type Report = ReportJson;

/** A group's review state; answers of the first contract only have `isVerified`. */
export function statusOf(group: Group): GroupStatus {
  return group.status ?? (group.isVerified ? 'verified' : 'pending');
}

export interface Me {
  loggedIn: boolean;
  user?: User;
  csrfToken: string;
}

export interface FieldError {
  field: string;
  message: string;
}

/** An RFC 9457 problem answer, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }

  /** The message for one form field, if the server named it. */
  forField(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}

/** A page of a list and the URL of the next one (from the Link header). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

let csrfToken: string | null = null;

async function request(
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = await csrf();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, { ...init, method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) throw await problemOf(response);
  return response;
}

async function problemOf(response: Response): Promise<ApiError> {
  try {
    const problem = (await response.json()) as {
      code?: string;
      detail?: string;
      title?: string;
      errors?: FieldError[];
    };
    return new ApiError(
      response.status,
      problem.code ?? 'ERROR',
      problem.detail ?? problem.title ?? response.statusText,
      problem.errors ?? [],
    );
  } catch {
    return new ApiError(response.status, 'ERROR', `The server answered ${response.status}.`);
  }
}

async function json<T>(method: string, url: string, body?: unknown, init?: RequestInit): Promise<T> {
  return (await (await request(method, url, body, init)).json()) as T;
}

async function page<T>(url: string): Promise<Page<T>> {
  const response = await request('GET', url);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '');
  return { items: (await response.json()) as T[], next: next ? next[1] : null };
}

/** The CSRF token of this browser; the first /me hands it out and it survives login and logout. */
async function csrf(): Promise<string> {
  if (!csrfToken) await me();
  return csrfToken as string;
}

export async function me(): Promise<Me> {
  const answer = await json<Me>('GET', '/api/auth/me');
  csrfToken = answer.csrfToken;
  return answer;
}

export const auth = {
  me,
  register: (body: { username: string; email: string; password: string }) =>
    json<{ user: User }>('POST', '/api/auth/register', body),
  login: (body: { usernameOrEmail: string; password: string }) =>
    json<{ user: User }>('POST', '/api/auth/login', body),
  logout: async () => {
    await request('POST', '/api/auth/logout');
  },
};

export interface GroupFilter {
  search?: string;
  platform?: string;
  category?: string;
  tag?: string;
  sort?: GroupSortOrder;
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const groups = {
  list: (filter: GroupFilter) => page<Group>(`/api/groups${query({ ...filter, limit: '24' })}`),
  mine: () => page<Group>('/api/groups/mine?limit=50'),
  /** The next page of any list, from its Link header: its path only, so it stays on this page's
   *  origin even when PUBLIC_URL names another (cookies go to this one). */
  more: <T = Group>(next: string) => {
    const url = new URL(next, location.href);
    return page<T>(url.pathname + url.search);
  },
  get: (id: number) => json<{ group: Group }>('GET', `/api/groups/${id}`),
  facets: () => json<GroupFacets>('GET', '/api/groups/facets'),
  submit: (form: FormData) => json<{ group: Group }>('POST', '/api/groups', form),
  /** An owner's edit: only the fields in the form change. */
  edit: (id: number, form: FormData) => json<{ group: Group }>('PATCH', `/api/groups/${id}`, form),
  remove: async (id: number) => {
    await request('DELETE', `/api/groups/${id}`);
  },
  report: async (id: number, body: { reason: ReportReason; text?: string }) => {
    await request('POST', `/api/groups/${id}/reports`, body);
  },
  like: (id: number) =>
    json<{ id: number; likes: number; likedByMe: boolean }>('POST', `/api/groups/${id}/like`),
  unlike: (id: number) =>
    json<{ id: number; likes: number; likedByMe: boolean }>('DELETE', `/api/groups/${id}/like`),
  // Cached briefly by browsers otherwise; asked again (a 304 when unchanged) so a like shows at once.
  stats: () => json<PublicStats>('GET', '/api/public/stats', undefined, { cache: 'no-cache' }),
};

export type AdminGroupState = 'unverified' | 'verified' | 'rejected' | 'all';

export const admin = {
  stats: () => json<AdminStats>('GET', '/api/admin/stats'),
  groups: (state: AdminGroupState) =>
    page<Group>(`/api/admin/groups${query({ state: state === 'all' ? undefined : state, limit: '50' })}`),
  verifyGroup: (id: number) => json<{ group: Group }>('POST', `/api/admin/groups/${id}/verify`),
  rejectGroup: (id: number, reason: string) =>
    json<{ group: Group }>('POST', `/api/admin/groups/${id}/reject`, { reason }),
  reports: (status: ReportStatus) => page<Report>(`/api/admin/reports${query({ status, limit: '50' })}`),
  decideReport: async (id: number, decision: 'resolve' | 'dismiss') => {
    await request('POST', `/api/admin/reports/${id}/${decision}`);
  },
  deleteGroup: async (id: number) => {
    await request('DELETE', `/api/admin/groups/${id}`);
  },
  users: () => json<User[]>('GET', '/api/admin/users'),
  verifyUser: (id: number) => json<{ user: User }>('POST', `/api/admin/users/${id}/verify`),
};
