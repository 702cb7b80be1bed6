import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requestClientNetwork } from '../../lib/client-network.js';
import {
  badRequest,
  type FieldError,
  forbidden,
  invalidFields,
  notFound,
  Problem,
} from '../../lib/problem.js';
import { IdParams, problemResponses, responseHeaders } from '../../lib/schemas.js';
import {
  type EDITABLE_FIELDS,
  GROUP_SORTS,
  LOGO_MAX_BYTES,
  SUBMISSION_MAX_LENGTH as MAX,
  type SubmissionField,
  TRENDING_DAYS,
} from '../directory-contract.js';
import { groupFacets } from '../stats/stats-repository.js';
import { WRITE_BUDGET_WINDOW_MS, withinBudgets } from '../write-budget.js';
import { type GroupRow, GroupSchema } from './group-json.js';
import { addViewFields, groupJsonFor, groupPage, PAGE_HEADERS, PageQuery } from './group-page.js';
import type { GroupService } from './group-service.js';
import { GROUP_STATE } from './group-state.js';
import { parseEdit, parseSubmission } from './group-submission.js';
import { findGroup, likedGroupIds } from './groups-repository.js';
import { type Logo, reencodeLogo } from './logo-image.js';
import { multipartProblem } from './multipart-errors.js';
import type { PageCache } from './page-cache.js';
import { canonicalPlatform, nameKey } from './platforms.js';
import { searchTerms } from './search-text.js';
import { MAX_TAG_LENGTH, normaliseTag } from './tags.js';

const SubmitBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: MAX.title }),
    platform: Type.String({
      minLength: 1,
      maxLength: MAX.platform,
      examples: ['WhatsApp', 'Telegram', 'Discord'],
    }),
    category: Type.String({ minLength: 1, maxLength: MAX.category }),
    inviteLink: Type.String({
      minLength: 1,
      maxLength: MAX.inviteLink,
      description: 'https link that fits the platform',
    }),
    description: Type.String({ minLength: 1, maxLength: MAX.description }),
    tags: Type.Optional(
      Type.Union(
        [Type.String({ maxLength: 1000 }), Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 20 })],
        {
          description: 'Comma-separated, a JSON array string, or the field repeated',
        },
      ),
    ),
    logo: Type.Optional(
      // A file part arrives as a Buffer (an object to the validator); its bytes are checked later.
      Type.Unsafe<Buffer | string>({
        anyOf: [{ type: 'string', format: 'binary' }, { type: 'object' }],
        description: 'PNG, JPEG, WebP or GIF, at most 2 MiB',
      }),
    ),
    externalImageUrl: Type.Optional(
      Type.String({ maxLength: MAX.externalImageUrl, description: 'https URL of an image elsewhere' }),
    ),
  } satisfies Record<SubmissionField, unknown>,
  { additionalProperties: false },
);

/** An owner's edit: the editable parts of a submission (not the platform), each optional. */
const EditBody = Type.Object(
  {
    title: Type.Optional(SubmitBody.properties.title),
    category: Type.Optional(SubmitBody.properties.category),
    inviteLink: Type.Optional(SubmitBody.properties.inviteLink),
    description: Type.Optional(SubmitBody.properties.description),
    tags: SubmitBody.properties.tags,
    logo: SubmitBody.properties.logo,
    externalImageUrl: SubmitBody.properties.externalImageUrl,
  } satisfies Record<(typeof EDITABLE_FIELDS)[number], unknown>,
  { additionalProperties: false },
);

/**
 * What a submission form may hold: one file (the logo), 20 text fields (each field once, tags
 * repeated a dozen times more), 25 parts in all.
 */
const FORM_LIMITS = { files: 1, fields: 20, parts: 25 };

const TEXT_FIELDS = new Set(Object.keys(SubmitBody.properties).filter((name) => name !== 'logo'));

/**
 * Parts the schema would not catch, or would drop without a word (it removes unknown properties):
 * a logo sent as a text field, a file under any other name (`avatar`), a text field we do not
 * know. Each is a 400 naming the part, so nothing the submitter sent is ignored silently. With the
 * plugin's key-values body, a file part is a Buffer and a text part a string (or parsed JSON).
 */
