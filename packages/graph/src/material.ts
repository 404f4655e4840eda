/**
 * Material tags and the material policy (issue 6 item 1, DESIGN.md): every file gets at most
 * one format tag (from its name) and any number of path tags (from its own name); every
 * directory gets path tags from its name. Admission matches a file's own tags and every
 * ancestor directory's tags against the policy, without copying ancestor tags onto the file.
 * The policy says which tags are parsed, kept as Documents (file nodes without symbols) and
 * excluded. `.repograph.json` at the repository root can change it (`parsePolicyFile`).
 * Pure: no I/O.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_BUDGETS, parseBudgets, RepographError, syntaxLanguageOfPath, type Budgets, type SelectionPreset } from '@repograph/core';
import type { AdmissionAction } from './admission.js';

export const FORMAT_TAGS = ['source', 'documentation', 'resource', 'config'] as const;
export const PATH_TAGS = ['dependency', 'build_output', 'cache', 'minified', 'tooling', 'test_fixture'] as const;
export type FormatTag = (typeof FORMAT_TAGS)[number];
export type PathTag = (typeof PATH_TAGS)[number];
export type MaterialTag = FormatTag | PathTag;
export const MATERIAL_TAGS: readonly MaterialTag[] = [...FORMAT_TAGS, ...PATH_TAGS];

/**
 * What goes into the graph: the action for each tag, the node preset (`full` publishes every
 * node; `analysis` publishes core, context and bridge nodes) and the budgets of every stage.
 */
export interface MaterialPolicy {
  readonly actions: Readonly<Record<MaterialTag, AdmissionAction>>;
  readonly preset: SelectionPreset;
  readonly budgets: Budgets;
}

const PRESETS: readonly SelectionPreset[] = ['full', 'analysis'];

/**
 * The default: source is parsed; documentation, resource and config are Documents; minified
 * files stay Documents (as before tags existed); every other path tag excludes.
 */
export const DEFAULT_MATERIAL_POLICY: MaterialPolicy = Object.freeze({
  actions: Object.freeze({
    source: 'parse', documentation: 'document', resource: 'document', config: 'document',
    minified: 'document',
    dependency: 'exclude', build_output: 'exclude', cache: 'exclude', tooling: 'exclude', test_fixture: 'exclude',
  }),
  preset: 'full',
  budgets: DEFAULT_BUDGETS,
});

const DIRECTORY_TAG_NAMES: Readonly<Record<string, PathTag>> = {
  node_modules: 'dependency', bower_components: 'dependency', vendor: 'dependency', third_party: 'dependency',
  dist: 'build_output', build: 'build_output', out: 'build_output', target: 'build_output', '.next': 'build_output',
  '.cache': 'cache', __pycache__: 'cache', '.pytest_cache': 'cache', '.mypy_cache': 'cache', '.ruff_cache': 'cache',
  testdata: 'test_fixture', fixtures: 'test_fixture', __fixtures__: 'test_fixture',
  '.git': 'tooling', '.hg': 'tooling', '.svn': 'tooling', '.idea': 'tooling', '.vscode': 'tooling',
  '.cursor': 'tooling', '.claude': 'tooling', '.codex': 'tooling', '.agents': 'tooling',
  '.devloop': 'tooling', '.codebase': 'tooling',
};

const TOOLING_FILES = new Set(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']);
const MINIFIED_NAME = /\.min\.(js|mjs|cjs)$/;

const SOURCE_NAME = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|go|py|pyi|java)$/;
const DOCUMENTATION_NAME = /\.(md|markdown|rst|txt)$|^(LICENSE|README)$/i;
const RESOURCE_NAME = /\.(json|jsonc|ya?ml|toml|html?|css|scss|less|xml)$/i;
const CONFIG_NAME = /\.(ini|cfg)$|^(\.gitignore|\.npmignore|\.dockerignore|\.editorconfig|\.env|\.env\..+|go\.mod|go\.work)$/i;

/**
 * The tags of each tagged directory name, as shared frozen lists. A Map, not the object above:
 * every directory of every path is looked up, and an object would answer names such as
 * `constructor` or `toString` from its prototype.
 */
