/**
 * The visual axis (issue 14, item 2): committed golden detection and comparison, the render
 * path's seams, and the gate. Owns the package's visual exports only.
 */
export { goldenFiles, goldenConventionOf, type GoldenConvention, type GoldenFile } from './goldens.js';
export {
  compareGolden, snapshotId, PIXEL_THRESHOLD, MAX_IMAGE_PIXELS,
  type Snapshot, type SnapshotState, type ImageSize,
} from './compare.js';
export { widgetbookApp, declaresWidgetbook, uiComponentFiles, type PubspecFile } from './flutter.js';
export {
  pathFlutterProbe,
  type FlutterProbe, type GoldenHarness, type GoldenRenderRequest, type GoldenRenderOutcome, type RenderedGolden,
} from './harness.js';
export {
  runRenderPath, UNAVAILABLE_REASONS, MAX_HARNESS_OUTPUT,
  type RenderPathOutcome, type RenderPathInput, type UnavailableReason,
} from './render-path.js';
export {
  visualAxis, assessVisual, snapshotStatus, checkApproval,
  type VisualAxisInput, type ApprovalCheck, type VisualRepositoryFacts, type SnapshotStatus,
} from './axis.js';
