/**
 * Python manifests, each read for its direct dependencies and their specs:
 *   - pyproject.toml through smol-toml: PEP 621 [project] dependencies and
 *     optional-dependencies, PEP 735 [dependency-groups], [tool.uv] dev-dependencies, and Poetry's
 *     [tool.poetry] dependencies, dev-dependencies and group.*.dependencies (`python` is not a
 *     dependency; a table's `version` is its spec, a git/path/url source reads as that source).
 *   - requirements*.txt, read line by line by this module (pip's format is not TOML or YAML and
 *     no well-kept JavaScript parser exists): comments and blank lines skipped, backslash
 *     continuations joined, per-requirement options (--hash) dropped, -r/-c includes and
 *     editable installs noted as diagnostics and not followed, global options ignored. Every
 *     listed requirement counts as direct (the file does not say which are transitive).
 * Owns these readings only.
 */
import { tomlLibrary } from '../libraries.js';
import { addDirect, emptyReading, type DependencyReading, type ReadOutcome } from './model.js';
import { normalizeDependencyName } from './names.js';
import { parsePythonRequirement } from './python-requirement.js';
import { isRecord, messageOf, recordAt, type UnknownRecord } from './records.js';

function addRequirementList(reading: DependencyReading, list: unknown, where: string): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    reading.diagnostics.push(`${where} is not an array; skipped`);
    return;
  }
  for (const item of list) {
    if (isRecord(item)) continue; // A PEP 735 {include-group = "..."} adds nothing new.
    const requirement = typeof item === 'string' ? parsePythonRequirement(item) : null;
    if (requirement) addDirect(reading, requirement.name, requirement.spec);
    else reading.diagnostics.push(`${where}: ${JSON.stringify(item)} is not a PEP 508 requirement; skipped`);
  }
}

function poetrySpec(value: unknown): string | null {
  if (typeof value === 'string') return value.replace(/\s+/g, '');
  if (Array.isArray(value)) {
    const specs = value.map(poetrySpec).filter((spec): spec is string => spec !== null);
    return specs.length > 0 ? specs.join('||') : null;
  }
  if (!isRecord(value)) return null;
  for (const source of ['version', 'git', 'path', 'url', 'file'] as const) {
    const field = value[source];
    if (typeof field === 'string') return source === 'version' ? field.replace(/\s+/g, '') : `${source}:${field}`;
  }
  return '*';
}

function addPoetryTable(reading: DependencyReading, table: UnknownRecord | undefined, where: string): void {
  for (const [rawName, value] of Object.entries(table ?? {})) {
    if (rawName.toLowerCase() === 'python') continue;
    const spec = poetrySpec(value);
    if (spec === null) reading.diagnostics.push(`${where}.${rawName} has no version, git, path or url; skipped`);
    else addDirect(reading, normalizeDependencyName('python', rawName), spec);
  }
}

export function readPyproject(text: string): ReadOutcome {
  let document: UnknownRecord;
  try {
    document = tomlLibrary().parse(text);
  } catch (error) {
    return { ok: false, message: `is not valid TOML (${messageOf(error)})` };
  }
  const reading = emptyReading('python');
  const project = recordAt(document, 'project');
  addRequirementList(reading, project?.['dependencies'], 'project.dependencies');
  for (const [extra, list] of Object.entries(recordAt(project, 'optional-dependencies') ?? {})) {
    addRequirementList(reading, list, `project.optional-dependencies.${extra}`);
  }
  for (const [group, list] of Object.entries(recordAt(document, 'dependency-groups') ?? {})) {
    addRequirementList(reading, list, `dependency-groups.${group}`);
  }
  const tool = recordAt(document, 'tool');
  addRequirementList(reading, recordAt(tool, 'uv')?.['dev-dependencies'], 'tool.uv.dev-dependencies');
  const poetry = recordAt(tool, 'poetry');
  addPoetryTable(reading, recordAt(poetry, 'dependencies'), 'tool.poetry.dependencies');
  addPoetryTable(reading, recordAt(poetry, 'dev-dependencies'), 'tool.poetry.dev-dependencies');
  for (const [group, table] of Object.entries(recordAt(poetry, 'group') ?? {})) {
    addPoetryTable(reading, recordAt(table, 'dependencies'), `tool.poetry.group.${group}.dependencies`);
  }
  return { ok: true, reading };
}

/** Logical lines of a requirements file: continuations joined, comments cut, with line numbers. */
function logicalLines(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let pending = '';
  let start = 0;
  const physical = text.split('\n');
  for (let index = 0; index < physical.length; index++) {
    const raw = (physical[index] ?? '').replace(/\r$/, '');
    if (pending === '') start = index + 1;
    const withoutComment = raw.replace(/(^|\s)#.*$/, '');
    if (/\\$/.test(withoutComment) && withoutComment === raw) {
      pending += `${raw.slice(0, -1)} `;
      continue;
    }
    out.push({ line: start, text: (pending + withoutComment).trim() });
    pending = '';
  }
  if (pending.trim() !== '') out.push({ line: start, text: pending.trim() });
  return out;
}

const INCLUDE = /^(?:-r|--requirement|-c|--constraint)(?:\s*=\s*|\s+)(\S+)/;
const EDITABLE = /^(?:-e|--editable)(?:\s*=\s*|\s+)(\S+)/;

export function readRequirementsTxt(text: string): ReadOutcome {
  const reading = emptyReading('python');
  for (const { line, text: entry } of logicalLines(text)) {
    if (entry === '') continue;
    if (entry.startsWith('-')) {
      const include = INCLUDE.exec(entry);
      const editable = EDITABLE.exec(entry);
      if (include) reading.diagnostics.push(`line ${line}: includes ${include[1]}, which is not followed (when it changed, it is diffed on its own)`);
      else if (editable) reading.diagnostics.push(`line ${line}: editable install ${editable[1]} is not a versioned dependency; skipped`);
      continue;
    }
    const requirementText = entry.split(/\s+--?[A-Za-z]/)[0] ?? entry;
    const requirement = parsePythonRequirement(requirementText);
    if (requirement) addDirect(reading, requirement.name, requirement.spec);
    else reading.diagnostics.push(`line ${line}: not a named requirement (a bare URL or path); skipped`);
  }
  return { ok: true, reading };
}
