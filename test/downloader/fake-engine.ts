import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { DownloaderService } from '../../src/downloader/downloader-service.js';
import type { Engine, EngineContext } from '../../src/downloader/engine.js';
import { EngineError } from '../../src/downloader/engine.js';
import type { JobEvent } from '../../src/downloader/job.js';

/**
 * An engine the test steers: each run reports progress, then waits until the test releases it
 * and either writes a small file or fails (after leaving a partial file behind, like a real tool).
 */
export class SteeredEngine implements Engine {
  readonly started: string[] = [];
  /** Runs whose signal was aborted (cancel, timeout, shutdown) while they waited. */
  readonly aborted: string[] = [];
  private readonly gates = new Map<string, (outcome: 'ok' | 'fail') => void>();
  private readonly waiters: Array<() => void> = [];

  async run(context: EngineContext): Promise<void> {
    const key = context.request.url;
    this.started.push(key);
    for (const waiter of this.waiters.splice(0)) waiter();
    context.onProgress({ percent: 40, speed: 1000, eta: 3 });
    await writeFile(join(context.workDir, 'clip.mp4.part'), 'partial');
    const outcome = await new Promise<'ok' | 'fail'>((resolve, reject) => {
      if (context.signal.aborted) return reject(context.signal.reason);
      this.gates.set(key, resolve);
      context.signal.addEventListener(
        'abort',
        () => {
          this.aborted.push(key);
          reject(context.signal.reason);
        },
        { once: true },
      );
    });
    if (outcome === 'fail')
      throw new EngineError('NOT_FOUND_AT_SOURCE', 'Nothing could be found at that link.');
    await writeFile(
      join(context.workDir, 'Clip [abc].mp4'),
      Buffer.from('0000001866747970697336d00000000069736f6d', 'hex'),
    );
  }

  /** Resolves once `url` is running. */
  async whenStarted(url: string): Promise<void> {
    while (!this.started.includes(url) || !this.gates.has(url)) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  release(url: string, outcome: 'ok' | 'fail' = 'ok'): void {
    const gate = this.gates.get(url);
    if (!gate) throw new Error(`${url} is not running`);
    this.gates.delete(url);
    gate(outcome);
  }
}

export interface Conversation {
  messages: Array<Record<string, unknown>>;
  /** Resolves with the close code and reason once the server closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once `count` messages have arrived. */
  received(count: number): Promise<void>;
  socket: WebSocket;
}

const listening = new WeakMap<FastifyInstance, Promise<string>>();

/**
 * Opens a live-queue socket to the app over real loopback TCP (the app listens on 127.0.0.1,
 * port 0, once) and records what it says from the first byte.
 */
export async function connect(app: FastifyInstance, path: string): Promise<Conversation> {
  let base = listening.get(app);
  if (!base) {
    base = app.listen({ host: '127.0.0.1', port: 0 }).then((address) => address.replace(/^http/, 'ws'));
    listening.set(app, base);
  }
  return listen(new WebSocket(`${await base}${path}`));
}

/** Records what a live-queue socket says; attach before it opens, or early messages are missed. */
export function listen(socket: WebSocket): Conversation {
  const messages: Array<Record<string, unknown>> = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiting.filter((w) => messages.length >= w.count)) w.resolve();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    messages,
    closed,
    socket,
    received: (count) =>
      messages.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ count, resolve })),
  };
}

/** Resolves with a job's final event (done or error), whether it comes later or has already happened. */
export function settled(service: DownloaderService, id: string): Promise<JobEvent> {
  return new Promise((resolve) => {
    const finish = (event: JobEvent | null) => {
      if (event && (event.type === 'done' || event.type === 'error')) {
        stop();
        resolve(event);
      }
    };
    const stop = service.watch(id, (message) => message.kind === 'job' && finish(message.event));
    void service.currentEvent(id).then(finish);
  });
}
