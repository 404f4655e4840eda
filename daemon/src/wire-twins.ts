/**
 * Wire twins: protocol/ declares its own copy of every domain shape it carries (it imports
 * nothing internal), and the daemon passes the domain values through unchanged. This module,
 * compiled by `tsc -b` with the daemon (which sees protocol, core, engine and analysis), asserts
 * that each wire copy and its domain twin are the same type, so changing one without the other
 * fails the build. It owns those assertions (each a constant that compiles only when it is
 * `true`; wire-twins.test.ts checks the lists that also exist at run time); the type helpers
 * live in wire-twin-types.ts.
 *
 * A failing line reads "Type 'true' is not assignable to type '{ fieldsThatDiffer: "selection" }'"
 * (for object shapes) or "... '{ onlyOnWire: ...; onlyInDomain: ... }'" (for unions): fix the copy
 * that is wrong (usually the wire one), never the assertion.
 */
import type * as analysis from '@repograph/analysis';
import type * as core from '@repograph/core';
import type * as engine from '@repograph/engine';
import type * as wire from '@repograph/protocol';
import type * as review from '@repograph/review';
import type { KnownFields, Twin } from './wire-twin-types.js';
import type { MAX_RADIUS_DEPTH } from './handlers/review-params.js';

// The kind lists: the same names, as unions and as lists in the same order.
export const symbolKinds: Twin<wire.WireSymbolKind, core.SymbolKind> = true;
export const symbolKindList: Twin<typeof wire.WIRE_SYMBOL_KINDS, typeof core.SYMBOL_KINDS> = true;
export const relationKinds: Twin<wire.WireRelationKind, core.RelationKind> = true;
export const relationKindList: Twin<typeof wire.WIRE_RELATION_KINDS, typeof core.RELATION_KINDS> = true;
export const confidences: Twin<wire.WireConfidence, core.Confidence> = true;

// Positions and the graph's records (core ranges.ts, facts.ts, graph.ts).
export const positions: Twin<wire.WirePosition, core.Position> = true;
export const ranges: Twin<wire.WireRange, core.Range> = true;
export const sites: Twin<wire.WireSite, core.Site> = true;
export const parameters: Twin<wire.WireParameter, core.ParameterFact> = true;
export const symbols: Twin<wire.WireSymbol, core.SymbolRecord> = true;
export const surfaces: Twin<wire.WireSurface, core.SurfaceRecord> = true;
export const mounts: Twin<wire.WireMount, core.MountRecord> = true;
export const relations: Twin<wire.WireRelation, core.RelationRecord> = true;

// Diagnostics (core diagnostics.ts).
export const diagnosticCodes: Twin<wire.WireDiagnosticCode, core.DiagnosticCode> = true;
export const diagnosticCodeList: Twin<typeof wire.WIRE_DIAGNOSTIC_CODES, typeof core.DIAGNOSTIC_CODES> = true;
export const diagnostics: Twin<wire.WireDiagnostic, core.Diagnostic> = true;

// The BuildReport (core report.ts), part by part and whole.
export const selectionReports: Twin<wire.BuildReport['selection'], core.SelectionReport> = true;
export const materialReports: Twin<wire.BuildReport['materials'], core.BuildReport['materials']> = true;
export const buildReports: Twin<wire.BuildReport, core.BuildReport> = true;

// Error names (core errors.ts): the band names every domain code, plus the two only the daemon
// and the client raise (a bug inside the daemon; no daemon to reach).
export const errorCodes: Twin<Exclude<wire.ErrorCodeName, 'Internal' | 'DaemonUnavailable'>, core.ErrorCode> = true;

// Budget errors (core budgets.ts): the wire's data is the domain's plus the stable `code`.
export const budgetErrors: Twin<Omit<KnownFields<wire.BudgetExceededData>, 'code'>, core.BudgetExceededData> = true;
export const budgetErrorCode: Twin<wire.BudgetExceededData['code'], 'BudgetExceeded'> = true;

