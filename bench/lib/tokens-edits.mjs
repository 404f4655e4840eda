// The changes the token-savings bench makes to a corpus clone, as an agent would: git worktrees
// for the agents' workspaces, text edits planned from the export (a parameter removed from a
// declaration, a name changed at its definition, a statement added to a body, a test written
// against a function), a commit in a worktree, and a review branch committed with git's plumbing
// (bench/lib/review-pairs.mjs's commitOn: a temporary index, so the worktree is never touched);
// plus the small source scanner those need: the arguments of a call, the parameters of a
// declaration, skipping strings and comments. Owns no check and no figure.
import fs from 'node:fs';
import path from 'node:path';
import { git } from './daemon-process.mjs';
import { commitOn } from './review-pairs.mjs';

// ---- git ----

/** A new worktree of `repo` at its HEAD (detached), in `folder`; returns its real path. */
export async function addWorktree(repo, folder) {
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  await git(repo, 'worktree', 'add', '-q', '--detach', folder, 'HEAD');
  return fs.realpathSync(folder);
}

export async function removeWorktree(repo, folder) {
  await git(repo, 'worktree', 'remove', '--force', folder).catch(() => {});
}

export async function headOf(dir) {
  return (await git(dir, 'rev-parse', 'HEAD')).stdout.trim();
}

/** Commits everything changed in the worktree `dir`; returns the new HEAD. */
export async function commitWorktree(dir, message) {
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', message);
  return headOf(dir);
}

/** `git diff A B` (or A against the worktree) in `dir`. */
export async function diffText(dir, a, b = null) {
  return (await git(dir, 'diff', '--no-color', '--no-renames', a, ...(b ? [b] : []))).stdout;
}

export async function changedFiles(dir, a, b = null) {
  return (await git(dir, 'diff', '--name-only', '--no-renames', '-z', a, ...(b ? [b] : []))).stdout.split('\0').filter(Boolean).sort();
}

/** The text of `file` at `commit`. */
export async function showFile(dir, commit, file) {
  return (await git(dir, 'show', `${commit}:${file}`)).stdout;
}

/** A branch `branch` at HEAD with `files` ({path: text}) committed on it by plumbing; returns the commit. */
export async function commitBranch(repo, branch, files, message) {
  await git(repo, 'branch', '-f', branch, 'HEAD');
  return commitOn(repo, branch, files, message);
}

// ---- text ----

export function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

export function lineOf(text, line) {
  const starts = lineStarts(text);
  if (line < 1 || line > starts.length) return '';
  const end = text.indexOf('\n', starts[line - 1]);
  return text.slice(starts[line - 1], end === -1 ? text.length : end);
}

/**
 * From the opening bracket at `open`, the offset of its closing one and the top-level segments
 * between (split at commas), skipping strings and comments of `language`; null when unbalanced.
 */
export function bracketSegments(text, open, language) {
  const closing = { '(': ')', '[': ']', '{': '}' };
  const stack = [text[open]];
  const segments = [];
  let start = open + 1;
  let i = open + 1;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (language !== 'python' && c === '/' && next === '/') { i = skipTo(text, i, '\n'); continue; }
    if (language !== 'python' && c === '/' && next === '*') { i = text.indexOf('*/', i + 2); if (i < 0) return null; i += 2; continue; }
    if (language === 'python' && c === '#') { i = skipTo(text, i, '\n'); continue; }
    if (c === '"' || c === '\'' || c === '`') { i = skipString(text, i, language); if (i < 0) return null; continue; }
    if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (c === ')' || c === ']' || c === '}') {
      const top = stack.pop();
      if (closing[top] !== c) return null;
      if (stack.length === 0) {
        segments.push({ start, end: i, text: text.slice(start, i) });
        return { close: i, segments };
      }
    } else if (c === ',' && stack.length === 1) {
      segments.push({ start, end: i, text: text.slice(start, i) });
      start = i + 1;
    }
    i++;
  }
  return null;
}

function skipTo(text, i, char) {
  const at = text.indexOf(char, i);
  return at === -1 ? text.length : at;
}

