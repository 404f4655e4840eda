// The truth the token-savings bench (bench/tokens.mjs) checks answers against: one corpus's
// export (`repograph export --format jsonl`: its symbols and relations) and its compiler oracle
// (../shared/tools: ts-oracle.mjs, py-oracle.py, go-oracle; lines {site:{path,line},
// target:{path,line}|null, external?, callee, kind}). Owns reading both and the mappings between
// them, with the rules of ../shared/tools/score.mjs:
//   - an oracle target names our symbol of the same file whose selection line is the target line
//     (a symbol without a selection: the first 3 lines of its range);
//   - a call site is a (path, line) pair; a site the oracle lists only with `target: null` is a call
//     resolved outside the corpus (any corpus edge from there is wrong); a site the oracle does not
//     list at all is unknown (score.mjs's precision@known leaves it out, and so do the checks);
//   - the caller of an oracle call site is the symbol our export attributes the call on that line
//     to (the `from` of our call edge at the site to the same target, else of any call edge on that
//     line), else the innermost function, method or constructor whose range holds the line, else
//     the file: the oracle knows sites, not callers, so the caller is what our export can name.
// Go's oracle reports call expressions only (`T{}`, `new(T)` are `instantiates` in the graph and
// have no oracle counterpart, as `score.mjs --kinds calls` scores Go). Measures nothing.
import fs from 'node:fs';
import path from 'node:path';

const CALLABLE = new Set(['function', 'method', 'constructor']);
export const SOURCE_EXTENSIONS = {
  ts: /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/,
  python: /\.py$/,
  go: /\.go$/,
};

const readRows = (file) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
export const siteKey = (path, line) => `${path}:${line}`;