const DIRECTORY_TAGS: ReadonlyMap<string, readonly PathTag[]> = new Map(
  Object.entries(DIRECTORY_TAG_NAMES).map(([name, tag]) => [name, Object.freeze([tag])] as const),
);
const NO_TAGS: readonly PathTag[] = Object.freeze([]);

/** The path tags of a directory name (empty when it carries none). */
export function directoryTags(name: string): readonly PathTag[] {
  return DIRECTORY_TAGS.get(name) ?? NO_TAGS;
}

/** The format tag of a file name, or null for a format repograph does not know. */
export function formatTag(name: string): FormatTag | null {
  if (SOURCE_NAME.test(name) || syntaxLanguageOfPath(name) !== null) return 'source';
  if (DOCUMENTATION_NAME.test(name)) return 'documentation';
  if (RESOURCE_NAME.test(name)) return 'resource';
  if (CONFIG_NAME.test(name)) return 'config';
  return null;
}

/** The path tags a file carries by its own name (never its ancestors'). */
export function filePathTags(name: string): PathTag[] {
  const tags: PathTag[] = [];
  if (TOOLING_FILES.has(name)) tags.push('tooling');
  if (MINIFIED_NAME.test(name)) tags.push('minified');
  return tags;
}

/** A file's own tags: its format tag (when known) and its own path tags. */
export function fileTags(name: string): MaterialTag[] {
  const format = formatTag(name);
  return format ? [format, ...filePathTags(name)] : filePathTags(name);
}

/** The tag that excludes a directory under `policy`, or null when it is walked. */
export function excludingDirectoryTag(name: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): PathTag | null {
  for (const tag of directoryTags(name)) if (policy.actions[tag] === 'exclude') return tag;
  return null;
}

/**
 * What the policy decides from tags alone (admission adds the size rule): the first excluding
 * path tag of an ancestor (outermost first) or of the file; else an unknown format excludes
 * (`unsupported_format`); else an excluded format excludes by its tag; else a path tag kept as
 * Document gives its tag as the reason; else a format kept as Document gives `documentation`.
 */
export function decideByTags(path: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): { action: AdmissionAction; reason?: string } {
  const segments = path.split('/');
  let documentTag: PathTag | null = null;
  for (let i = 0; i < segments.length - 1; i++) {
    for (const tag of directoryTags(segments[i]!)) {
      const action = policy.actions[tag];
      if (action === 'exclude') return { action, reason: tag };
      if (action === 'document' && documentTag === null) documentTag = tag;
    }
  }
  const name = segments[segments.length - 1]!;
  for (const tag of filePathTags(name)) {
    const action = policy.actions[tag];
    if (action === 'exclude') return { action, reason: tag };
    if (action === 'document' && documentTag === null) documentTag = tag;
  }
  const format = formatTag(name);
  if (format === null) return { action: 'exclude', reason: 'unsupported_format' };
  const formatAction = policy.actions[format];
  if (formatAction === 'exclude') return { action: 'exclude', reason: format };
  if (documentTag !== null) return { action: 'document', reason: documentTag };
  if (formatAction === 'document') return { action: 'document', reason: 'documentation' };
  return { action: 'parse' };
}

/**
 * What of a policy shapes the graph (tag actions and preset; budgets only decide whether a build
 * succeeds), as a short id: '' for the default policy, else 12 hex digits. Snapshots built under
 * one policy are not reused under another.
 */
export function policyFingerprint(policy: MaterialPolicy): string {
  const shape = JSON.stringify([MATERIAL_TAGS.map((tag) => policy.actions[tag]), policy.preset]);
  const defaults = JSON.stringify([MATERIAL_TAGS.map((tag) => DEFAULT_MATERIAL_POLICY.actions[tag]), DEFAULT_MATERIAL_POLICY.preset]);
  return shape === defaults ? '' : createHash('sha256').update(shape).digest('hex').slice(0, 12);
}

/** The name of the policy file at the repository root. */
export const POLICY_FILE_NAME = '.repograph.json';

/** `review` is the review studio's section (which axes are out of scope): passed through as it is, outside the build fingerprint. */
const TOP_LEVEL_KEYS = ['material', 'preset', 'budgets', 'review'];

const MATERIAL_KEYS: Record<string, AdmissionAction> = { parse: 'parse', document: 'document', exclude: 'exclude' };