export function misplacedParts(body: Record<string, unknown> | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(body ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    const files = values.filter((v) => Buffer.isBuffer(v)).length;
    if (name === 'logo') {
      if (files < values.length) errors.push({ field: name, message: 'must be a file, not a text field' });
    } else if (!TEXT_FIELDS.has(name)) {
      const what =
        files > 0 ? 'is a file under an unknown name; the logo goes in logo' : 'is not a field of a group';
      errors.push({ field: name, message: what });
    } else if (files > 0) {
      errors.push({ field: name, message: 'must be a text field, not a file' });
    }
  }
  return errors;
}

const ListQuery = Type.Object({
  platform: Type.Optional(
    Type.String({ maxLength: 40, description: 'Exact platform name, any letter case' }),
  ),
  category: Type.Optional(Type.String({ maxLength: 50, description: 'Exact category, any letter case' })),
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Words that must each begin a word of the title, description or tags',
    }),
  ),
  tag: Type.Optional(
    Type.String({
      maxLength: MAX_TAG_LENGTH + 10,
      description: 'Only groups with this tag, any letter case',
    }),
  ),
  sort: Type.Optional(
    Type.Enum([...GROUP_SORTS], {
      default: 'newest',
      description: `newest first; likes: most liked first; trending: most likes in the last ${TRENDING_DAYS} days first, then the others newest first; relevance: with search words, by where they are found (title, then tags, then description), without them newest first`,
    }),
  ),
  ...PageQuery,
});

const MineQuery = Type.Object({ ...PageQuery });

const NO_SEARCH = searchTerms('');

const GROUP_EXAMPLE = {
  id: 17,
  title: 'Naruto Fans DE',
  platform: 'WhatsApp',
  category: 'Anime',
  inviteLink: 'https://chat.whatsapp.com/AbCdEf123',
  description: 'Ninjas and ramen, every evening.',
  tags: ['naruto', 'anime'],
  logoUrl: 'https://kizuna.example/api/groups/logos/q7f2k9x1.webp',
  externalImageUrl: null,
  likes: 12,
  isVerified: true,
  createdAt: '2026-04-30T18:22:05.000Z',
  status: 'verified',
};

/** A page of groups; the next one, when there is one, is in the Link header. */
const GroupPage = (examples: unknown[] = []) =>
  Type.Array(GroupSchema, { headers: responseHeaders('Link'), ...(examples.length > 0 ? { examples } : {}) });

const NameCounts = Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() }), {
  description: 'Most groups first, then by name',
});

/** GET /api/groups/facets; its type is GroupFacets. */
export const GroupFacetsSchema = Type.Object({
  platforms: NameCounts,
  categories: NameCounts,
  tags: NameCounts,
});