function skipString(text, i, language) {
  const quote = text[i];
  if (language === 'python' && text.startsWith(quote.repeat(3), i)) {
    const end = text.indexOf(quote.repeat(3), i + 3);
    return end === -1 ? -1 : end + 3;
  }
  if (language === 'go' && quote === '`') {
    const end = text.indexOf('`', i + 1);
    return end === -1 ? -1 : end + 1;
  }
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') { j++; continue; }
    if (text[j] === quote) return j + 1;
    if (text[j] === '\n' && quote !== '`') return -1;
  }
  return -1;
}

const meaningful = (segment, language) => segment.text.replace(language === 'python' ? /#[^\n]*/g : /\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').trim();

/**
 * The number of arguments of the call of `name` on `line`, or null when it cannot be told from
 * the text (no `name(` on the line, a spread, a Python keyword argument, unbalanced brackets).
 */
export function callArgumentCount(text, line, name, language) {
  const starts = lineStarts(text);
  if (line < 1 || line > starts.length) return null;
  const lineText = lineOf(text, line);
  const escaped = name.replace(/[$]/g, '\\$');
  const call = new RegExp(`(?<![A-Za-z0-9_$])${escaped}\\s*(?:<[^()]*>)?\\s*\\(`, 'g');
  const counts = [];
  for (const match of lineText.matchAll(call)) {
    const open = starts[line - 1] + match.index + match[0].length - 1;
    const parsed = bracketSegments(text, open, language);
    if (!parsed) return null;
    const parts = parsed.segments.map((segment) => meaningful(segment, language));
    if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
    if (parts.some((part) => part === '')) return null;
    if (parts.some((part) => part.startsWith('...') || part.endsWith('...') || (language === 'python' && (part.startsWith('*') || /^[A-Za-z_]\w*\s*=(?!=)/.test(part))))) return null;
    counts.push(parts.length);
  }
  if (counts.length === 0) return null;
  // Two calls of the name on one line with different counts: the line cannot be judged alone.
  return counts.every((count) => count === counts[0]) ? counts[0] : null;
}

/** The smallest run of whole lines around [from, to) that occurs once in `text`, as {start, end}; null past 40 lines. */
function uniqueWindow(text, from, to) {
  let start = text.lastIndexOf('\n', from - 1) + 1;
  let end = text.indexOf('\n', to);
  end = end === -1 ? text.length : end;
  for (let step = 0; step < 80; step++) {
    const old = text.slice(start, end);
    if (old.trim() !== '' && text.indexOf(old) === start && text.indexOf(old, start + 1) === -1) return { start, end };
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

/** An edit_apply `replace` {old, new} that puts `insert` in place of [from, to) of `text`, and the text after; null when no unique window. */
export function spliceReplace(text, from, to, insert) {
  const window = uniqueWindow(text, from, to);
  if (!window) return null;
  const old = text.slice(window.start, window.end);
  const replacement = text.slice(window.start, from) + insert + text.slice(to, window.end);
  return { old, new: replacement, after: text.slice(0, window.start) + replacement + text.slice(window.end) };
}

/** Offset of the declaration's name (its selection start) in `text`. */
function nameOffset(text, symbol) {
  const starts = lineStarts(text);
  const line = symbol.selection?.start?.line ?? symbol.range.start.line;
  const lineText = lineOf(text, line);
  const at = lineText.search(new RegExp(`(?<![A-Za-z0-9_$])${symbol.name.replace(/[$]/g, '\\$')}(?![A-Za-z0-9_$])`));
  return at < 0 ? -1 : starts[line - 1] + at;
}

/**
 * Removing the last parameter of a function or method at its declaration. Null unless that
 * parameter is a plain one (no default, not optional, not variadic or keyword-only; in Go, with
 * its own type). Returns {replace: {old, new}, after, removed, capacity: how many arguments the
 * declaration takes after it}.
 */
export function planParameterRemoval(text, symbol, language) {
  const params = symbol.params ?? [];
  if (params.length === 0) return null;
  if (params.some((p) => p.variadic || p.keywordOnly || p.keywordVariadic)) return null;
  const last = params[params.length - 1];
  if (last.optional || last.hasDefault) return null;
  const at = nameOffset(text, symbol);
  if (at < 0) return null;
  const open = text.indexOf('(', at + symbol.name.length);
  if (open < 0 || /[{};]/.test(text.slice(at + symbol.name.length, open).replace(/<[^()]*>/g, ''))) return null;
  const parsed = bracketSegments(text, open, language);
  if (!parsed) return null;
  const segments = parsed.segments.filter((segment) => meaningful(segment, language) !== '');
  if (segments.length === 0) return null;
  const lastSegment = segments[segments.length - 1];
  const lastText = meaningful(lastSegment, language);
  if (!new RegExp(`^(?:(?:public|private|protected|readonly)\\s+)*${last.name.replace(/[$]/g, '\\$')}(?![A-Za-z0-9_$])`).test(lastText)) return null;
  if (language === 'go' && !segments.every((segment) => /^\w+\s+\S/.test(meaningful(segment, language)))) return null;
  const from = segments.length > 1 ? segments[segments.length - 2].end : lastSegment.start;
  const to = lastSegment.end;
  const replace = spliceReplace(text, from, to, '');
  if (!replace) return null;
  return { replace: { old: replace.old, new: replace.new }, after: replace.after, removed: last.name, capacity: params.length - 1 };
}

/** Changing a declaration's name at the definition only (callers left calling the old name). */
export function planRename(text, symbol, newName) {
  const at = nameOffset(text, symbol);
  if (at < 0) return null;
  const replace = spliceReplace(text, at, at + symbol.name.length, newName);
  return replace && { replace: { old: replace.old, new: replace.new }, after: replace.after, newName };
}

/**
 * A statement that calls nothing added at the start of a function's body (`void 0;` in
 * TypeScript, `_ = 0` in Go, `pass` in Python), so its skeleton changes; the new file text, or null.
 */
export function insertStatement(text, symbol, language) {
  const starts = lineStarts(text);
  const at = nameOffset(text, symbol);
  if (at < 0) return null;
  const endOffset = starts[symbol.range.end.line - 1] ?? text.length;
  if (language === 'python') {
    const open = text.indexOf('(', at);
    if (open < 0) return null;
    const parsed = bracketSegments(text, open, language);
    if (!parsed) return null;
    const colon = text.indexOf(':', parsed.close);
    const lineEnd = text.indexOf('\n', colon);
    if (colon < 0 || lineEnd < 0 || text.slice(colon + 1, lineEnd).trim().replace(/#.*/, '') !== '' || lineEnd >= endOffset) return null;
    const nextLine = lineOf(text, text.slice(0, lineEnd + 1).split('\n').length);
    const indent = /^\s*/.exec(nextLine)[0];
    if (indent.length === 0) return null;
    return `${text.slice(0, lineEnd + 1)}${indent}pass\n${text.slice(lineEnd + 1)}`;
  }
  const body = /(?:\)|=>|[A-Za-z0-9_\]*)]\s*)\s*\{[ \t]*\n/g;
  body.lastIndex = at;
  const match = body.exec(text);
  if (!match || match.index >= endOffset) return null;
  const after = match.index + match[0].length - 1;
  return `${text.slice(0, after)} ${language === 'go' ? '_ = 0' : 'void 0;'}${text.slice(after)}`;
}

/** A test file that calls `caller` (a top-level function of `callerPath`), by the language's conventions; {path, content, testId}. */
export function testFileCalling(language, caller, callerPath, serial) {
  if (language === 'python') {
    const module = callerPath.replace(/\.py$/, '').replace(/\/__init__$/, '').split('/').join('.');
    const name = `test_reaches_${caller.name.replace(/^_+/, '')}`;
    const file = `tests/test_bench_tokens_${serial}.py`;
    return { path: file, testId: `${file}#${name}`, content: `from ${module} import ${caller.name}\n\n\ndef ${name}():\n    ${caller.name}()\n` };
  }
  const file = `__tests__/bench-tokens-${serial}.test.ts`;
  const from = path.posix.relative('__tests__', callerPath.replace(/\.(ts|tsx|js|mjs|cjs|mts|cts)$/, ''));
  const specifier = from.startsWith('.') ? from : `./${from}`;
  return {
    path: file, testId: file,
    content: `import { ${caller.name} } from "${specifier}"\n\ndescribe("${caller.name}", () => {\n    it("runs", () => {\n        ${caller.name}()\n    })\n})\n`,
  };
}
