// The token-savings bench's baseline: what an agent without the graph reads to answer the same
// question today, with the documented rule of bench/tokens.mjs (its header and RESULTS.md):
//   - a question about a name: the files a plain text search for the name returns (a whole-word,
//     case-sensitive search for the identifier over the corpus's admitted source files, as
//     `grep -rlw NAME` does: word characters are letters, digits and `_`), each read whole;
//   - a question about a file (what it exports, a span of it): that file read whole;
//   - the delta of an edit: the files the edit touched plus the search for the edited name;
//   - a review (or a workspace's staleness): the changed files read whole plus the diff.
// Tokens are counted with the tokenizer the bridge uses (countTokens of packages/mcp/dist, the
// o200k_base BPE). Owns the scan and the counting; decides nothing about answers.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.mjs';

let tokenizer = null;
/** countTokens of packages/mcp/dist/index.js (loaded once; the bridge must be built). */
export async function loadTokenizer() {
  if (!tokenizer) {
    const entry = path.join(repoRoot, 'packages', 'mcp', 'dist', 'index.js');
    if (!fs.existsSync(entry)) throw Object.assign(new Error(`bench: ${path.relative(repoRoot, entry)} is missing; build the bridge first (npx tsc -b packages/cli).`), { code: 'ENGINE_MISSING' });
    tokenizer = (await import(pathToFileURL(entry).href)).countTokens;
  }
  return tokenizer;
}

export function countTokens(text) {
  if (!tokenizer) throw new Error('bench: loadTokenizer() first');
  return tokenizer(text);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The admitted source files of one worktree, searched and read as the baseline says. */
export class SourceScan {
  /** @param {string} root the worktree; @param {string[]} files repository-relative admitted source files */
  constructor(root, files) {
    this.root = root;
    this.files = [...new Set(files)].sort();
    this.texts = new Map();
    this.tokens = new Map();
  }

  /** This scan with more files (an edit that created one), over another worktree (`root`). */
  derive(root, extraFiles = []) {
    return new SourceScan(root, [...this.files, ...extraFiles]);
  }

  text(file) {
    if (!this.texts.has(file)) {
      let text = '';
      try {
        text = fs.readFileSync(path.join(this.root, file), 'utf8');
      } catch {
        text = '';
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file);
  }

  /** The files holding `name` as a whole word, case-sensitive (`grep -rlw NAME`), sorted. */
  grep(name) {
    const word = new RegExp(`(?<![A-Za-z0-9_])${escape(name)}(?![A-Za-z0-9_])`);
    return this.files.filter((file) => word.test(this.text(file)));
  }

  /** The tokens of `files`, each read whole (each counted once). */
  fileTokens(files) {
    let total = 0;
    for (const file of new Set(files)) {
      if (!this.tokens.has(file)) this.tokens.set(file, countTokens(this.text(file)));
      total += this.tokens.get(file);
    }
    return total;
  }

  /** The baseline of a question about names: the union of the searches' files, read whole. */
  byNames(names) {
    const files = [...new Set(names.flatMap((name) => this.grep(name)))].sort();
    return { files, tokens: this.fileTokens(files), rule: `grep -lw ${names.join(' / ')}, files read whole` };
  }

  /** The baseline of a question about files: those files read whole. */
  byFiles(files, rule = 'the file read whole') {
    const list = [...new Set(files)].sort();
    return { files: list, tokens: this.fileTokens(list), rule };
  }
}

/** The baseline of a change: the files read whole plus a text (the diff) read once. */
export function changeBaseline(scan, files, diffText, rule) {
  const list = [...new Set(files)].sort();
  return { files: list, tokens: scan.fileTokens(list) + countTokens(diffText), diffTokens: countTokens(diffText), rule };
}
