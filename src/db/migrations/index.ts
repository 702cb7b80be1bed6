import type { Migration } from 'kysely';
import * as accounts from './001-accounts.js';
import * as groups from './002-groups.js';
import * as media from './003-media.js';
import * as anime from './004-anime.js';
import * as downloads from './005-downloads.js';
import * as searchIndex from './006-search-index.js';
import * as statCounters from './007-stat-counters.js';
import * as writeBudgets from './008-write-budgets.js';
import * as usernameSkeletons from './009-username-skeletons.js';
import * as searchStatistics from './010-search-statistics.js';
import * as moderation from './011-moderation.js';
import * as genshinImages from './012-genshin-images.js';
import * as mediaImports from './013-media-imports.js';

/** Listed here rather than read from disk, so that migrations need no file-system lookup at start. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-groups': groups,
  '003-media': media,
  '004-anime': anime,
  '005-downloads': downloads,
  '006-search-index': searchIndex,
  '007-stat-counters': statCounters,
  '008-write-budgets': writeBudgets,
  '009-username-skeletons': usernameSkeletons,
  '010-search-statistics': searchStatistics,
  '011-moderation': moderation,
  '012-genshin-images': genshinImages,
  '013-media-imports': mediaImports,
};