/**
 * Where JSON.parse failed, as " at line L, column C" when its message names a position, else
 * nothing: V8's messages quote the text around the fault, and no error may quote a file's content.
 */
function jsonErrorPlace(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (!match) return '';
  const offset = Math.min(Number(match[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return ` at line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

function usage(problem: string, action: string): RepographError {
  return new RepographError('UsageError', `${POLICY_FILE_NAME}: ${problem}; ${action}`, { file: POLICY_FILE_NAME });
}

/**
 * Parses the text of `.repograph.json`: a JSON object with an optional
 * `material: {parse?, document?, exclude?}` of tag-name lists (tags not listed keep their
 * default action), an optional `preset` ("full" or "analysis") and optional `budgets`
 * (`{stage: {unit: limit}}`, see @repograph/core budgets). Unknown keys are warnings; malformed JSON, an unknown tag, a tag listed
 * twice or a non-source format under `parse` throw UsageError.
 */
export function parsePolicyFile(text: string): { policy: MaterialPolicy; warnings: string[]; review?: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usage(`not valid JSON${jsonErrorPlace(text, (error as Error).message)}`, 'fix the syntax or delete the file to use the defaults');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usage('the top level must be a JSON object', 'write an object such as {"material": {"exclude": ["test_fixture"]}}');
  }
  const warnings: string[] = [];
  const actions: Record<MaterialTag, AdmissionAction> = { ...DEFAULT_MATERIAL_POLICY.actions };
  for (const key of Object.keys(value)) {
    if (!TOP_LEVEL_KEYS.includes(key)) warnings.push(`${POLICY_FILE_NAME}: unknown key "${key}" is ignored (known: ${TOP_LEVEL_KEYS.join(', ')})`);
  }
  const preset = (value as Record<string, unknown>)['preset'] ?? 'full';
  if (!PRESETS.includes(preset as SelectionPreset)) {
    throw usage(`"preset" must be one of ${PRESETS.map((p) => `"${p}"`).join(', ')} (got ${JSON.stringify(preset)?.slice(0, 40)})`, 'write "preset": "analysis" to publish core nodes and bridges only, or remove the key');
  }
  const budgetsValue = (value as Record<string, unknown>)['budgets'];
  const budgets = budgetsValue === undefined ? DEFAULT_BUDGETS : parseBudgets(budgetsValue, POLICY_FILE_NAME, warnings);
  const material = (value as Record<string, unknown>)['material'];
  if (material !== undefined) {
    if (typeof material !== 'object' || material === null || Array.isArray(material)) {
      throw usage('"material" must be an object', 'write "material": {"parse": [...], "document": [...], "exclude": [...]}');
    }
    const seen = new Map<string, string>();
    for (const [key, list] of Object.entries(material)) {
      const action = MATERIAL_KEYS[key];
      if (action === undefined) {
        warnings.push(`${POLICY_FILE_NAME}: unknown key "material.${key}" is ignored (known: parse, document, exclude)`);
        continue;
      }
      if (!Array.isArray(list) || list.some((tag) => typeof tag !== 'string')) {
        throw usage(`"material.${key}" must be a list of tag names`, `write e.g. "material.${key}": ["${action === 'parse' ? 'source' : 'test_fixture'}"]`);
      }
      for (const tag of list as string[]) {
        if (!(MATERIAL_TAGS as readonly string[]).includes(tag)) {
          throw usage(`unknown tag "${tag}" in "material.${key}"`, `use one of: ${MATERIAL_TAGS.join(', ')}`);
        }
        const earlier = seen.get(tag);
        if (earlier !== undefined) {
          throw usage(`tag "${tag}" is listed in both "material.${earlier}" and "material.${key}"`, 'list each tag once');
        }
        seen.set(tag, key);
        if (action === 'parse' && (FORMAT_TAGS as readonly string[]).includes(tag) && tag !== 'source') {
          throw usage(`"${tag}" files cannot be parsed (only "source" has parsers)`, 'list it under "document" or "exclude" instead');
        }
        actions[tag as MaterialTag] = action;
      }
    }
  }
  const review = (value as Record<string, unknown>)['review'];
  return {
    policy: Object.freeze({ actions: Object.freeze(actions), preset: preset as SelectionPreset, budgets }), warnings,
    ...(review !== undefined ? { review } : {}),
  };
}
