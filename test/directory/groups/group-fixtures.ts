import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { parseSubmission } from '../../../src/directory/groups/group-submission.js';
import { insertGroup } from '../../../src/directory/groups/groups-repository.js';
import type { Browser } from '../../helpers/browser.js';

/** Real image bytes of each accepted kind, made by sharp. */
export async function imageBytes(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  if (format === 'png') return base.png().toBuffer();
  if (format === 'jpeg') return base.jpeg().toBuffer();
  if (format === 'webp') return base.webp().toBuffer();
  return base.gif().toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export type FormValue = string | { bytes: Buffer; filename: string; type?: string };

/** A multipart/form-data body as a browser would send it. */
export async function multipart(
  fields: Record<string, FormValue | FormValue[]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') form.append(name, item);
      else
        form.append(
          name,
          new Blob([new Uint8Array(item.bytes)], { type: item.type ?? 'application/octet-stream' }),
          item.filename,
        );
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

export const VALID_FIELDS = {
  title: 'Naruto Fans',
  platform: 'WhatsApp',
  category: 'Anime',
  inviteLink: 'https://chat.whatsapp.com/AbCdEf123',
  description: 'A friendly group about Naruto and Boruto.',
};

/** POST /api/groups as this browser with the given form fields. */
export async function submitGroup(
  browser: Browser,
  fields: Record<string, FormValue | FormValue[]>,
  options: { csrf?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields);
  return browser.post('/api/groups', body.payload, {
    headers: { ...body.headers, ...options.headers },
    csrf: options.csrf,
  });
}

/** PATCH /api/groups/:id as this browser with the given form fields (an owner's edit). */
export async function editGroup(
  browser: Browser,
  id: number,
  fields: Record<string, FormValue | FormValue[]>,
  options: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields);
  return browser.request({
    method: 'PATCH',
    url: `/api/groups/${id}`,
    payload: body.payload,
    headers: body.headers,
    csrf: options.csrf,
  });
}

let seeded = 0;

/** Puts a group straight into the database (verified unless told otherwise); newer ones later. */
export async function seedGroup(
  app: FastifyInstance,
  input: Partial<{
    title: string;
    platform: string;
    category: string;
    inviteLink: string;
    description: string;
    tags: string;
    verified: boolean;
    submittedBy: number | null;
    createdAt: string;
  }> = {},
) {
  seeded += 1;
  const parsed = parseSubmission({
    title: input.title ?? `Group ${seeded}`,
    platform: input.platform ?? 'Telegram',
    category: input.category ?? 'Chat',
    inviteLink: input.inviteLink ?? `https://t.me/group${seeded}`,
    description: input.description ?? 'Just a group.',
    tags: input.tags,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return insertGroup(app.db, {
    ...parsed.value,
    logoFile: null,
    submittedBy: input.submittedBy ?? null,
    verified: input.verified ?? true,
    createdAt: input.createdAt ?? new Date(Date.UTC(2026, 0, 1) + seeded * 1000).toISOString(),
  });
}
