import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Sweeps {
  /**
   * Runs `sweep` every `ms` milliseconds while the app runs: from ready (at once when added later)
   * until close. A sweep that fails is logged as "<name> sweep failed" and runs again next time.
   */
  every(name: string, ms: number, sweep: () => Promise<unknown> | unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sweeps: Sweeps;
  }
}

interface Plan {
  name: string;
  ms: number;
  sweep: () => Promise<unknown> | unknown;
}

/**
 * Every timer of the app in one place: the periodic sweeps (expired sessions, login throttles,
 * finished downloads) and the reaper of idle connections while closing. None keeps the process
 * alive (unref), and all stop when the app closes.
 */
async function sweepsPlugin(app: FastifyInstance) {
  const waiting: Plan[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let state: 'waiting' | 'running' | 'closed' = 'waiting';

  const start = ({ name, ms, sweep }: Plan) => {
    const timer = setInterval(() => {
      // Thrown or rejected alike: logged, never an unhandled rejection that ends the process.
      Promise.resolve()
        .then(sweep)
        .catch((error) => app.log.warn({ err: error }, `${name} sweep failed`));
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  app.decorate('sweeps', {
    every(name: string, ms: number, sweep: () => Promise<unknown> | unknown) {
      if (state === 'running') start({ name, ms, sweep });
      else if (state === 'waiting') waiting.push({ name, ms, sweep });
    },
  });

  app.addHook('onReady', async () => {
    state = 'running';
    for (const plan of waiting.splice(0)) start(plan);
  });

  app.addHook('onClose', async () => {
    state = 'closed';
    for (const timer of timers) clearInterval(timer);
    timers.clear();
  });

  // Fastify closes the connections that are idle when closing starts; one whose request finishes
  // later would stay open on keep-alive until its timeout and hold the shutdown up.
  app.addHook('preClose', (done) => {
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    app.server.once('close', () => clearInterval(reaper));
    reaper.unref();
    done();
  });
}

export default fp(sweepsPlugin, { name: 'sweeps' });
