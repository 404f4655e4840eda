// The one-file edits the structural-delta bench makes, planned from what the daemon indexed
// (repo.export): a body edit (a call to a new name inserted at the start of a function's body), an
// added function (appended at the end of a file), and a rename of a function, method or property
// that is called from other files (the name changed at its definition only, so those callers are
// left dangling, as the delta should report). Each edit is a `replace: {old, new}` whose old text
// occurs exactly once in the file (the lines around the change, grown until unique), so the same
// edit can go through `edit.apply` or be written on disk. Owns no timing.
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from './stats.mjs';

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const BODY_KINDS = new Set(['function', 'method']);
const RENAME_KINDS = new Set(['function', 'method', 'property', 'variable', 'constant']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The indexed graph as the edits need it: file paths, function-like symbols with their ranges, and
 * for each symbol the other files that call it (call edges whose site is in another file).
 */
export async function readGraph(client) {
  const files = [];
  const symbols = new Map();
  const callerFiles = new Map();
  const calls = [];
  await client.exportLines({}, (lines) => {
    for (const line of lines) {
      const record = JSON.parse(line);
      if (record.type === 'edge') {
        if (record.kind === 'calls' && record.site?.path) calls.push([record.to, record.site.path]);
        continue;
      }
      if (record.kind === 'file') files.push(record.path);
      else if (BODY_KINDS.has(record.kind) || RENAME_KINDS.has(record.kind)) {
        symbols.set(record.id, { id: record.id, kind: record.kind, name: record.name, path: record.path, range: record.range, selection: record.selection });
      }
    }
  });
  for (const [to, sitePath] of calls) {
    const target = symbols.get(to);
    if (!target || target.path === sitePath) continue;
    if (!callerFiles.has(to)) callerFiles.set(to, new Set());
    callerFiles.get(to).add(sitePath);
  }
  return { files, symbols, callerFiles };
}

/** Offset in `text` of a 1-based {line, column} (columns in UTF-16 code units), or -1. */
function offsetOf(text, lineStarts, position) {
  if (!position || position.line < 1 || position.line > lineStarts.length) return -1;
  return Math.min(text.length, lineStarts[position.line - 1] + Math.max(0, position.column - 1));
}

function lineStartsOf(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The smallest run of whole lines around [from, to) that occurs exactly once in `text`
 * ({start, end} offsets), growing one line down, then one up, in turn; null when even 40 lines are not unique.
 */
function uniqueWindow(text, from, to) {
  let start = text.lastIndexOf('\n', from - 1) + 1;
  let end = text.indexOf('\n', to);
  end = end === -1 ? text.length : end;
  for (let step = 0; step < 80; step++) {
    const old = text.slice(start, end);
    if (old.trim() !== '') {
      const first = text.indexOf(old);
      if (first === start && text.indexOf(old, first + 1) === -1) return { start, end };
    }
    if (step % 2 === 0 && end < text.length) {
      const next = text.indexOf('\n', end + 1);
      end = next === -1 ? text.length : next;
    } else if (start > 0) {
      start = text.lastIndexOf('\n', start - 2) + 1;
    } else if (end >= text.length) {
      return null;
    }
  }
  return null;
}

/** A replace {old, new} that splices `insert` into `text` in place of [from, to), or null. */
function spliceReplace(text, from, to, insert) {
  const window = uniqueWindow(text, from, to);
  if (!window) return null;
  const old = text.slice(window.start, window.end);
  const replacement = text.slice(window.start, from) + insert + text.slice(to, window.end);
  return { old, new: replacement, after: text.slice(0, window.start) + replacement + text.slice(window.end) };
}

/** Body edit: a call to a new name at the start of the function's body. Null when no body is found. */
export function planBodyEdit(repo, symbol, serial) {
  const text = fs.readFileSync(path.join(repo, symbol.path), 'utf8');
  const starts = lineStartsOf(text);
  const from = Math.max(offsetOf(text, starts, symbol.selection?.start), offsetOf(text, starts, symbol.range?.start));
  const until = offsetOf(text, starts, symbol.range.end);
  if (from < 0 || until <= from) return null;
  const match = /(?:\)|=>)\s*\{/.exec(text.slice(from, until));
  if (!match) return null;
  const at = from + match.index + match[0].length;
  const replace = spliceReplace(text, at, at, ` void repographBenchCall${serial}();`);
  return replace && { how: 'body', path: symbol.path, symbol: symbol.id, ...replace };
}

/** Added function: appended after the file's last line. */
export function planAddEdit(repo, rel, serial) {
  const text = fs.readFileSync(path.join(repo, rel), 'utf8');
  const end = text.trimEnd().length;
  const added = `\n\nfunction repographBenchAdd${serial}(value, times) {\n  if (value == null) return ${serial};\n  return String(value).repeat(times || 1).length + ${serial};\n}`;
  const replace = spliceReplace(text, end, end, added);
  return replace && { how: 'add', path: rel, name: `repographBenchAdd${serial}`, ...replace };
}

/** Rename at the definition only: the callers in other files are left calling the old name. */
export function planRenameEdit(repo, symbol, serial, callerFiles) {
  const text = fs.readFileSync(path.join(repo, symbol.path), 'utf8');
  const starts = lineStartsOf(text);
  let at = offsetOf(text, starts, symbol.selection?.start);
  if (at < 0) return null;
  if (text.slice(at, at + symbol.name.length) !== symbol.name) {
    // Columns counted otherwise: the name as a whole word on the selection's line.
    const lineStart = starts[symbol.selection.start.line - 1];
    const lineEnd = text.indexOf('\n', lineStart) === -1 ? text.length : text.indexOf('\n', lineStart);
    const found = new RegExp(`(?<![\\w$])${symbol.name.replace(/\$/g, '\\$')}(?![\\w$])`).exec(text.slice(lineStart, lineEnd));
    if (!found) return null;
    at = lineStart + found.index;
  }
  const renamed = `${symbol.name}Renamed${serial}`;
  const replace = spliceReplace(text, at, at + symbol.name.length, renamed);
  return replace && { how: 'rename', path: symbol.path, symbol: symbol.id, from: symbol.name, to: renamed, callerFiles, ...replace };
}

/**
 * Chooses edits in turn body, add, rename (`kinds` overrides the order), drawn with a seeded
 * generator: body edits and added functions each on a file no edit touched yet (`used`, updated);
 * renames first on such files too, then, when those run out, other symbols of files that a rename
 * touched already (never the same symbol twice: `renamed`, updated). Returns intents; each is
 * turned into the actual text change by materialize() just before it is made, from the file as it
 * is then (so several renames in one file stay correct). A kind that runs out of candidates is
 * dropped from the turn; fewer intents than `count` come back only when every kind ran out.
 */
export function planEdits(repo, graph, { count, seed, serialBase, used, renamed = new Set(), kinds = ['body', 'add', 'rename'] }) {
  const random = seededRandom(seed);
  const editable = (rel) => SOURCE.test(rel) && !rel.endsWith('.d.ts') && fs.existsSync(path.join(repo, rel));
  const shuffle = (list) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  const pools = {
    body: shuffle([...graph.symbols.values()].filter((s) => BODY_KINDS.has(s.kind) && s.range?.end?.line > s.range?.start?.line && editable(s.path))),
    add: shuffle(graph.files.filter(editable)),
    rename: shuffle([...graph.symbols.values()].filter((s) => RENAME_KINDS.has(s.kind) && IDENTIFIER.test(s.name) && s.name !== 'default'
      && graph.callerFiles.has(s.id) && editable(s.path))),
  };
  const renameFiles = new Set([...renamed].map((id) => graph.symbols.get(id)?.path).filter(Boolean));
  const intents = [];
  const rotation = [...kinds];
  const take = (kind) => {
    const pool = pools[kind];
    for (const secondPass of kind === 'rename' ? [false, true] : [false]) {
      for (let i = 0; i < pool.length; i++) {
        const candidate = pool[i];
        const rel = typeof candidate === 'string' ? candidate : candidate.path;
        if (kind === 'rename' && renamed.has(candidate.id)) continue;
        if (used.has(rel) && !(secondPass && renameFiles.has(rel))) continue;
        const intent = { kind, candidate, serial: serialBase + intents.length };
        if (!materialize(repo, graph, intent)) {
          pool.splice(i--, 1);
          continue;
        }
        pool.splice(i, 1);
        used.add(rel);
        if (kind === 'rename') {
          renamed.add(candidate.id);
          renameFiles.add(rel);
        }
        return intent;
      }
    }
    return null;
  };
  for (let turn = 0; intents.length < count && rotation.length > 0; turn++) {
    const kind = rotation[turn % rotation.length];
    const intent = take(kind);
    if (!intent) {
      // This kind ran out of candidates: the others go on.
      rotation.splice(rotation.indexOf(kind), 1);
      turn--;
      continue;
    }
    intents.push(intent);
  }
  return intents;
}

/** The text change of an intent from the file as it is now: {how, path, old, new, after, ...}, or null. */
export function materialize(repo, graph, intent) {
  const { kind, candidate, serial } = intent;
  try {
    if (kind === 'body') return planBodyEdit(repo, candidate, serial);
    if (kind === 'add') return planAddEdit(repo, candidate, serial);
    return planRenameEdit(repo, candidate, serial, graph.callerFiles.get(candidate.id)?.size ?? 0);
  } catch {
    return null;
  }
}

/** Applies a plan on disk (the same text `edit.apply` would write). */
export function writePlan(repo, plan) {
  fs.writeFileSync(path.join(repo, plan.path), plan.after);
}
