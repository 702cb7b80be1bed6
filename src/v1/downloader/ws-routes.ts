import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { downloaderFor } from '../../downloader/downloader-for.js';
import type { BusMessage, JobEvent } from '../../downloader/job.js';
import { Problem } from '../../lib/problem.js';
import { problemResponses } from '../../lib/schemas.js';
import { JobIdParams, toWireMessage } from './job-json.js';

/**
 * Close codes of the live queue: 1000 after the final message, 4404 for an unknown id, 1013 (try
 * again later) when this instance cannot follow the job's events (the shared queue is down).
 */
export const CLOSE_UNKNOWN_JOB = 4404;
export const CLOSE_TRY_AGAIN = 1013;

/** The last word to a watcher whose job this instance cannot follow; the job itself may go on. */
const UNFOLLOWABLE = {
  code: 'QUEUE_UNAVAILABLE',
  message:
    'Live updates are unavailable right now (the download queue cannot be reached). The download may still finish: reconnect in a few seconds, or ask its status URL.',
} as const;

/** What the OpenAPI document says of the live queue: the messages a WebSocket cannot declare otherwise. */
const LIVE_QUEUE_DESCRIPTION = `Open a WebSocket (\`ws://\` or \`wss://\` on this host; the \`ws\` URL of a queued job's
answer) to follow one download live. The server speaks, the client only listens: every message is
one JSON text frame with \`type\` and \`id\`.

| \`type\` | other members | when |
|---|---|---|
| \`queued\` | \`position\` (1-based place in line) | at once for a waiting job, then whenever its place changes |
| \`progress\` | \`percent\` (0–100), \`speed\` (bytes/s or null), \`eta\` (seconds or null) | while running, at most a few times a second |
| \`done\` | \`files\`: \`[{name, url, size, mime}]\` with absolute URLs | once; then the socket closes with 1000 |
| \`error\` | \`code\`, \`message\` (a sentence a person can act on) | once; then the socket closes with 1000 |

The first message is the job's current state, so a late watcher of a finished job gets its
\`done\` or \`error\` at once. Close codes: **1000** after the final message; **4404** (reason
"No download with that id.") for an unknown or forgotten job; **1013** (try again later) after an
\`error\` with code \`QUEUE_UNAVAILABLE\` when this instance cannot follow the job's events:
reconnect in a few seconds or poll \`GET /api/v1/jobs/{id}\`. The upgrade counts against the
rate limit like any request. \`/ws/{id}\` is the same socket at a shorter path.`;

const isFinal = (event: JobEvent) => event.type === 'done' || event.type === 'error';

/**
 * Whether a message heard while the newcomer's first state was being read says nothing newer than
 * that state. Pub/sub may deliver a message after the record it was published for has moved on, so
 * a buffered place in line, or progress not beyond the state already sent (a job's progress only
 * grows), is older news; passing it on would show the job going backwards (40 %, then 30 %).
 */
function isStale(message: BusMessage, sentFirst: JobEvent): boolean {
  if (message.kind !== 'job') return false;
  const { event } = message;
  if (event.type === 'queued') return true;
  return event.type === 'progress' && sentFirst.type === 'progress' && event.percent <= sentFirst.percent;
}

/**
 * The live queue of one job: the current state at once, then every change (queue position,
 * throttled progress, done with the files, or error) until the job ends, then a normal close.
 */
export const wsRoutes: FastifyPluginAsyncTypebox<{ hidden?: boolean }> = async (app, { hidden = false }) => {
  const handler = async (socket: WebSocket, request: FastifyRequest<{ Params: { id: string } }>) => {
    const { id } = request.params;
    const service = await downloaderFor(app);
    let lastPosition: number | null = null;
    let live = false;
    let done = false;
    const early: BusMessage[] = [];

    const emit = (event: JobEvent) => {
      if (done || socket.readyState !== socket.OPEN) return;
      if (event.type === 'queued') {
        if (event.position === lastPosition) return;
        lastPosition = event.position;
      } else lastPosition = null;
      socket.send(JSON.stringify(toWireMessage(request, event)));
      if (isFinal(event)) {
        done = true;
        socket.close(1000, event.type === 'done' ? 'done' : 'failed');
      }
    };
    // Not `emit`: the job has not failed, only the watch has, and the close code says so.
    const giveUp = () => {
      stop();
      if (done || socket.readyState !== socket.OPEN) return;
      done = true;
      socket.send(JSON.stringify({ type: 'error', id, ...UNFOLLOWABLE }));
      socket.close(CLOSE_TRY_AGAIN, 'live updates unavailable');
    };
    const handle = async (message: BusMessage) => {
      if (message.kind === 'interrupted') return giveUp();
      if (message.kind === 'job') return emit(message.event);
      // The line moved: a waiting job learns its new place.
      if (message.kind !== 'queue-moved' || lastPosition === null) return;
      const position = await service.view(id).then((v) => v?.position ?? null);
      if (position !== null) emit({ type: 'queued', id, position });
    };

    // Listen first, then read: nothing published in between is lost.
    const stop = service.watch(id, (message) => {
      if (live) void handle(message).catch(() => undefined);
      else early.push(message);
    });
    socket.on('close', stop);
    socket.on('error', stop);

    let current: JobEvent | null;
    try {
      // Without the bus nothing after this first state would arrive: a watch that could only hang.
      if (!service.following()) return giveUp();
      current = await service.currentEvent(id);
    } catch {
      return giveUp();
    }
    if (!current) {
      stop();
      socket.close(CLOSE_UNKNOWN_JOB, 'No download with that id.');
      return;
    }
    emit(current);
    live = true;
    for (const message of early) if (!isStale(message, current)) await handle(message);
    if (done) stop();
  };

  app.route({
    method: 'GET',
    url: '/ws/:id',
    config: { cache: 'no-store' },
    schema: {
      hide: hidden,
      operationId: 'watchDownloadJob',
      tags: ['downloader'],
      summary: 'Live queue of a download over WebSocket: queued, progress, done and error messages',
      description: LIVE_QUEUE_DESCRIPTION,
      params: JobIdParams,
      response: {
        101: {
          description:
            'Switching Protocols: the WebSocket is open. Messages are JSON text frames, described above.',
          type: 'null',
        },
        ...problemResponses(400, 426, 429),
      },
    },
    // A plain GET (no Upgrade header) is answered here; an upgrade goes to the live queue.
    handler: async () => {
      throw new Problem('UPGRADE_REQUIRED', 'This is a WebSocket: connect with `Upgrade: websocket`.', {
        headers: { upgrade: 'websocket', connection: 'Upgrade' },
      });
    },
    wsHandler: handler,
  });
};
