/**
 * go.mod and go.sum, read line by line by this module: both are small line formats with no
 * well-kept JavaScript parser (the grammar is Go's own, golang.org/x/mod/modfile), and the subset
 * the diff needs is a few rules.
 *   - go.mod: `require` lines and blocks give the build list (module, version); `// indirect`
 *     marks a transitive one, every other is direct. `replace` directives are kept as written
 *     (the diff notes a change to them); exclude, retract, tool and the rest are not read.
 *   - go.sum: `module version h1:hash` lines give versions whose module content was needed;
 *     `module version/go.mod h1:hash` lines (only a go.mod consulted) are not versions in use.
 * Owns these readings only.
 */
import { addDirect, addResolved, emptyReading, type DependencyReading, type ReadOutcome } from './model.js';

/** The fields of a line (quoted paths unquoted) and its `//` comment, if any. */
function splitLine(line: string): { fields: string[]; comment: string | null } {
  const fields: string[] = [];
  let index = 0;
  while (index < line.length) {
    const char = line[index];
    if (char === ' ' || char === '\t' || char === '\r') {
      index++;
    } else if (line.startsWith('//', index)) {
      return { fields, comment: line.slice(index + 2).trim() };
    } else if (char === '"' || char === '`') {
      const end = line.indexOf(char, index + 1);
      const stop = end < 0 ? line.length : end;
      fields.push(line.slice(index + 1, stop).replace(/\\(.)/g, '$1'));
      index = stop + 1;
    } else {
      let end = index;
      while (end < line.length && !/[\s]/.test(line[end] ?? ' ') && !line.startsWith('//', end)) end++;
      fields.push(line.slice(index, end));
      index = end;
    }
  }
  return { fields, comment: null };
}

function isIndirect(comment: string | null): boolean {
  return comment !== null && comment.split(';').some((part) => part.trim() === 'indirect');
}

function addRequire(reading: DependencyReading, fields: string[], comment: string | null, lineNumber: number): void {
  const [module, version] = fields;
  if (module === undefined || version === undefined || fields.length !== 2) {
    reading.diagnostics.push(`line ${lineNumber}: a require needs a module path and a version; skipped`);
    return;
  }
  addResolved(reading, module, version);
  if (!isIndirect(comment)) addDirect(reading, module, version);
}

function addReplace(reading: DependencyReading, fields: string[], lineNumber: number): void {
  const arrow = fields.indexOf('=>');
  const from = fields.slice(0, arrow);
  const to = fields.slice(arrow + 1);
  if (arrow < 1 || from.length > 2 || to.length < 1 || to.length > 2 || from[0] === undefined) {
    reading.diagnostics.push(`line ${lineNumber}: a replace needs \`module [version] => target [version]\`; skipped`);
    return;
  }
  const key = from.join(' ');
  reading.replacements.set(key, to.join(' '));
}

export function readGoMod(text: string): ReadOutcome {
  const reading = emptyReading('go');
  let block: string | null = null;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const { fields, comment } = splitLine(lines[index] ?? '');
    if (fields.length === 0) continue;
    if (block !== null) {
      if (fields[0] === ')') block = null;
      else if (block === 'require') addRequire(reading, fields, comment, index + 1);
      else if (block === 'replace') addReplace(reading, fields, index + 1);
      continue;
    }
    const [verb, ...rest] = fields;
    if (rest.length === 1 && rest[0] === '(') {
      block = verb ?? null;
    } else if (verb === 'require') {
      addRequire(reading, rest, comment, index + 1);
    } else if (verb === 'replace') {
      addReplace(reading, rest, index + 1);
    }
  }
  if (block !== null) reading.diagnostics.push(`a \`${block} (\` block is never closed; read to the end`);
  return { ok: true, reading };
}

export function readGoSum(text: string): ReadOutcome {
  const reading = emptyReading('go');
  let malformed = 0;
  let firstMalformed = 0;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    if (line === '') continue;
    const fields = line.split(/\s+/);
    const [module, version, hash] = fields;
    if (module === undefined || version === undefined || hash === undefined || fields.length !== 3 || !hash.includes(':')) {
      if (malformed++ === 0) firstMalformed = index + 1;
      continue;
    }
    if (!version.endsWith('/go.mod')) addResolved(reading, module, version);
  }
  if (malformed > 0) {
    reading.diagnostics.push(`${malformed} line(s) are not \`module version hash\` (first: line ${firstMalformed}); skipped`);
  }
  return { ok: true, reading };
}
