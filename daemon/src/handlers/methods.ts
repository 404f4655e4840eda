/**
 * The daemon's method table: every request method protocol declares (REQUESTS), each with its
 * params validator and handler, composed from the namespace files' parts. Typed MethodTable, so
 * a method left out, one protocol does not declare, or an entry whose params or result drift
 * from the declaration fails `tsc -b`. Owns the composition only.
 */
import { daemonMethods } from './daemon.js';
import { indexMethods } from './index.js';
import { navigationMethods } from './navigation.js';
import { repoRemoveMethods } from './repo-remove.js';
import { queryMethods } from './query.js';
import { reviewMethods } from './review.js';
import { reviewWatchMethods } from './review-watch.js';
import { reviewVerdictMethods } from './review-verdict.js';
import { surfacesMethods } from './surfaces.js';
import type { MethodTable } from './table.js';
import { overviewMethods } from './trace.js';
import { workspaceMethods } from './workspace.js';

export const METHODS: MethodTable = { ...daemonMethods, ...indexMethods, ...repoRemoveMethods, ...queryMethods, ...navigationMethods, ...surfacesMethods, ...overviewMethods, ...reviewMethods, ...reviewWatchMethods, ...reviewVerdictMethods, ...workspaceMethods };