/** Is `symbol` a test by the engine's documented conventions (packages/analysis/src/test-conventions.ts)? */
export function isTestSymbol(symbol) {
  const path = symbol.path;
  if (symbol.kind === 'file') return /\.(test|spec)\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) || (/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(path) && /(^|\/)__tests__\//.test(path));
  if (!CALLABLE.has(symbol.kind)) return false;
  if (path.endsWith('_test.go')) return symbol.kind === 'function' && /^(Test|Fuzz|Example)($|[A-Z0-9_])/.test(symbol.name);
  if (path.endsWith('.py')) return (/(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(path) || /(^|\/)tests\//.test(path)) && /^test($|_|[A-Z0-9])/.test(symbol.name);
  return false;
}

/** A test file by the same conventions (where a test would be looked for). */
export function isTestFile(path) {
  return /_test\.go$/.test(path) || /(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(path) || /(^|\/)tests\//.test(path)
    || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) || /(^|\/)__tests__\//.test(path);
}

export class CorpusModel {
  /**
   * @param {{name: string, language: 'ts'|'python'|'go', root: string, exportFile: string, oracleFile: string}} options
   * (`root`: the worktree the export was made from, whose files the source checks read)
   */
  constructor({ name, language, root, exportFile, oracleFile }) {
    this.name = name;
    this.language = language;
    this.root = root;
    this.texts = new Map();
    this.symbols = new Map();
    this.byPath = new Map();
    this.edges = [];
    this.edgesTo = new Map();
    this.edgesFrom = new Map();
    this.callEdgesAt = new Map();
    for (const row of readRows(exportFile)) {
      if (row.type === 'symbol') {
        this.symbols.set(row.id, row);
        if (!this.byPath.has(row.path)) this.byPath.set(row.path, []);
        this.byPath.get(row.path).push(row);
      } else if (row.type === 'edge') {
        this.edges.push(row);
        if (row.to) push(this.edgesTo, row.to, row);
        push(this.edgesFrom, row.from, row);
        if ((row.kind === 'calls' || row.kind === 'instantiates') && row.site) push(this.callEdgesAt, siteKey(row.site.path, row.site.line), row);
      }
    }
    const extension = SOURCE_EXTENSIONS[language];
    /** The admitted source files of the corpus's language (file symbols of the export), sorted. */
    this.sourceFiles = [...this.symbols.values()].filter((s) => s.kind === 'file' && extension.test(s.path)).map((s) => s.path).sort();

    // The oracle: resolved rows by site, and the sites known to it at all.
    this.oracleRows = readRows(oracleFile).filter((row) => language !== 'go' || (row.kind ?? 'call') === 'call');
    this.knownSites = new Set();
    this.resolvedAt = new Map();
    for (const row of this.oracleRows) {
      const key = siteKey(row.site.path, row.site.line);
      this.knownSites.add(key);
      if (row.target == null) continue;
      const target = this.targetOf(row.target, row.callee);
      if (target === null) continue;
      const list = this.resolvedAt.get(key) ?? [];
      if (!list.includes(target)) list.push(target);
      this.resolvedAt.set(key, list);
    }
    // Oracle call sites per target symbol, and the caller of each.
    this.oracleSitesTo = new Map();
    this.oracleCalleesFrom = new Map();
    for (const [key, targets] of this.resolvedAt) {
      const [path, line] = splitKey(key);
      for (const target of targets) {
        const caller = this.callerAt(path, line, target);
        push(this.oracleSitesTo, target, { key, path, line, caller });
        push(this.oracleCalleesFrom, caller, { key, path, line, target });
      }
    }
  }

  /**
   * Our symbol an oracle target (path, line) names, by score.mjs's rule, or null. When several
   * symbols are declared on that line (`const run = (f) => f()`), the one named as the call's
   * callee, else a function-like one, else a type.
   */
  targetOf(target, callee) {
    const candidates = (this.byPath.get(target.path) ?? []).filter((symbol) => {
      if (symbol.kind === 'file') return false;
      const lo = (symbol.selection ?? symbol.range).start.line;
      const hi = symbol.selection ? lo : Math.min(symbol.range.end.line, lo + 2);
      return target.line >= lo && target.line <= hi;
    });
    if (candidates.length === 0) return null;
    const rank = (symbol) => (symbol.name === callee ? 0 : 4) + (CALLABLE.has(symbol.kind) ? 0 : ['class', 'struct', 'interface', 'type_alias'].includes(symbol.kind) ? 1 : symbol.kind === 'parameter' ? 3 : 2);
    candidates.sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
    return candidates[0].id;
  }

  /** The caller our export names for a call on `path:line` (see the header). */
  callerAt(path, line, target) {
    const here = this.callEdgesAt.get(siteKey(path, line)) ?? [];
    const same = here.find((edge) => edge.to === target);
    if (same) return same.from;
    if (here.length > 0) return here[0].from;
    const holding = (this.byPath.get(path) ?? []).filter((s) => CALLABLE.has(s.kind) && s.range.start.line <= line && s.range.end.line >= line);
    holding.sort((a, b) => (a.range.end.line - a.range.start.line) - (b.range.end.line - b.range.start.line));
    return holding[0]?.id ?? path;
  }

  /** What the oracle says of a site: 'unknown', or {targets: [our ids]} (empty: resolved only outside the corpus). */
  oracleAt(path, line) {
    const key = siteKey(path, line);
    if (!this.knownSites.has(key)) return 'unknown';
    return { targets: this.resolvedAt.get(key) ?? [] };
  }

  /** Callers of `id` by the oracle: Map caller id -> [site keys]. */
  oracleCallers(id) {
    const callers = new Map();
    for (const site of this.oracleSitesTo.get(id) ?? []) {
      const list = callers.get(site.caller) ?? [];
      if (!list.includes(site.key)) list.push(site.key);
      callers.set(site.caller, list);
    }
    return callers;
  }

  /** The oracle's call sites of `id` (site keys). */
  oracleSites(id) {
    return [...new Set((this.oracleSitesTo.get(id) ?? []).map((site) => site.key))];
  }

  /** Callees of `id` by the oracle: Map target id -> [site keys]. */
  oracleCallees(id) {
    const callees = new Map();
    for (const call of this.oracleCalleesFrom.get(id) ?? []) {
      const list = callees.get(call.target) ?? [];
      if (!list.includes(call.key)) list.push(call.key);
      callees.set(call.target, list);
    }
    return callees;
  }

  /** Every test (by the conventions) from which `id` is reached within `depth` oracle call edges: Map test id -> shortest depth. */
  oracleTestsReaching(id, depth) {
    const seen = new Map([[id, 0]]);
    let frontier = [id];
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      const next = [];
      for (const node of frontier) {
        for (const caller of this.oracleCallers(node).keys()) {
          if (seen.has(caller)) continue;
          seen.set(caller, level);
          next.push(caller);
        }
      }
      frontier = next;
    }
    const tests = new Map();
    for (const [node, level] of seen) {
      const symbol = this.symbols.get(node);
      if (level > 0 && symbol && isTestSymbol(symbol)) tests.set(node, level);
    }
    return tests;
  }

  /** Export relations of `kinds` into `id`. */
  relationsInto(id, kinds) {
    return (this.edgesTo.get(id) ?? []).filter((edge) => kinds.includes(edge.kind));
  }

  /** Symbols named `name` (or whose qualified name is, or ends with `.name` when it has a dot), as the bridge resolves names. */
  namedSymbols(name) {
    const last = name.slice(name.lastIndexOf('.') + 1) || name;
    const all = [...this.symbols.values()].filter((s) => s.name === last || s.qualifiedName === name);
    const exact = all.filter((s) => s.qualifiedName === name || (name.includes('.') && s.qualifiedName.endsWith(`.${name}`)));
    const byName = exact.length > 0 ? exact : all.filter((s) => s.name === name);
    const declarations = byName.filter((s) => s.kind !== 'parameter' && s.kind !== 'variable' && s.kind !== 'file');
    return declarations.length > 0 ? declarations : byName;
  }

  /** True when the bridge resolves `name` to exactly `id`. */
  nameResolvesTo(name, id) {
    const found = this.namedSymbols(name);
    return found.length === 1 && found[0].id === id;
  }

  /** A file's text as the worktree holds it (empty when unreadable). */
  sourceText(file) {
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

  sourceLine(file, line) {
    return this.sourceText(file).split('\n')[line - 1] ?? '';
  }

  /** A type's declaration up to its body (`class A extends B {`, `class A(B):`), at most 10 lines. */
  declarationHead(symbol) {
    const lines = this.sourceText(symbol.path).split('\n').slice(symbol.range.start.line - 1, symbol.range.start.line + 9);
    const out = [];
    for (const line of lines) {
      out.push(line);
      if (this.language === 'python' ? /:\s*(#.*)?$/.test(line) : line.includes('{')) break;
    }
    return out.join('\n');
  }

  /**
   * The types the source itself declares as subtypes of `name` (by a plain reading of every
   * `class X extends A implements B {`, `interface X extends A {`, `class X(A, B):`), as `path#X`.
   */
  subtypesInSource(name) {
    const found = new Set();
    const baseNames = (list) => {
      let text = list;
      for (let i = 0; i < 10 && /<[^<>]*>/.test(text); i++) text = text.replace(/<[^<>]*>/g, '');
      return text.split(',').map((part) => part.trim()).filter((part) => part && !part.includes('=')).map((part) => /([A-Za-z_$][\w$]*)\s*(?:\(.*)?$/.exec(part.split('.').pop())?.[1]).filter(Boolean);
    };
    for (const file of this.sourceFiles) {
      const text = this.sourceText(file);
      if (this.language === 'python') {
        for (const match of text.matchAll(/^[ \t]*class\s+(\w+)\s*\(([^)]*)\)\s*:/gm)) if (baseNames(match[2]).includes(name)) found.add(`${file}#${match[1]}`);
      } else if (this.language === 'ts') {
        for (const match of text.matchAll(/\b(?:class|interface)\s+([A-Za-z_$][\w$]*)\s*(<(?:[^<>{]|<[^<>{]*>)*>)?\s*((?:extends|implements)\b[^{]*)\{/g)) {
          const clause = match[3];
          const extendsPart = /\bextends\b([\s\S]*?)(?=\bimplements\b|$)/.exec(clause)?.[1] ?? '';
          const implementsPart = /\bimplements\b([\s\S]*)$/.exec(clause)?.[1] ?? '';
          if ([...baseNames(extendsPart), ...baseNames(implementsPart)].includes(name)) found.add(`${file}#${match[1]}`);
        }
      }
    }
    return found;
  }

  /** The top-level symbols of a file its language exports (Go: exported methods too; no fields, properties or parameters). */
  fileExports(path) {
    return (this.byPath.get(path) ?? []).filter((s) => s.exported && !['file', 'field', 'property', 'parameter'].includes(s.kind)
      && (this.language === 'go' ? true : !s.container || s.container === path));
  }
}

function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function splitKey(key) {
  const at = key.lastIndexOf(':');
  return [key.slice(0, at), Number(key.slice(at + 1))];
}
