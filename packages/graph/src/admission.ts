/**
 * Admission: decides per file, before any parsing, whether it is parsed as source, kept as a
 * Document (a file node without symbols) or excluded, and why. Owns the path rules of this
 * stage (dependency, build output, test fixture and tooling folders; minified and oversized
 * files); the fuller tag policy of DESIGN.md grows here. Test fixtures (`testdata`, `fixtures`,
 * `__fixtures__`) hold deliberately broken or foreign code; Go's own tools skip `testdata` too.
 */

/** What happens to a file. */
export type AdmissionAction = 'parse' | 'document' | 'exclude';

export interface AdmissionDecision {
  action: AdmissionAction;
  /** Why a file is not parsed: a tag name such as `dependency`, `build_output`, `minified`, `too_large`. */
  reason?: string;
}

/** Files larger than this are kept as Documents and never parsed. */
export const MAX_PARSE_BYTES = 1024 * 1024;

const EXCLUDED_DIRECTORIES: Record<string, string> = {
  node_modules: 'dependency',
  bower_components: 'dependency',
  dist: 'build_output',
  build: 'build_output',
  out: 'build_output',
  testdata: 'test_fixture',
  fixtures: 'test_fixture',
  __fixtures__: 'test_fixture',
  '.git': 'tooling',
  '.hg': 'tooling',
  '.svn': 'tooling',
};

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|go|py|pyi)$/;
const DOCUMENT_EXTENSIONS = /\.(md|markdown|rst|txt|json|jsonc|ya?ml|toml|html?|css|scss|less|xml|ini|cfg)$|(^|\/)(\.gitignore|\.npmignore|\.editorconfig|LICENSE|README|go\.mod|go\.work)$/i;
const MINIFIED_NAME = /\.min\.(js|mjs|cjs)$/;

/** The reason a directory is excluded, or null when it is walked. */
export function excludedDirectoryReason(name: string): string | null {
  return EXCLUDED_DIRECTORIES[name] ?? null;
}

/** Decides from the path alone (every ancestor folder and the file name) and the size. */
export function admitPath(path: string, size: number): AdmissionDecision {
  const segments = path.split('/');
  for (let i = 0; i < segments.length - 1; i++) {
    const reason = EXCLUDED_DIRECTORIES[segments[i]!];
    if (reason) return { action: 'exclude', reason };
  }
  if (SOURCE_EXTENSIONS.test(path)) {
    if (MINIFIED_NAME.test(path)) return { action: 'document', reason: 'minified' };
    if (size > MAX_PARSE_BYTES) return { action: 'document', reason: 'too_large' };
    return { action: 'parse' };
  }
  if (DOCUMENT_EXTENSIONS.test(path)) return { action: 'document', reason: 'documentation' };
  return { action: 'exclude', reason: 'unsupported_format' };
}

/**
 * True when the text looks minified: very long lines that make up most of the file. Checked on
 * a prefix, so it costs the same for every file.
 */
export function looksMinified(text: string): boolean {
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  if (sample.length < 2048) return false;
  let longest = 0;
  let lines = 0;
  let start = 0;
  for (let i = 0; i <= sample.length; i++) {
    if (i === sample.length || sample.charCodeAt(i) === 10) {
      longest = Math.max(longest, i - start);
      lines++;
      start = i + 1;
    }
  }
  return longest > 5000 || sample.length / lines > 300;
}

/** True for manifests that steer module resolution (of any language family). */
export function isResolutionManifest(path: string): boolean {
  return /(^|\/)(package\.json|tsconfig(\.[\w-]+)?\.json|jsconfig\.json|go\.mod|go\.work|pyproject\.toml|setup\.cfg)$/.test(path);
}
