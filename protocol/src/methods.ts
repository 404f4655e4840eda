/**
 * The registry of every declared method and notification by name, so a server can check that
 * it handles each one and a generic caller (`repograph call`) can tell a known method from a
 * typo. Adding a method means adding its declaration here.
 */
import { DaemonShutdownRequest, DaemonStatsRequest, InitializeRequest } from './methods-daemon.js';
import { RepoExportChunkNotification, RepoExportRequest } from './methods-export.js';
import {
  IndexCleanupRequest, IndexEnsureBaselineRequest, IndexListBaselinesRequest, IndexRemoveRepoRequest, IndexReportRequest, IndexStatusRequest,
} from './methods-index.js';
import { GraphPathRequest, SymbolsDefinitionRequest, SymbolsOutlineRequest, TypesHierarchyRequest } from './methods-navigation.js';
import {
  CodeSearchTextRequest, CodeSpanRequest, GraphCalleesRequest, GraphCallersRequest, RefsFindRequest, SymbolsCardRequest,
  SymbolsContextRequest, SymbolsSearchRequest,
} from './methods-query.js';
import { SurfacesConfigKeysRequest, SurfacesDbTablesRequest, SurfacesEndpointsRequest } from './methods-surfaces.js';
import { RepoSummarizeRequest } from './methods-summarize.js';
import { GraphTraceRequest } from './methods-trace.js';
import {
  DeltaSinceRequest, EditApplyRequest, WorkspaceCreateRequest, WorkspaceDeleteRequest, WorkspaceListRequest,
  WorkspaceRefreshRequest, WorkspaceResetRequest,
} from './methods-workspace.js';
import {
  IndexDiffRequest, ReviewBlastRadiusRequest, ReviewCiSignalsRequest, ReviewCohortImpactRequest, ReviewCohortsRequest,
  ReviewComputeRequest, ReviewDependencyDiffsRequest, ReviewGetRequest, ReviewWatchBlastRadiusRequest, ReviewWatchCiSignalsRequest,
  ReviewWatchCohortImpactRequest, ReviewWatchCohortsRequest, ReviewWatchComputeRequest, ReviewWatchDependencyDiffsRequest,
  ReviewAddDiagramRequest, ReviewApproveVisualRequest, ReviewFinalizeRequest, ReviewSetContractDecisionRequest, ReviewSetCohortSummaryRequest, ReviewVerdictRequest, ReviewWatchVerdictRequest,
  ReviewAxisRequest, ReviewWatchAxisRequest,
} from './methods-review.js';
import { WatchEventNotification, WatchSubscribeRequest, WatchUnsubscribeRequest } from './subscriptions.js';

/** Client-to-server requests, by method name. */
export const REQUESTS = {
  'initialize': InitializeRequest,
  'index.status': IndexStatusRequest,
  'index.ensureBaseline': IndexEnsureBaselineRequest,
  'index.listBaselines': IndexListBaselinesRequest,
  'index.cleanup': IndexCleanupRequest,
  'index.report': IndexReportRequest,
  'index.removeRepo': IndexRemoveRepoRequest,
  'repo.export': RepoExportRequest,
  'symbols.search': SymbolsSearchRequest,
  'symbols.card': SymbolsCardRequest,
  'symbols.context': SymbolsContextRequest,
  'code.span': CodeSpanRequest,
  'code.searchText': CodeSearchTextRequest,
  'refs.find': RefsFindRequest,
  'graph.callers': GraphCallersRequest,
  'graph.callees': GraphCalleesRequest,
  'types.hierarchy': TypesHierarchyRequest,
  'graph.path': GraphPathRequest,
  'symbols.definition': SymbolsDefinitionRequest,
  'symbols.outline': SymbolsOutlineRequest,
  'surfaces.endpoints': SurfacesEndpointsRequest,
  'surfaces.configKeys': SurfacesConfigKeysRequest,
  'surfaces.dbTables': SurfacesDbTablesRequest,
  'graph.trace': GraphTraceRequest,
  'repo.summarize': RepoSummarizeRequest,
  'workspace.create': WorkspaceCreateRequest,
  'workspace.list': WorkspaceListRequest,
  'workspace.refresh': WorkspaceRefreshRequest,
  'workspace.reset': WorkspaceResetRequest,
  'workspace.delete': WorkspaceDeleteRequest,
  'edit.apply': EditApplyRequest,
  'delta.since': DeltaSinceRequest,
  'index.diff': IndexDiffRequest,
  'review_studio.compute': ReviewComputeRequest,
  'review_studio.get': ReviewGetRequest,
  'review_studio.cohorts': ReviewCohortsRequest,
  'review_studio.blastRadius': ReviewBlastRadiusRequest,
  'review_studio.cohortImpact': ReviewCohortImpactRequest,
  'review_studio.ciSignals': ReviewCiSignalsRequest,
  'review_studio.dependencyDiffs': ReviewDependencyDiffsRequest,
  'review_studio.watchCompute': ReviewWatchComputeRequest,
  'review_studio.watchCohorts': ReviewWatchCohortsRequest,
  'review_studio.watchBlastRadius': ReviewWatchBlastRadiusRequest,
  'review_studio.watchCohortImpact': ReviewWatchCohortImpactRequest,
  'review_studio.watchCiSignals': ReviewWatchCiSignalsRequest,
  'review_studio.watchDependencyDiffs': ReviewWatchDependencyDiffsRequest,
  'review_studio.finalize': ReviewFinalizeRequest,
  'review_studio.verdict': ReviewVerdictRequest,
  'review_studio.setCohortSummary': ReviewSetCohortSummaryRequest,
  'review_studio.watchVerdict': ReviewWatchVerdictRequest,
  'review_studio.approveVisual': ReviewApproveVisualRequest,
  'review_studio.addReviewDiagram': ReviewAddDiagramRequest,
  'review_studio.setContractDecision': ReviewSetContractDecisionRequest,
  'review_studio.axis': ReviewAxisRequest,
  'review_studio.watchAxis': ReviewWatchAxisRequest,
  'watch.subscribe': WatchSubscribeRequest,
  'watch.unsubscribe': WatchUnsubscribeRequest,
  'daemon.stats': DaemonStatsRequest,
  'daemon.shutdown': DaemonShutdownRequest,
} as const;
export type RequestMethod = keyof typeof REQUESTS;

/** Server-to-client notifications, by method name. */
export const NOTIFICATIONS = {
  'repo.exportChunk': RepoExportChunkNotification,
  'watch.event': WatchEventNotification,
} as const;
export type NotificationMethod = keyof typeof NOTIFICATIONS;

/** The params and result types of a request method: `ParamsOf<'symbols.search'>`. */
export type ParamsOf<M extends RequestMethod> = (typeof REQUESTS)[M] extends { readonly _: [infer P, unknown, unknown, unknown] | undefined } ? P : never;
export type ResultOf<M extends RequestMethod> = (typeof REQUESTS)[M] extends { readonly _: [unknown, infer R, unknown, unknown] | undefined } ? R : never;

/** True when `method` is a declared request. */
export function isRequestMethod(method: string): method is RequestMethod {
  return Object.prototype.hasOwnProperty.call(REQUESTS, method);
}