// Query answers (engine query.ts).
export const callTreeNodes: Twin<wire.CallTreeNode, engine.CallTreeNode> = true;
export const symbolCards: Twin<wire.SymbolCard, engine.SymbolCard> = true;
export const referenceHits: Twin<wire.ReferenceHit, engine.ReferenceHit> = true;
export const sourceTexts: Twin<wire.SourceText, engine.SourceSpan> = true;
export const textMatches: Twin<wire.TextMatch, engine.TextMatch> = true;

// Navigation answers (engine hierarchy.ts, path-search.ts, query.ts, git-status.ts).
export const hierarchyRelations: Twin<wire.HierarchyRelation, engine.HierarchyRelation> = true;
export const hierarchyTypes: Twin<wire.HierarchyType, engine.HierarchyType> = true;
export const hierarchyMethods: Twin<wire.HierarchyMethod, engine.HierarchyMethod> = true;
export const unresolvedBases: Twin<wire.UnresolvedBase, engine.UnresolvedBase> = true;
export const typeHierarchies: Twin<wire.TypesHierarchyPayload, engine.TypeHierarchy> = true;
export const pathHops: Twin<wire.PathHop, engine.PathHop> = true;
export const symbolPaths: Twin<wire.SymbolPath, engine.SymbolPath> = true;
export const pathSearches: Twin<Omit<wire.GraphPathPayload, 'from' | 'to'>, engine.PathSearch> = true;
export const definitions: Twin<wire.SymbolsDefinitionPayload, engine.DefinitionSource> = true;
export const outlineEntries: Twin<wire.OutlineEntry, engine.OutlineEntry> = true;
export const outlines: Twin<wire.SymbolsOutlinePayload, engine.FileOutline> = true;
export const gitStatuses: Twin<wire.WorktreeGitStatus, engine.WorktreeGitStatus> = true;

// Architecture facts (engine surfaces-index.ts, surfaces-compose.ts, surfaces-query.ts).
export const surfaceSites: Twin<wire.SurfaceSite, engine.SurfaceSite> = true;
export const endpointMounts: Twin<wire.EndpointMount, engine.EndpointMount> = true;
export const endpoints: Twin<wire.Endpoint, engine.Endpoint> = true;
export const endpointLists: Twin<wire.SurfacesEndpointsPayload, engine.EndpointList> = true;
export const configKeySites: Twin<wire.ConfigKeySite, engine.ConfigKeySite> = true;
export const configKeys: Twin<wire.ConfigKey, engine.ConfigKey> = true;
export const configKeyLists: Twin<wire.SurfacesConfigKeysPayload, engine.ConfigKeyList> = true;
export const tableSites: Twin<wire.TableSite, engine.TableSite> = true;
export const dbTables: Twin<wire.DbTable, engine.DbTable> = true;
export const dbTableLists: Twin<wire.SurfacesDbTablesPayload, engine.DbTableList> = true;
export const symbolSurfaceFacts: Twin<wire.SymbolSurfaceFact, engine.SymbolSurfaceFact> = true;

// The overview (engine trace.ts, summarize.ts, summarize-packages.ts).
export const traceEndpoints: Twin<wire.TraceEndpoint, engine.TraceEndpoint> = true;
export const traceConfigKeys: Twin<wire.TraceConfigKey, engine.TraceConfigKey> = true;
export const traceTables: Twin<wire.TraceTable, engine.TraceTable> = true;
export const traceNodes: Twin<wire.TraceNode, engine.TraceNode> = true;
export const callTraces: Twin<wire.GraphTracePayload, engine.CallTrace> = true;
export const entryPoints: Twin<wire.EntryPoint, engine.EntryPoint> = true;
export const packageSummaries: Twin<wire.PackageSummary, engine.PackageSummary> = true;
export const folderClusters: Twin<wire.FolderCluster, engine.FolderCluster> = true;
export const dependedOnModules: Twin<wire.DependedOnModule, engine.DependedOnModule> = true;
export const repoSummaries: Twin<wire.RepoSummarizePayload, engine.RepoSummary> = true;

