/**
 * The render path's seams: the probe that says whether the host has a Flutter SDK, and the
 * golden harness that would render the changed components at base and head. Owns these
 * interfaces and the PATH probe. It does not run Flutter: no harness implementation ships here,
 * and none was ever run on the machines this was written on (they have no Flutter SDK).
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** Says whether the host can run Flutter (tests pass a fake). */
export interface FlutterProbe {
  hasFlutter(): Promise<boolean>;
}

/** What the harness is asked to render. */
export interface GoldenRenderRequest {
  /** The pubspec.yaml of the Widgetbook app. */
  widgetbookApp: string;
  /** The changed UI component files (sorted), whose use cases are to be rendered. */
  components: string[];
  signal?: AbortSignal;
}

/** One rendered use case: its image at base and at head (null when absent on that side). */
export interface RenderedGolden {
  /** A name stable across pushes, e.g. `widgetbook/<component>/<use case>.png`. */
  path: string;
  before: Uint8Array | null;
  after: Uint8Array | null;
}

/** The harness's outcome: images (possibly none: no use case to render), or a failure's output. */
export type GoldenRenderOutcome = { ok: true; images: RenderedGolden[] } | { ok: false; output: string };

/**
 * The headless golden path, implemented by the caller: check out base and head in worktrees
 * under the data root, generate a golden test per Widgetbook use case of the components, run
 * `flutter test --update-goldens` in each worktree, and return the images. A thrown error is
 * treated as `{ ok: false, output: message }`.
 */
export interface GoldenHarness {
  render(request: GoldenRenderRequest): Promise<GoldenRenderOutcome>;
}

/** A probe that looks for an executable `flutter` (or `flutter.bat` on Windows) on PATH. */
export function pathFlutterProbe(pathVariable: string | undefined = process.env['PATH']): FlutterProbe {
  const names = process.platform === 'win32' ? ['flutter.bat', 'flutter.exe'] : ['flutter'];
  return {
    async hasFlutter(): Promise<boolean> {
      const folders = (pathVariable ?? '').split(delimiter).filter((folder) => folder !== '');
      for (const folder of folders) {
        for (const name of names) {
          try {
            await access(join(folder, name), constants.X_OK);
            return true;
          } catch {
            // Not in this folder.
          }
        }
      }
      return false;
    },
  };
}
