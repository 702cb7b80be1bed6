import type { FastifyPluginAsync } from 'fastify';
import { adminMediaImportsRoutes } from './admin/admin-media-imports-routes.js';
import { authRoutes } from './auth/auth-routes.js';
import { deleteStaleThrottles } from './auth/login-throttle.js';
import { deleteExpiredSessions } from './auth/sessions-repository.js';
import { groupsArea } from './groups/index.js';
import { deleteStaleBudgets, WRITE_BUDGET_WINDOW_MS } from './write-budget.js';

/**
 * The directory (docs/directory.md), mounted at /api. Sessions are read here only, not on the
 * public v1 API.
 */
export const directory: FastifyPluginAsync = async (app) => {
  // A callback hook: a request without a session cookie (most reads) makes no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const loading = app.loadSession(request);
    if (loading) loading.then(() => done(), done);
    else done();
  });
  app.sweeps.every('session', 3600_000, () => deleteExpiredSessions(app.db));
  app.sweeps.every('login throttle', 3600_000, () => deleteStaleThrottles(app.db));
  app.sweeps.every('write budgets', 3600_000, () => deleteStaleBudgets(app.db, WRITE_BUDGET_WINDOW_MS));
  await app.register(authRoutes);
  await app.register(adminMediaImportsRoutes);
  await app.register(groupsArea);
};
