import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { downloaderFor } from '../../src/downloader/downloader-for.js';
import { PAGE_PATHS } from '../../src/web/web-ui.js';
import { imageBytes, multipart, seedGroup } from '../directory/groups/group-fixtures.js';
import { connect, SteeredEngine } from '../downloader/fake-engine.js';
import { Browser, loggedInBrowser } from '../helpers/browser.js';
import {
  type DocumentedOperation,
  DocumentValidator,
  declaredMediaType,
  fetchDocument,
  mediaTypeOf,
  type OpenApiDocument,
  operationsOf,
  type Parameter,
  type Schema,
} from '../helpers/openapi.js';
import { buildTestApp } from '../helpers/test-app.js';
import { gif, png, storeOf } from '../media/fixtures.js';
import { FakeJikan, jikanAnime, page } from '../v1/anime/fake-jikan.js';

/**
 * The contract test: every operation of the OpenAPI document the app serves is called, with a
 * known-good request, with valid requests and with invalid ones generated from its own schemas
 * (fast-check), and every answer is checked against the document: a documented status, a
 * documented content type, the declared headers, a body that fits the schema, and never a 5xx.
 * An invalid request must be refused with a documented 4xx problem. A route the app serves but
 * the document leaves out, or an operation this test never reached, fails it.
 *
 * CONTRACT_RUNS=20 npm test -- contract runs more generated requests per operation (default 5).
 */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 5);

/** Routes the app serves that are not part of the API and so not in the document. */
const UNDOCUMENTED = new Set([
  'GET /docs',
  'GET /docs/',
  'GET /docs/js/scalar.js',
  'GET /api/v1/openapi.json',
  'GET /metrics',
  // The live queue's short alias, described with GET /api/v1/ws/{id}.
  'GET /ws/{id}',
  ...PAGE_PATHS.map((path) => `GET ${path.replace(/:(\w+)/g, '{$1}')}`),
]);

/** The problem codes of a 5xx that is no bug: a dependency briefly unavailable, and documented. */
const DEPENDENCY_DOWN = new Set([
  'UPSTREAM_FAILED',
  'UPSTREAM_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'QUEUE_UNAVAILABLE',
]);

/** Who sends a request; the fresh ones are made anew for each (logIn starts a session, logOut ends one). */
type Actor = 'anonymous' | 'user' | 'admin' | 'fresh-user' | 'fresh-network';

/** What one request is made of before it is sent. */
interface Call {
  path: Record<string, string>;
  query: Record<string, string | undefined>;
  body?: { json: unknown } | { multipart: Record<string, string> } | { raw: string; type: string };
  headers?: Record<string, string>;
  actor?: Actor;
  /** No CSRF token, though the browser has one. */
  withoutCsrf?: boolean;
  what: string;
}

/** Per operation, what its schemas cannot say: resources that exist, values that mean something. */
interface Fixture {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: Call['body'];
  actor?: Actor;
  /** The canonical request succeeds with this status (default: the lowest documented 1xx/2xx). */
  success?: number;
}

