import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { downloaderFor } from '../../downloader/downloader-for.js';
import type { BusMessage, JobEvent } from '../../downloader/job.js';
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
export const wsRoutes: FastifyPluginAsyncTypebox = async (app) => {
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

  app.get(
    '/ws/:id',
    {
      config: { cache: 'no-store' },
      websocket: true,
      schema: {
        tags: ['downloader'],
        summary: 'Live queue of a download over WebSocket: queued, progress, done and error messages',
        params: JobIdParams,
      },
    },
    handler,
  );
};