export const groupRoutes: FastifyPluginAsyncTypebox<{ pageCache: PageCache; groups: GroupService }> = async (
  app,
  { pageCache, groups },
) => {
  // Only this scope parses multipart; the whole upload is held in memory (at most 2 MiB) and never
  // touches the disk before it has been checked.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: LOGO_MAX_BYTES,
      ...FORM_LIMITS,
      // Far above every field's maxLength, so a value cut at this limit still fails the schema.
      fieldSize: 64 * 1024,
      headerPairs: 50,
    },
  });

  // Turned into a problem here; everything else goes on to the service's own error handler.
  app.setErrorHandler((error: FastifyError) => {
    throw multipartProblem(error, FORM_LIMITS) ?? error;
  });

  app.get(
    '/groups',
    {
      config: { cache: 'private' },
      schema: {
        operationId: 'listGroups',
        tags: ['groups'],
        summary: 'Public groups, newest first or in another order',
        description: `Filters combine with AND. The cursor carries the position in its order; a cursor of another order is a 400. ${PAGE_HEADERS.description}`,
        querystring: ListQuery,
        response: { 200: GroupPage([[GROUP_EXAMPLE]]), ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { platform, category, tag, search, sort, limit, cursor } = request.query;
      const platformKey = platform?.trim() ? nameKey(canonicalPlatform(platform)) : undefined;
      const categoryKey = category?.trim() ? nameKey(category) : undefined;
      const tagKey = tag === undefined ? '' : normaliseTag(tag);
      if (tagKey.length > MAX_TAG_LENGTH)
        throw badRequest('tag', `has more than ${MAX_TAG_LENGTH} characters`);
      // Most lists have no search: the first page of every visitor skips the normalisation.
      const terms = search ? searchTerms(search) : NO_SEARCH;
      if (!terms.ok) throw badRequest('search', terms.message);
      const filter = {
        verified: true,
        platformKey,
        categoryKey,
        tag: tagKey === '' ? undefined : tagKey,
        search: terms.terms,
      };
      const page = () => groupPage(request, reply, filter, { limit, cursor, sort });
      // Personal pages (likedByMe) are never cached; the Link header holds our absolute URL, so the
      // key includes the origin the request came in through.
      if (request.user) return page();
      const key = `${request.protocol}://${request.host}${request.url}`;
      let cached = pageCache.get(key);
      if (!cached) {
        const generation = pageCache.generation;
        const body = Buffer.from(String(reply.serialize(await page())), 'utf8');
        const link = reply.getHeader('link');
        cached = { body, link: typeof link === 'string' ? link : undefined };
        pageCache.set(key, cached, generation);
      }
      if (cached.link) reply.header('link', cached.link);
      // Already serialised by this route's own schema and encoded; sent as it is.
      const raw: FastifyReply = reply;
      return raw.type('application/json; charset=utf-8').send(cached.body);
    },
  );

  app.get(
    '/groups/mine',
    {
      config: { cache: 'private', auth: 'user' },
      schema: {
        operationId: 'listMyGroups',
        tags: ['groups'],
        summary: 'My own submissions, pending ones included, newest first',
        description: PAGE_HEADERS.description,
        querystring: MineQuery,
        response: { 200: GroupPage(), ...problemResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const userId = request.user?.id as number;
      return groupPage(request, reply, { submittedBy: userId }, request.query, { view: 'owner' });
    },
  );

  app.get(
    '/groups/facets',
    {
      config: { cache: 'catalog' },
      schema: {
        tags: ['groups'],
        operationId: 'getGroupFacets',
        summary: 'Public groups per platform, category and tag (the 50 most used)',
        description:
          'For filters that show their counts. Read from counters the database keeps; kept by caches for a minute.',
        response: {
          200: GroupFacetsSchema,
        },
      },
    },
    async () => groupFacets(app.db),
  );

  app.get(
    '/groups/:id',
    {
      config: { cache: 'private' },
      schema: {
        operationId: 'getGroup',
        tags: ['groups'],
        summary: 'One group: public ones for everybody, any other for its submitter and admins',
        description:
          'Its submitter also sees why it was rejected (`rejectionReason`); an admin also who submitted it and its open reports.',
        params: IdParams,
        response: {
          200: Type.Object(
            { group: GroupSchema },
            { examples: [{ group: { ...GROUP_EXAMPLE, likedByMe: false } }] },
          ),
          ...problemResponses(400, 404),
        },
      },
    },
    async (request) => {
      const row = await findGroup(app.db, request.params.id);
      const user = request.user;
      const view =
        !row || !user
          ? 'public'
          : user.role === 'admin'
            ? 'admin'
            : user.id === row.submitted_by
              ? 'owner'
              : 'public';
      if (!row || (row.is_verified !== GROUP_STATE.public && view === 'public')) {
        throw notFound(`No group with id ${request.params.id}.`);
      }
      return { group: await groupJson(request, row, view) };
    },
  );

  /** One group as this request sees it: with likedByMe, and the fields of its view. */
  async function groupJson(request: FastifyRequest, row: GroupRow, view: 'public' | 'owner' | 'admin') {
    const group = groupJsonFor(request)(row);
    const user = request.user;
    if (user) group.likedByMe = (await likedGroupIds(app.db, user.id, [row.id])).has(row.id);
    await addViewFields(app.db, [row], [group], view);
    return group;
  }

  app.patch(
    '/groups/:id',
    {
      config: { auth: 'user', csrf: true, cache: 'private' },
      preValidation: async (request) => {
        if (!request.isMultipart()) {
          throw new Problem('UNSUPPORTED_MEDIA_TYPE', 'Send the changes as multipart/form-data.');
        }
        const body = request.body as Record<string, unknown> | undefined;
        const errors = misplacedParts(body);
        if (body && 'platform' in body) {
          errors.push({
            field: 'platform',
            message: 'cannot be changed; submit the group anew for another platform',
          });
        }
        if (errors.length > 0) throw invalidFields(errors);
      },
      schema: {
        tags: ['groups'],
        operationId: 'editGroup',
        summary: 'Change my group: only the fields sent change',
        description:
          'multipart/form-data with any of title, category, inviteLink, description, tags, logo, externalImageUrl, held to the rules of a submission (an empty externalImageUrl or tags takes them away). A change to the title, the invite link, the logo or the outside image sends a verified group back to review (`status: pending`); the other fields change at once. Any change to a rejected group sends it back to review. Only the submitter may edit (403).',
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: EditBody,
        response: {
          200: Type.Object({ group: GroupSchema }),
          ...problemResponses(400, 401, 403, 404, 413, 415, 503),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const userId = request.user?.id as number;
      const { logo, ...fields } = request.body;
      // Refusals that need no image first: an unknown group, someone else's, a field that breaks
      // the rules. The service checks owner and rules again against the row it changes.
      const current = await findGroup(app.db, id);
      if (!current) throw notFound(`No group with id ${id}.`);
      if (current.submitted_by !== userId) throw forbidden('Only the owner of a group may change it.');
      const parsed = parseEdit(current, fields);
      if (!parsed.ok) throw invalidFields(parsed.errors);
      let image: Logo | null = null;
      if (Buffer.isBuffer(logo) && logo.length > 0) image = await reencodeLogo(logo);
      const row = await groups.edit(id, userId, fields, image, request.log);
      if (!row) throw notFound(`No group with id ${id}.`);
      return { group: await groupJson(request, row, 'owner') };
    },
  );

  app.delete(
    '/groups/:id',
    {
      config: { auth: 'user', csrf: true, cache: 'private' },
      schema: {
        tags: ['groups'],
        operationId: 'deleteGroup',
        summary: 'Delete my group permanently, with its likes, reports and logo',
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if ((await groups.removeOwn(id, request.user?.id as number, request.log)) === 'not-found') {
        throw notFound(`No group with id ${id}.`);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/groups',
    {
      // Guards run in onRequest (route-contract.ts): a refused request never uploads anything.
      config: { auth: 'user', csrf: true, cache: 'private' },
      // Runs after the multipart plugin has read the form into request.body, before the schema.
      preValidation: async (request) => {
        if (!request.isMultipart()) {
          throw new Problem('UNSUPPORTED_MEDIA_TYPE', 'Send the group as multipart/form-data.');
        }
        const errors = misplacedParts(request.body as Record<string, unknown>);
        if (errors.length > 0) throw invalidFields(errors);
      },
      schema: {
        operationId: 'submitGroup',
        tags: ['groups'],
        summary: 'Submit a group for moderation',
        description: 'multipart/form-data. The group stays hidden until an admin verifies it.',
        consumes: ['multipart/form-data'],
        body: SubmitBody,
        response: {
          201: Type.Object({ group: GroupSchema }),
          ...problemResponses(400, 401, 403, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { logo, ...fields } = request.body;
      const parsed = parseSubmission(fields);
      if (!parsed.ok) throw invalidFields(parsed.errors);

      // Counted per account and per client network, so neither many accounts on one network nor
      // one account from many networks gets past the budget; spent before the logo is decoded.
      const limit = app.config.groupSubmissionsPerHour;
      const budgets = [
        { key: `submit:account:${request.user?.id}`, limit, windowMs: WRITE_BUDGET_WINDOW_MS },
        { key: `submit:network:${requestClientNetwork(request)}`, limit, windowMs: WRITE_BUDGET_WINDOW_MS },
      ];
      const row = await withinBudgets(app.db, budgets, async () => {
        // misplacedParts has made sure a logo is one file; an empty one (a file input left empty) is none.
        let image: Logo | null = null;
        if (Buffer.isBuffer(logo) && logo.length > 0) image = await reencodeLogo(logo);
        return groups.submit(parsed.value, image, request.user?.id ?? null);
      });
      const group = groupJsonFor(request)(row);
      return reply.code(201).send({ group: { ...group, likedByMe: false } });
    },
  );
};
