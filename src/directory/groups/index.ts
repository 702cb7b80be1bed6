import type { FastifyPluginAsync } from 'fastify';
import { adminGroupsRoutes } from '../admin/admin-groups-routes.js';
import { adminReportsRoutes } from '../admin/admin-reports-routes.js';
import { adminStatsRoutes } from '../admin/admin-stats-routes.js';
import { adminUsersRoutes } from '../admin/admin-users-routes.js';
import { shareCache } from '../cache-sharing.js';
import { publicStatsRoutes } from '../stats/public-stats-routes.js';
import { GroupService, logoFilesIn } from './group-service.js';
import { groupRoutes } from './groups-routes.js';
import { likesRoutes } from './likes-routes.js';
import { logoRoutes } from './logo-routes.js';
import { PageCache } from './page-cache.js';
import { reportsRoutes } from './reports-routes.js';

/**
 * Groups, likes, reports, statistics and moderation (docs/groups.md), mounted at /api. The admin
 * users' routes are here too: verifying an account makes its reports count.
 */
export const groupsArea: FastifyPluginAsync = async (app) => {
  // Shared by the public list (reads) and every route whose write changes a public page.
  const pageCache = new PageCache(app.config.groupsPageCacheMs);
  await shareCache(app, pageCache, 'groups:page-cache');
  const groups = new GroupService({
    db: app.db,
    logos: logoFilesIn(app.blobs),
    pageCache,
    log: app.log,
    reportHideThreshold: app.config.reportHideThreshold,
  });
  // Reports are weighed as they change; this catches a changed REPORT_HIDE_THRESHOLD and
  // reporters whose accounts are gone.
  app.sweeps.every('report threshold', 3600_000, () => groups.reconsiderAllReports());
  await app.register(groupRoutes, { pageCache, groups });
  await app.register(likesRoutes, { groups });
  await app.register(logoRoutes);
  await app.register(publicStatsRoutes);
  await app.register(reportsRoutes, { groups });
  await app.register(adminGroupsRoutes, { groups });
  await app.register(adminReportsRoutes, { groups });
  await app.register(adminUsersRoutes, { groups });
  await app.register(adminStatsRoutes);
};
