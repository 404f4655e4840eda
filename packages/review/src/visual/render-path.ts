/**
 * Whether the render path can run for a review, and its outcome when it does: the Widgetbook
 * app, the changed UI components, the Flutter SDK and the harness, checked in that order, so the
 * reason given is the first thing that stands in the way (a repository without Widgetbook is told
 * so, not that the host lacks Flutter). Owns that decision and the four unavailable reasons;
 * rendering itself is the GoldenHarness seam, and what gates is axis.ts.
 */
import { compareGolden, type Snapshot } from './compare.js';
import { uiComponentFiles, widgetbookApp, type PubspecFile } from './flutter.js';
import type { FlutterProbe, GoldenHarness, GoldenRenderOutcome } from './harness.js';

/** The four reasons the render path cannot run, word for word as the axis reports them. */
export const UNAVAILABLE_REASONS = {
  noFlutterSdk: 'no Flutter SDK on the host',
  noWidgetbook: 'no Widgetbook app in the repository',
  noUseCase: 'no golden-testable use case',
  harnessError: 'golden harness error',
} as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[keyof typeof UNAVAILABLE_REASONS];

/** The harness output kept for the report: its last characters, where errors usually are. */
export const MAX_HARNESS_OUTPUT = 4000;

/**
 * `rendered`: the harness rendered the components' use cases (compared here). `not-applicable`:
 * there is nothing to render (no Widgetbook app, or no use case). `failed`: there was something to
 * render but it could not be (no SDK, or the harness failed), so the axis lacks evidence.
 */
export type RenderPathOutcome =
  | { status: 'rendered'; widgetbookApp: string; snapshots: Snapshot[] }
  | { status: 'not-applicable'; reason: typeof UNAVAILABLE_REASONS.noWidgetbook | typeof UNAVAILABLE_REASONS.noUseCase }
  | {
      status: 'failed';
      reason: typeof UNAVAILABLE_REASONS.noFlutterSdk | typeof UNAVAILABLE_REASONS.harnessError;
      widgetbookApp: string;
      /** The harness's output (harness errors only), truncated to MAX_HARNESS_OUTPUT. */
      output?: string;
    };

export interface RenderPathInput {
  changedPaths: readonly string[];
  pubspecs: readonly PubspecFile[];
  probe: FlutterProbe;
  /** Absent in builds that ship no harness: with Flutter present, that is a harness error. */
  harness?: GoldenHarness;
  signal?: AbortSignal;
}

/** Runs the render path as far as it can go. Never throws: a failing harness is an outcome. */
export async function runRenderPath(input: RenderPathInput): Promise<RenderPathOutcome> {
  const app = widgetbookApp(input.pubspecs);
  if (app === null) return { status: 'not-applicable', reason: UNAVAILABLE_REASONS.noWidgetbook };
  const components = uiComponentFiles(input.changedPaths);
  if (components.length === 0) return { status: 'not-applicable', reason: UNAVAILABLE_REASONS.noUseCase };
  if (!(await probeSafely(input.probe))) {
    return { status: 'failed', reason: UNAVAILABLE_REASONS.noFlutterSdk, widgetbookApp: app };
  }
  const outcome = await renderSafely(input.harness, {
    widgetbookApp: app,
    components,
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  });
  if (!outcome.ok) {
    return { status: 'failed', reason: UNAVAILABLE_REASONS.harnessError, widgetbookApp: app, output: tail(outcome.output) };
  }
  if (outcome.images.length === 0) return { status: 'not-applicable', reason: UNAVAILABLE_REASONS.noUseCase };
  const snapshots: Snapshot[] = [];
  for (const image of outcome.images) snapshots.push(await compareGolden(image.path, image.before, image.after));
  return { status: 'rendered', widgetbookApp: app, snapshots };
}

async function probeSafely(probe: FlutterProbe): Promise<boolean> {
  try {
    return await probe.hasFlutter();
  } catch {
    return false;
  }
}

async function renderSafely(
  harness: GoldenHarness | undefined,
  request: Parameters<GoldenHarness['render']>[0],
): Promise<GoldenRenderOutcome> {
  if (harness === undefined) return { ok: false, output: 'no golden harness is configured in this build' };
  try {
    return await harness.render(request);
  } catch (error) {
    return { ok: false, output: error instanceof Error ? error.message : String(error) };
  }
}

function tail(output: string): string {
  return output.length <= MAX_HARNESS_OUTPUT ? output : `...${output.slice(-MAX_HARNESS_OUTPUT)}`;
}