// The structural delta (analysis shapes.ts against protocol delta.ts), part by part and whole.
export const deltaSites: Twin<wire.WireSite, analysis.DeltaSite> = true;
export const renamedSymbols: Twin<wire.RenamedSymbol, analysis.RenamedSymbol> = true;
export const symbolChanges: Twin<wire.SymbolChanges, analysis.SymbolChanges> = true;
export const danglingCallers: Twin<wire.DanglingCaller, analysis.DanglingCaller> = true;
export const signatureChanges: Twin<wire.SignatureChange, analysis.SignatureChange> = true;
export const arityVerdicts: Twin<wire.ArityFinding['verdict'], analysis.ArityVerdict> = true;
export const arityFindings: Twin<wire.ArityFinding, analysis.ArityFinding> = true;
export const duplicateFindings: Twin<wire.DuplicateFinding, analysis.DuplicateFinding> = true;
export const testsReaching: Twin<wire.TestReaching, analysis.TestReaching> = true;
export const surfaceChanges: Twin<wire.SurfaceChange, analysis.SurfaceChange> = true;
export const surfaceChangeLists: Twin<wire.SurfaceChanges, analysis.SurfaceChanges> = true;
export const structuralDeltas: Twin<wire.StructuralDelta, analysis.StructuralDelta> = true;

// The review studio (packages/review types.ts, artifact.ts, ci/shapes.ts, dependencies/model.ts
// against protocol methods-review.ts), part by part and whole.
export const reviewChangedFiles: Twin<wire.ReviewChangedFile, review.ChangedFile> = true;
export const impactParts: Twin<wire.ImpactParts, review.ImpactParts> = true;
export const cohorts: Twin<wire.Cohort, review.Cohort> = true;
export const reviewHeads: Twin<wire.ReviewHead, review.HeadSpec> = true;
export const reviewSummaries: Twin<wire.ReviewSummary, review.ReviewSummary> = true;
export const reviewTests: Twin<wire.ReviewTest, review.ReviewTest> = true;
export const dependencyChanges: Twin<wire.DependencyChange, review.DependencyChange> = true;
export const reviewDiagnostics: Twin<wire.ReviewDiagnostic, review.ReviewDiagnostic> = true;
export const reviewArtifacts: Twin<wire.ReviewArtifact, review.ReviewArtifact> = true;
export const reachedNodes: Twin<wire.ReachedNode, review.ReachedNode> = true;
export const blastRadii: Twin<wire.BlastRadius, review.BlastRadius> = true;
export const testStates: Twin<wire.TestState, review.TestState> = true;
export const testSignals: Twin<wire.TestSignal, review.TestSignal> = true;
export const ciResults: Twin<wire.CiResults, review.CiResults> = true;
export const radiusDepthLimits: Twin<typeof MAX_RADIUS_DEPTH, typeof review.MAX_RADIUS_DEPTH> = true;

// The review's axes and verdict (packages/review axes-types.ts, visual/compare.ts, verdict/).
export const axisStates: Twin<wire.AxisState, review.AxisState> = true;
export const axisNames: Twin<wire.AxisName, review.AxisName> = true;
export const axisFindings: Twin<wire.AxisFinding, review.AxisFinding> = true;
export const axisResults: Twin<wire.AxisResult, review.AxisResult> = true;
export const axisVerdicts: Twin<wire.AxisVerdict, review.AxisVerdict> = true;
export const verdicts: Twin<wire.ReviewVerdictPayload['verdict'], review.Verdict> = true;
export const diagrams: Twin<wire.ReviewDiagram, review.Diagram> = true;
export const diagramVerifications: Twin<wire.DiagramVerification, review.DiagramVerification> = true;
export const contractChanges: Twin<wire.ContractChange, review.ContractChange> = true;
export const contractDiffs: Twin<wire.ContractDiff, review.ContractDiff> = true;
export const axisNameList: Twin<typeof wire.AXIS_NAMES, typeof review.AXES> = true;
export const axisContractChanges: Twin<wire.AxisContractChange, review.AxisContractChange> = true;
export const axisSnapshots: Twin<wire.AxisSnapshot, review.AxisSnapshot> = true;
export const axisReports: Twin<Omit<wire.ReviewAxisPayload, keyof wire.ReviewAnswer>, review.AxisReport> = true;