describe('the OpenAPI document is the contract of every route', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  let validator: DocumentValidator;
  let jikan: FakeJikan;
  let engine: SteeredEngine;
  const actors = new Map<Actor, Browser>();
  const fixtures: Record<string, Fixture> = {};
  /** operationId → statuses seen. */
  const walked = new Map<string, Set<number>>();
  let networks = 0;

  after(() => jikan?.close());

  before(async () => {
    jikan = await FakeJikan.start();
    jikan.script('/anime', { status: 200, body: page(jikanAnime(1, 'Cowboy Bebop')) });
    jikan.script('/top/anime', { status: 200, body: page(jikanAnime(1, 'Cowboy Bebop')) });
    app = await buildTestApp({ rateLimitPerMinute: 1_000_000, jikanUrl: jikan.url, downloadWorkers: 1 });
    doc = await fetchDocument(app);
    validator = new DocumentValidator(doc);

    // Media: images with credits, a GIF, a menu backdrop.
    const store = storeOf(app);
    const neko = await store.addBuffer('neko', await png(1), {
      artistName: 'Aki',
      artistHref: 'https://example.org/aki',
      sourceUrl: 'https://example.org/art/1',
    });
    await store.addBuffer('waifu', await png(2));
    await store.addBuffer('hug', await gif(3), { animeName: 'Spring Days' });
    await store.addBuffer('menu', await png(4, 320, 180));

    // Accounts and groups: a verified group, a pending one, one to delete, one with a logo.
    const user = await loggedInBrowser(app);
    const admin = await loggedInBrowser(app, { role: 'admin' });
    actors.set('anonymous', new Browser(app));
    actors.set('user', user);
    actors.set('admin', admin);
    const verified = await seedGroup(app, { verified: true, submittedBy: user.userId });
    const pending = await seedGroup(app, { verified: false, submittedBy: user.userId });
    const doomed = await seedGroup(app, { verified: false });
    const editable = await seedGroup(app, { verified: true, submittedBy: user.userId });
    const disowned = await seedGroup(app, { verified: true, submittedBy: user.userId });
    const rejectable = await seedGroup(app, { verified: false });
    const reportable = await seedGroup(app, { verified: true });
    // Two open reports to decide, one for each way.
    const reported = [await seedGroup(app, { verified: true }), await seedGroup(app, { verified: true })];
    const reports: number[] = [];
    for (const group of reported) {
      const res = await user.post(`/api/groups/${group.id}/reports`, { reason: 'spam' });
      assert.equal(res.statusCode, 201, res.body);
      reports.push(res.json().report.id);
    }
    // A manifest import that has ended (its one file is on an address the fetcher refuses at once).
    const manifest = [{ url: 'https://127.0.0.1:9/contract.png', category: 'neko' }];
    const started = await admin.post('/api/admin/media/imports', manifest);
    assert.equal(started.statusCode, 202, started.body);
    const importId = started.json().import.id as number;
    await until(
      async () =>
        (await admin.get(`/api/admin/media/imports/${importId}`)).json().import.status !== 'running',
    );
    const form = await multipart({
      ...GROUP_FIELDS,
      logo: { bytes: await imageBytes('png'), filename: 'logo.png' },
    });
    const submitted = await user.post('/api/groups', form.payload, { headers: form.headers });
    assert.equal(submitted.statusCode, 201, submitted.body);
    const logoFile = new URL(submitted.json().group.logoUrl).pathname.split('/').pop() as string;

    // Downloads: a steered engine; one job done with a file, one running to cancel.
    const service = await downloaderFor(app);
    engine = new SteeredEngine();
    for (const platform of Object.keys(service.engines) as Array<keyof typeof service.engines>)
      service.engines[platform] = engine;
    service.settings.progressIntervalMs = 0;
    const doneUrl = 'https://youtu.be/aaaaaaaaaaa';
    const done = await submitDownload(app, doneUrl);
    await engine.whenStarted(doneUrl);
    engine.release(doneUrl);
    await until(async () => (await app.inject({ url: `/api/v1/jobs/${done}` })).json().status === 'done');
    const running = await submitDownload(app, 'https://youtu.be/bbbbbbbbbbb');
    const files = (await app.inject({ url: `/api/v1/jobs/${done}` })).json().files as Array<{ name: string }>;

    const sha = neko.sha256;
    Object.assign(fixtures, {
      // Directory
      getGroup: { path: { id: String(verified.id) } },
      likeGroup: { path: { id: String(verified.id) }, actor: 'user' },
      unlikeGroup: { path: { id: String(verified.id) }, actor: 'user' },
      verifyGroup: { path: { id: String(pending.id) }, actor: 'admin' },
      removeGroup: { path: { id: String(doomed.id) }, actor: 'admin' },
      verifyUser: { path: { id: String(user.userId) }, actor: 'admin' },
      editGroup: {
        path: { id: String(editable.id) },
        body: { multipart: { description: 'Edited by the contract test.' } },
        actor: 'user',
      },
      deleteGroup: { path: { id: String(disowned.id) }, actor: 'user' },
      rejectGroup: { path: { id: String(rejectable.id) }, body: { json: { reason: 'Not a real group.' } } },
      reportGroup: {
        path: { id: String(reportable.id) },
        body: { json: { reason: 'dead-link' } },
        actor: 'user',
      },
      resolveReport: { path: { id: String(reports[0]) } },
      dismissReport: { path: { id: String(reports[1]) } },
      startMediaImport: { body: { json: manifest }, actor: 'admin' },
      getMediaImport: { path: { id: String(importId) }, actor: 'admin' },
      listMediaImports: { actor: 'admin' },
      getGenshinCharacterImage: { path: { name: 'hutao' } },
      getGroupLogo: { path: { file: logoFile } },
      submitGroup: { body: { multipart: GROUP_FIELDS }, actor: 'user' },
      listMyGroups: { actor: 'user' },
      registerAccount: {
        body: {
          json: {
            username: 'contract_new',
            email: 'contract_new@example.org',
            password: 'a long passphrase',
          },
        },
      },
      logIn: {
        body: { json: { usernameOrEmail: user.username, password: 'correct horse battery staple' } },
        actor: 'fresh-network',
      },
      logOut: { actor: 'fresh-user' },
      // Bot API
      listCategoryImages: { path: { category: 'neko' } },
      getAnimeItem: { path: { category: 'hug' } },
      getNekosBestCategory: { path: { category: 'neko' } },
      getWaifuPicsImage: { path: { category: 'neko' } },
      listWaifuPicsImages: { path: { category: 'neko' }, body: { json: { exclude: [] } } },
      pickMedia: { path: { category: 'menu' }, query: { raw: '1' } },
      getFile: { path: { name: `${sha}.png` } },
      searchImages: { query: { query: 'Aki' } },
      searchNekosBest: { query: { query: 'Aki' } },
      getGenshinCharacter: { path: { name: 'hutao' } },
      renderCard: { query: { name: 'Mika', level: '5' } },
      convertRoman: { query: { number: '2026' } },
      slugifyText: { query: { text: 'Hello World' } },
      lookUpAnime: { query: { title: 'Cowboy Bebop' } },
      submitDownload: {
        path: { platform: 'youtube' },
        body: { json: { url: 'https://youtu.be/ccccccccccc' } },
        actor: 'fresh-network',
      },
      submitPinterestDownload: {
        body: { json: { url: 'https://www.pinterest.com/pin/123456789012345678/' } },
        actor: 'fresh-network',
      },
      submitThreadsDownload: {
        body: { json: { url: 'https://www.threads.net/@kizuna/post/C0ntr4ct' } },
        actor: 'fresh-network',
      },
      getDownloadJob: { path: { id: done } },
      cancelDownloadJob: { path: { id: running } },
      getDownloadFile: { path: { id: done, name: files[0].name } },
      watchDownloadJob: { path: { id: done }, success: 101 },
    } satisfies Record<string, Fixture>);
  });

  /** The browser of an actor; a fresh user is logged in anew for each request (logOut ends it). */
  async function browserOf(actor: Actor): Promise<Browser> {
    if (actor === 'fresh-user') return loggedInBrowser(app);
    // A client network of its own (TEST-NET-2): its own budget of queued downloads and failed logins.
    if (actor === 'fresh-network') {
      networks = (networks % 250) + 1;
      return new Browser(app, `198.51.100.${networks}`);
    }
    return actors.get(actor) as Browser;
  }

  function actorOf(operation: DocumentedOperation): Actor {
    const fixture = fixtures[operation.operation.operationId as string];
    if (fixture?.actor) return fixture.actor;
    const security = operation.operation.security ?? [];
    // An operation that needs a session is called by an admin: the guards then let every input through.
    return security.length > 0 && security.every((r) => 'session' in r) ? 'admin' : 'anonymous';
  }

  async function send(operation: DocumentedOperation, call: Call): Promise<LightMyRequestResponse> {
    let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(call.path[name] ?? ''),
    );
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query)) if (value !== undefined) query.set(name, value);
    if ([...query].length > 0) url += `?${query}`;
    const options: InjectOptions & { csrf?: boolean } = {
      method: operation.method as 'GET',
      url,
      headers: { ...call.headers },
      csrf: !call.withoutCsrf,
    };
    if (call.body && 'json' in call.body) options.payload = call.body.json as InjectOptions['payload'];
    else if (call.body && 'raw' in call.body) {
      options.payload = call.body.raw;
      (options.headers as Record<string, string>)['content-type'] = call.body.type;
    } else if (call.body && 'multipart' in call.body) {
      const form = await multipart(call.body.multipart);
      options.payload = form.payload;
      Object.assign(options.headers as Record<string, string>, form.headers);
    }
    const browser = await browserOf(call.actor ?? actorOf(operation));
    return browser.request(options);
  }

  /** The answer agrees with the document: status, content type, headers, body. Returns the status. */
  function assertDocumented(operation: DocumentedOperation, call: Call, res: LightMyRequestResponse): number {
    const { method, path } = operation;
    const id = operation.operation.operationId as string;
    const what = `${id} (${method} ${path}) ${call.what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    // A 5xx only where the document says a dependency may be down for a moment (the anime
    // database, the queue, the storage), as such a problem; never an internal error.
    if (res.statusCode >= 500) {
      assert.ok(
        DEPENDENCY_DOWN.has(String(res.json()?.code)) && res.statusCode in operation.operation.responses,
        `a server error: ${what}`,
      );
    }
    const responses = operation.operation.responses;
    const response = responses[String(res.statusCode)] ?? responses[`${String(res.statusCode)[0]}XX`];
    assert.ok(response, `an undocumented status: ${what}`);
    const sent = mediaTypeOf(res.headers['content-type']);
    if (response.content && res.statusCode !== 304 && res.statusCode !== 204) {
      const declared = declaredMediaType(response.content, sent);
      assert.ok(declared, `an undocumented content type ${sent} (${Object.keys(response.content)}): ${what}`);
      const schema = response.content[declared].schema;
      if (/(^application\/json$|\+json$)/.test(declared)) {
        const errors = schema ? validator.errors(schema, JSON.parse(res.body)) : [];
        assert.deepEqual(errors, [], `a body that does not fit its schema: ${what}`);
      } else {
        assert.ok(res.rawPayload.length > 0, `an empty ${declared} body: ${what}`);
      }
    } else {
      assert.equal(res.body, '', `a body where the document declares none: ${what}`);
    }
    if (res.statusCode >= 400)
      assert.equal(sent, 'application/problem+json', `an error that is no problem: ${what}`);
    for (const [name, declaredHeader] of Object.entries(response.headers ?? {})) {
      const header = validator.header(declaredHeader);
      const value = res.headers[name.toLowerCase()];
      if (value === undefined) {
        assert.ok(!header.required, `no ${name} header: ${what}`);
        continue;
      }
      if (!header.schema) continue;
      const typed = header.schema.type === 'integer' ? Number(value) : String(value);
      assert.deepEqual(validator.errors(header.schema, typed), [], `header ${name}: ${value}: ${what}`);
    }
    const seen = walked.get(id) ?? new Set<number>();
    seen.add(res.statusCode);
    walked.set(id, seen);
    return res.statusCode;
  }

  it('documents every route the app serves', () => {
    const documented = new Set(operationsOf(doc).map(({ method, path }) => `${method} ${path}`));
    const served = servedRoutes(app);
    const missing = served.filter((route) => !documented.has(route) && !UNDOCUMENTED.has(route));
    assert.deepEqual(missing, [], 'routes the document leaves out');
    const phantom = [...documented].filter((route) => !served.includes(route));
    assert.deepEqual(phantom, [], 'operations no route serves');
  });

  /**
   * Runs `check` for every operation and fails once at the end with what went wrong for each of
   * them, so that one disagreement does not hide the next.
   */
  async function everyOperation(check: (operation: DocumentedOperation, fixture: Fixture) => Promise<void>) {
    const failures: string[] = [];
    for (const operation of operationsOf(doc)) {
      const fixture = fixtures[operation.operation.operationId as string] ?? {};
      try {
        await check(operation, fixture);
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        failures.push(
          `${operation.operation.operationId}: ${(cause ?? (error as Error)).message.split('\n')[0]}`,
        );
      }
    }
    assert.deepEqual(failures, [], `${failures.length} operations disagree with the document`);
  }

  it('answers a known-good request to every operation with a documented success', async () => {
    await everyOperation(async (operation, fixture) => {
      if (operation.operation.operationId === 'watchDownloadJob') return walkWebSocket(operation, fixture);
      const call = canonicalCall(operation, fixture);
      const res = await send(operation, call);
      const status = assertDocumented(operation, call, res);
      const expected = fixture.success ?? successStatus(operation);
      assert.equal(status, expected, `a known-good request got ${status}: ${res.body.slice(0, 300)}`);
      await walkConditionals(operation, call, res);
    });
  });

  it('answers generated valid requests as documented, never with a 5xx', async () => {
    await everyOperation(async (operation, fixture) => {
      if (operation.operation.operationId === 'watchDownloadJob') return;
      await fc.assert(
        fc.asyncProperty(validCall(operation, fixture), async (call) => {
          assertDocumented(operation, call, await send(operation, call));
        }),
        { numRuns: RUNS },
      );
    });
  });

  it('refuses invalid requests, listed and generated, with a documented 4xx problem', async () => {
    await everyOperation(async (operation, fixture) => {
      const refused = async (call: Call) => {
        const status = assertDocumented(operation, call, await send(operation, call));
        assert.ok(status >= 400 && status < 500, `${call.what}: accepted with ${status}`);
      };
      for (const call of brokenCalls(operation, fixture)) await refused(call);
      const generated = generatedBrokenCall(operation, fixture);
      if (generated) await fc.assert(fc.asyncProperty(generated, refused), { numRuns: RUNS });
    });
  });

  it('refuses calls without the session or CSRF token an operation needs', async () => {
    await everyOperation(async (operation, fixture) => {
      const security = operation.operation.security ?? [];
      if (security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0))
        return;
      const base = canonicalCall(operation, fixture);
      if (security.every((r) => 'session' in r)) {
        const call = { ...base, actor: 'anonymous' as const, what: 'without a session' };
        assert.equal(assertDocumented(operation, call, await send(operation, call)), 401, call.what);
      }
      if (security.every((r) => 'csrfToken' in r)) {
        const call = { ...base, withoutCsrf: true, what: 'without the CSRF token' };
        assert.equal(assertDocumented(operation, call, await send(operation, call)), 403, call.what);
      }
    });
  });

  it('answers a spent rate limit with a documented 429 on every mount', async () => {
    const limited = await buildTestApp({ rateLimitPerMinute: 1 });
    const anonymous = new Browser(limited);
    for (const path of ['/api/v1/util/uuid', '/api/v2/endpoints', '/sfw/{category}']) {
      const operation = operationsOf(doc).find(
        (o) => o.path === path && o.method === 'GET',
      ) as DocumentedOperation;
      const call: Call = { path: { category: 'neko' }, query: {}, what: 'past the rate limit' };
      const url = path.replace('{category}', 'neko');
      await anonymous.get(url);
      const res = await anonymous.get(url);
      assert.equal(assertDocumented(operation, call, res), 429, `${path}: ${res.body}`);
    }
  });

  it('reached every operation of the document', () => {
    const never = operationsOf(doc)
      .map(({ operation }) => operation.operationId as string)
      .filter((id) => !walked.has(id));
    if (process.env.CONTRACT_REPORT)
      for (const [id, statuses] of walked) console.log(id, [...statuses].sort().join(' '));
    assert.deepEqual(never, [], 'operations the contract test never called');
  });

  /** GET /api/v1/ws/{id}: a plain GET is refused (426); an upgrade opens (101) and says where the job stands. */
  async function walkWebSocket(operation: DocumentedOperation, fixture: Fixture) {
    const plain: Call = { path: fixture.path ?? {}, query: {}, what: 'without Upgrade' };
    assert.equal(assertDocumented(operation, plain, await send(operation, plain)), 426);
    const url = operation.path.replace('{id}', fixture.path?.id ?? '');
    const talk = await connect(app, url);
    const upgrade = await new Promise<number>((resolve, reject) => {
      talk.socket.once('upgrade', (response) => resolve(response.statusCode ?? 0));
      talk.socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`${response.statusCode}`)),
      );
    });
    assert.ok(operation.operation.responses[String(upgrade)], `${upgrade} is not documented`);
    await talk.received(1);
    assert.equal(talk.messages[0].type, 'done');
    assert.equal((await talk.closed).code, 1000);
    walked.get('watchDownloadJob')?.add(upgrade);
  }

  /** After a 200, the conditional answers the operation documents: 304, 206, 416, 412. */
  async function walkConditionals(operation: DocumentedOperation, call: Call, first: LightMyRequestResponse) {
    if (first.statusCode !== 200 || operation.method !== 'GET') return;
    const responses = operation.operation.responses;
    const etag = first.headers.etag;
    const variants: Array<[string, Record<string, string>, number]> = [];
    if (responses['304'] && typeof etag === 'string')
      variants.push(['If-None-Match', { 'if-none-match': etag }, 304]);
    if (responses['206']) variants.push(['Range', { range: 'bytes=0-0' }, 206]);
    if (responses['416']) variants.push(['a Range past the end', { range: 'bytes=999999999-' }, 416]);
    if (responses['412']) variants.push(['another If-Match', { 'if-match': '"not-this-one"' }, 412]);
    for (const [what, headers, expected] of variants) {
      const conditional = { ...call, headers: { ...call.headers, ...headers }, what: `with ${what}` };
      const res = await send(operation, conditional);
      // A random pick (raw=1) answers a Range with the whole file: either is documented.
      const status = assertDocumented(operation, conditional, res);
      if (operation.operation.operationId !== 'pickMedia') assert.equal(status, expected, conditional.what);
    }
  }
});

const GROUP_FIELDS = {
  title: 'Contract Club',
  platform: 'Telegram',
  category: 'Anime',
  inviteLink: 'https://t.me/contractclub',
  description: 'A group the contract test submits.',
};

async function submitDownload(app: FastifyInstance, url: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/d/youtube', payload: { url } });
  assert.equal(res.statusCode, 202, res.body);
  return res.json().id;
}

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The routes the app serves as `METHOD /path/{param}`, from Fastify's own router. */
function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack
      .join('')
      .replace(/^\/+/, '/')
      .replace(/:(\w+)/g, '{$1}');
    for (const method of match[3].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push(`${method} ${path.startsWith('/') ? path : `/${path}`}`);
    }
  }
  return routes;
}

/** The status a known-good request should get: the operation's lowest documented success. */
function successStatus(operation: DocumentedOperation): number {
  const statuses = Object.keys(operation.operation.responses)
    .map(Number)
    .filter((status) => status < 300);
  return Math.min(...statuses);
}

function parametersOf(operation: DocumentedOperation, where: Parameter['in']): Parameter[] {
  return (operation.operation.parameters ?? []).filter((p) => p.in === where);
}

/** A plain value a schema takes: its example, its first choice, or the smallest that fits. */
function sampleOf(schema: Schema, example?: unknown): unknown {
  if (example !== undefined) return example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  // Plain text: a word, which every text field takes.
  if (schema.type === 'string' && !schema.pattern && !schema.format) {
    const word = 'kizuna'.slice(0, (schema.maxLength as number | undefined) ?? 6);
    return word.padEnd((schema.minLength as number | undefined) ?? 0, 'a');
  }
  return fc.sample(arbitraryOf(schema), { numRuns: 1, seed: 42 })[0];
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function canonicalCall(operation: DocumentedOperation, fixture: Fixture): Call {
  const path: Record<string, string> = {};
  for (const p of parametersOf(operation, 'path'))
    path[p.name] = fixture.path?.[p.name] ?? asText(sampleOf(p.schema, p.example));
  const query: Record<string, string | undefined> = {};
  for (const p of parametersOf(operation, 'query')) {
    if (fixture.query?.[p.name] !== undefined) query[p.name] = fixture.query[p.name];
    else if (p.required) query[p.name] = asText(sampleOf(p.schema, p.example));
  }
  return { path, query, body: fixture.body ?? canonicalBody(operation), what: 'the known-good request' };
}

function canonicalBody(operation: DocumentedOperation): Call['body'] {
  const content = operation.operation.requestBody?.content;
  if (!content) return undefined;
  const schema = content['application/json']?.schema;
  return schema ? { json: sampleOf(schema) } : undefined;
}

/** Values a JSON schema takes (enough of them; the document's own validator has the last word). */
function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(arbitraryOf));
  switch (schema.type) {
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      return fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
    }
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? { type: 'string' };
      return fc.array(arbitraryOf(items), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3),
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s)])),
        { requiredKeys: [...required].filter((name) => name in properties) },
      );
    }
    default:
      return stringArbitrary(schema);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, 40);
  if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['https'] });
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern as string);
    // Anchored patterns generate themselves; a bare "\S" asks for any text with a letter in it.
    const fits = (s: string) =>
      s.length >= minLength &&
      s.length <= ((schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY);
    try {
      if (schema.pattern.startsWith('^')) return fc.stringMatching(pattern).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): filtered text instead.
    }
    return fc
      .string({ minLength: Math.max(1, minLength), maxLength })
      .filter((s) => pattern.test(s) && fits(s));
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function validCall(operation: DocumentedOperation, fixture: Fixture): fc.Arbitrary<Call> {
  const base = canonicalCall(operation, fixture);
  const query: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const p of parametersOf(operation, 'query')) {
    const value = arbitraryOf(p.schema).map(asText);
    query[p.name] = p.required ? value : fc.option(value, { nil: undefined });
  }
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const p of parametersOf(operation, 'path'))
    path[p.name] =
      fixture.path?.[p.name] !== undefined
        ? fc.constant(fixture.path[p.name])
        : arbitraryOf(p.schema).map(asText);
  const jsonSchema = operation.operation.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<Call['body']> = jsonSchema
    ? fc.oneof(
        fc.constant(base.body),
        arbitraryOf(jsonSchema).map((json) => ({ json })),
      )
    : fc.constant(base.body);
  return fc.record({ path: fc.record(path), query: fc.record(query), body }).map((parts) => ({
    ...parts,
    path: parts.path as Record<string, string>,
    query: parts.query as Record<string, string | undefined>,
    what: `generated: ${JSON.stringify(parts).slice(0, 300)}`,
  }));
}

/** Values that break a schema, as they travel in a URL: one of each kind. */
function breakersOf(parameter: Parameter): string[] {
  const schema = parameter.schema;
  const out: string[] = [];
  if (Array.isArray(schema.enum)) out.push('not-a-choice');
  if (schema.type === 'integer') {
    out.push('abc', '1.5');
    if (typeof schema.maximum === 'number') out.push(String(schema.maximum + 1));
    if (typeof schema.minimum === 'number') out.push(String(schema.minimum - 1));
  }
  if (schema.type === 'string' && !Array.isArray(schema.enum)) {
    if (typeof schema.maxLength === 'number') out.push('x'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0 && parameter.in !== 'path') out.push('');
    if (typeof schema.pattern === 'string') out.push(' ', '!!');
  }
  return out.filter((value) => breaks(schema, value));
}

/**
 * Random values that break a parameter's schema, as they travel in a URL; none for a parameter
 * that takes any text. Path values stay one non-empty segment shorter than the router's limit.
 */
function generatedBreaker(parameter: Parameter): fc.Arbitrary<string> | undefined {
  const schema = parameter.schema;
  const segment = (s: string) => parameter.in !== 'path' || (s.trim() !== '' && s !== '.' && s !== '..');
  const kinds: Array<fc.Arbitrary<string>> = [];
  if (Array.isArray(schema.enum) || typeof schema.pattern === 'string')
    kinds.push(fc.string({ maxLength: 20 }));
  if (schema.type === 'integer') {
    kinds.push(fc.string({ minLength: 1, maxLength: 8 }));
    if (typeof schema.maximum === 'number')
      kinds.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1_000_000 }).map(String));
    if (typeof schema.minimum === 'number')
      kinds.push(fc.integer({ min: schema.minimum - 1_000_000, max: schema.minimum - 1 }).map(String));
  }
  if (schema.type === 'string' && typeof schema.maxLength === 'number')
    kinds.push(fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 30 }));
  if (kinds.length === 0) return undefined;
  return fc.oneof(...kinds).filter((value) => segment(value) && breaks(schema, value));
}

/**
 * Whether a value sent in a URL fails the schema, as the server reads it: closed choices take any
 * letter case, and a number in any notation JavaScript reads (` 5`, `1e3`, `0x10`) is that number.
 */
function breaks(schema: Schema, value: string): boolean {
  if (Array.isArray(schema.enum)) return !schema.enum.map(String).includes(value.trim().toLowerCase());
  if (schema.type === 'integer') {
    if (value === '') return true;
    const n = Number(value);
    if (!Number.isInteger(n)) return true;
    return (
      (typeof schema.maximum === 'number' && n > schema.maximum) ||
      (typeof schema.minimum === 'number' && n < schema.minimum)
    );
  }
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return true;
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return true;
  return typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value);
}

/** A value a path parameter takes that names nothing the test made. */
function absentValue(schema: Schema): string {
  if (schema.type === 'integer')
    return String(typeof schema.maximum === 'number' ? schema.maximum : 2147483000);
  if (!breaks(schema, 'nothing-here')) return 'nothing-here';
  return asText(fc.sample(arbitraryOf(schema), { numRuns: 1, seed: 7 })[0]);
}

const PARAMETER_PLACES = ['query', 'path'] as const;

/**
 * The known-good request with one input broken, one call per kind of break: each parameter out
 * of its schema, each required one left out, a path naming nothing, and a body that is no JSON,
 * the wrong JSON or the wrong Content-Type.
 */
function brokenCalls(operation: DocumentedOperation, fixture: Fixture): Call[] {
  const base = canonicalCall(operation, fixture);
  const calls: Call[] = [];
  for (const p of PARAMETER_PLACES.flatMap((place) => parametersOf(operation, place))) {
    const where = p.in as (typeof PARAMETER_PLACES)[number];
    for (const value of breakersOf(p))
      calls.push({
        ...base,
        [where]: { ...base[where], [p.name]: value },
        what: `${p.name}=${JSON.stringify(value)}`,
      });
    if (where === 'query' && p.required)
      calls.push({ ...base, query: { ...base.query, [p.name]: undefined }, what: `without ${p.name}` });
    // A value that fits the schema but names nothing there is: a documented 404 (or 400).
    const named = fixture.path?.[p.name];
    if (where === 'path' && named !== undefined && !Array.isArray(p.schema.enum)) {
      const nothing = absentValue(p.schema);
      if (nothing !== named)
        calls.push({ ...base, path: { ...base.path, [p.name]: nothing }, what: `${p.name} naming nothing` });
    }
  }
  const content = operation.operation.requestBody?.content;
  if (content?.['application/json']) {
    calls.push({ ...base, body: { raw: '{"broken":', type: 'application/json' }, what: 'malformed JSON' });
    calls.push({ ...base, body: { json: [1, 2, 3] }, what: 'an array for a body' });
    calls.push({ ...base, body: { raw: 'hello', type: 'text/plain' }, what: 'text for JSON' });
    const schema = content['application/json'].schema as { required?: string[] };
    if (schema.required?.length) calls.push({ ...base, body: { json: {} }, what: 'an empty object' });
  }
  const form = content?.['multipart/form-data'];
  if (form) {
    calls.push({ ...base, body: { json: GROUP_FIELDS }, what: 'JSON for a form' });
    const required = (form.schema as { required?: string[] } | undefined)?.required ?? [];
    if (required.length > 0) {
      const [dropped] = required;
      const fields = { ...(base.body && 'multipart' in base.body ? base.body.multipart : {}) };
      delete fields[dropped];
      calls.push({ ...base, body: { multipart: fields }, what: `a form without ${dropped}` });
    }
  }
  return calls;
}

/** The known-good request with one parameter set to a generated value its schema refuses. */
function generatedBrokenCall(
  operation: DocumentedOperation,
  fixture: Fixture,
): fc.Arbitrary<Call> | undefined {
  const base = canonicalCall(operation, fixture);
  const choices: Array<fc.Arbitrary<Call>> = [];
  for (const p of PARAMETER_PLACES.flatMap((place) => parametersOf(operation, place))) {
    const where = p.in as (typeof PARAMETER_PLACES)[number];
    const breaker = generatedBreaker(p);
    if (breaker)
      choices.push(
        breaker.map((value) => ({
          ...base,
          [where]: { ...base[where], [p.name]: value },
          what: `${p.name}=${JSON.stringify(value)}`,
        })),
      );
  }
  return choices.length > 0 ? fc.oneof(...choices) : undefined;
}
