/**
 * What the render path needs to know about a Flutter repository, read from its files: which
 * pubspec.yaml declares a Widgetbook app, and which changed files are UI component files a golden
 * could render. Owns these two readings only; whether the host has a Flutter SDK is harness.ts,
 * and deciding what the axis reports is render-path.ts and axis.ts.
 */
import { yamlLibrary } from '../libraries.js';

/** A pubspec.yaml at head, with its text. */
export interface PubspecFile {
  path: string;
  text: string;
}

/**
 * The path of the first pubspec.yaml (by path) whose `dependencies` or `dev_dependencies` name
 * `widgetbook`, or null. A pubspec that does not parse, or is not a mapping, declares nothing.
 */
export function widgetbookApp(pubspecs: readonly PubspecFile[]): string | null {
  const sorted = [...pubspecs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const pubspec of sorted) {
    if (declaresWidgetbook(pubspec.text)) return pubspec.path;
  }
  return null;
}

/** True when the pubspec text names `widgetbook` among its dependencies or dev_dependencies. */
export function declaresWidgetbook(text: string): boolean {
  let document: unknown;
  try {
    document = yamlLibrary().parse(text);
  } catch {
    return false;
  }
  if (!isRecord(document)) return false;
  return ['dependencies', 'dev_dependencies'].some((section) => {
    const dependencies = document[section];
    return isRecord(dependencies) && Object.hasOwn(dependencies, 'widgetbook');
  });
}

/** Dart files that generators write: never a component of their own. */
const GENERATED_DART = ['.g.dart', '.freezed.dart', '.gr.dart', '.mocks.dart', '.config.dart'];

/**
 * The changed files that are UI component files, sorted: Dart sources under a `lib/` folder,
 * neither generated nor tests. A path rule, since the graph does not parse Dart: whether a file
 * declares a widget with a Widgetbook use case is the harness's to find out.
 */
export function uiComponentFiles(changedPaths: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const path of changedPaths) {
    const segments = path.replace(/\\/g, '/').split('/');
    const file = segments.pop() ?? '';
    if (!file.endsWith('.dart') || !segments.includes('lib')) continue;
    if (file.endsWith('_test.dart') || GENERATED_DART.some((suffix) => file.endsWith(suffix))) continue;
    found.add(path);
  }
  return [...found].sort();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
