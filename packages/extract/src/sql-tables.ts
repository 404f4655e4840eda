/**
 * The tables one SQL text names, for every walker (JS `db.query("...")`, Python `cursor.execute`,
 * Go `db.Query`): `sqlTables(sql)` lists each table once per access, in order of first
 * occurrence: `read` for FROM, JOIN, USING (of DELETE and MERGE) and the FROM of an UPDATE;
 * `write` for INSERT/REPLACE/MERGE INTO, UPDATE, DELETE FROM, TRUNCATE and the DDL forms CREATE,
 * ALTER and DROP TABLE and CREATE INDEX ... ON. Names are kept as written, quotes removed, a schema
 * kept (`public.users`). Owns the reading of SQL text only; which strings are SQL (the literal
 * passed to a query call) is each walker's decision. Never throws.
 *
 * It is a keyword scanner, not node-sql-parser (a dependency of this package, left unused here),
 * measured on the same statements (Node 20): the parser takes 0.8 ms per statement warm (1-10 ms
 * for the first ones) after a 22 ms load per worker, where this scanner takes about 15 us; it rejects every `?`/`%s`/`:name`
 * placeholder dialect (each needs rewriting and a second dialect), and where it parses, it
 * reports a CTE's name as a table (`WITH recent AS (...) SELECT * FROM recent`) and the FROM list
 * of `UPDATE ... FROM` as updated. The scanner tokenises (comments, string literals, dollar
 * quotes, quoted identifiers and placeholders of any dialect are skipped as such), tracks one
 * frame per parenthesis so a FROM inside `EXTRACT(YEAR FROM x)` or `IS DISTINCT FROM` is not a
 * table, drops CTE names, and reads only statements that begin with a statement keyword, so text
 * that is not SQL gives nothing. A name it cannot read (a placeholder, a function call such as
 * `FROM unnest($1)`, a subquery) gives nothing: tables are never guessed. Only the first
 * MAX_SQL_CHARS characters of a text are read.
 */

/** One table a SQL text names, and whether the text reads or writes it. */
export interface SqlTable {
  table: string;
  access: 'read' | 'write';
}

/** Longer texts are read up to this many characters. */
export const MAX_SQL_CHARS = 100_000;

/** The tables `sql` reads and writes, each (table, access) once, in order of first occurrence. Never throws. */
export function sqlTables(sql: string): SqlTable[] {
  try {
    if (typeof sql !== 'string' || sql.length === 0) return [];
    const text = sql.length > MAX_SQL_CHARS ? sql.slice(0, MAX_SQL_CHARS) : sql;
    return scanStatements(tokenize(text));
  } catch {
    return [];
  }
}

/** Token kinds: a word (upper-cased in `up`), a quoted identifier, punctuation, or an opaque atom. */
const WORD = 0;
const QUOTED = 1;
const PUNCT = 2;
const ATOM = 3;

interface Token {
  kind: number;
  /** Words: the upper-cased text; punctuation: the character; quoted identifiers: the unquoted name. */
  up: string;
  /** Words: the text as written. */
  text: string;
}

const ATOM_TOKEN: Token = { kind: ATOM, up: '', text: '' };

function isWordStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c >= 0x80;
}

function isWordPart(c: number): boolean {
  return isWordStart(c) || (c >= 48 && c <= 57) || c === 36;
}

/** Splits SQL text into tokens; literals, numbers and placeholders become ATOM, comments vanish. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c <= 32) { i++; continue; }
    if (c === 45 && text.charCodeAt(i + 1) === 45) { // -- comment
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) { // /* comment */
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === 39 && j - i === 1 && /[eEnNbBxX]/.test(text[i]!)) { // E'...', N'...'
        i = j;
        continue;
      }
      const word = text.slice(i, j);
      tokens.push({ kind: WORD, up: word.toUpperCase(), text: word });
      i = j;
      continue;
    }
    if (c === 39) { // 'string' with '' or \' escapes
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92) { j += 2; continue; }
        if (d === 39) {
          if (text.charCodeAt(j + 1) === 39) { j += 2; continue; }
          break;
        }
        j++;
      }
      tokens.push(ATOM_TOKEN);
      i = j + 1;
      continue;
    }
    if (c === 34 || c === 96) { // "identifier" or `identifier`
      let j = i + 1;
      let name = '';
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === c) {
          if (text.charCodeAt(j + 1) === c) { name += text[j]; j += 2; continue; }
          break;
        }
        name += text[j];
        j++;
      }
      tokens.push(name.length > 0 ? { kind: QUOTED, up: name, text: name } : ATOM_TOKEN);
      i = j + 1;
      continue;
    }
    if (c === 36) { // $1, $name, $$...$$, $tag$...$tag$
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      if (tag !== null) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? n : end + tag[0].length;
      } else {
        let j = i + 1;
        while (j < n && isWordPart(text.charCodeAt(j))) j++;
        i = j;
      }
      tokens.push(ATOM_TOKEN);
      continue;
    }
    if ((c >= 48 && c <= 57) || c === 63 || c === 64 || c === 58 && isWordStart(text.charCodeAt(i + 1))) { // 12, ?, @p, :name
      let j = i + 1;
      while (j < n && (isWordPart(text.charCodeAt(j)) || text.charCodeAt(j) === 46)) j++;
      tokens.push(ATOM_TOKEN);
      i = j;
      continue;
    }
    if (c === 37) { // %s, %(name)s, %d
      const m = /^%(\([^)]*\))?[sdfb]/.exec(text.slice(i, i + 80));
      if (m !== null) {
        tokens.push(ATOM_TOKEN);
        i += m[0].length;
        continue;
      }
    }
    tokens.push({ kind: PUNCT, up: text[i]!, text: text[i]! });
    i++;
  }
  return tokens;
}

/** Words that begin a statement this scanner reads. */
const STATEMENT_STARTS = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH', 'REPLACE', 'MERGE', 'CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'EXPLAIN']);

/** Words that are never a table name or an alias where this scanner reads one. */
const RESERVED = new Set([
  'ALL', 'AND', 'ANY', 'AS', 'ASC', 'BETWEEN', 'BY', 'CASE', 'CROSS', 'CURRENT', 'DEFAULT', 'DELETE', 'DESC', 'DISTINCT',
  'DO', 'ELSE', 'END', 'EXCEPT', 'EXISTS', 'FETCH', 'FOR', 'FORCE', 'FROM', 'FULL', 'GROUP', 'HAVING', 'IF', 'IGNORE', 'IN',
  'INNER', 'INSERT', 'INTERSECT', 'INTO', 'IS', 'JOIN', 'LATERAL', 'LEFT', 'LIKE', 'LIMIT', 'MINUS', 'NATURAL', 'NOT',
  'NULL', 'OFFSET', 'ON', 'ONLY', 'OR', 'ORDER', 'OUTER', 'PARTITION', 'RETURNING', 'RIGHT', 'SELECT', 'SET',
  'STRAIGHT_JOIN', 'TABLE', 'TABLESAMPLE', 'THEN', 'UNION', 'UPDATE', 'USE', 'USING', 'VALUES', 'WHEN', 'WHERE',
  'WINDOW', 'WITH',
]);

/** One parenthesis level: which statement keywords occurred in it. */
interface Frame {
  select: boolean;
  insert: boolean;
  update: boolean;
  delete: boolean;
  merge: boolean;
}

function newFrame(): Frame {
  return { select: false, insert: false, update: false, delete: false, merge: false };
}

function scanStatements(tokens: readonly Token[]): SqlTable[] {
  const found: SqlTable[] = [];
  const seen = new Set<string>();
  let start = 0;
  while (start < tokens.length) {
    let end = start;
    while (end < tokens.length && !(tokens[end]!.kind === PUNCT && tokens[end]!.up === ';')) end++;
    scanStatement(tokens, start, end, found, seen);
    start = end + 1;
  }
  return found;
}

/** Reads the statement tokens[from, to) into `found` (when it begins with a statement keyword). */
function scanStatement(tokens: readonly Token[], from: number, to: number, found: SqlTable[], seen: Set<string>): void {
  let head = from;
  while (head < to && tokens[head]!.kind === PUNCT && tokens[head]!.up === '(') head++;
  if (head >= to || tokens[head]!.kind !== WORD || !STATEMENT_STARTS.has(tokens[head]!.up)) return;
  const tables: SqlTable[] = [];
  const ctes = new Set<string>();
  const frames: Frame[] = [newFrame()];
  const at = (k: number): Token => (k < to ? tokens[k]! : ATOM_TOKEN);
  const isWord = (k: number, up: string): boolean => k < to && tokens[k]!.kind === WORD && tokens[k]!.up === up;
  const isPunct = (k: number, ch: string): boolean => k < to && tokens[k]!.kind === PUNCT && tokens[k]!.up === ch;
  /** Reads a table name at k: [ONLY] name(.name)*; returns the index after it, or -1 when there is none. */
  const readName = (k: number, access: 'read' | 'write'): number => {
    if (isWord(k, 'ONLY')) k++;
    const parts: string[] = [];
    for (;;) {
      const token = at(k);
      if (token.kind === QUOTED) parts.push(token.text);
      else if (token.kind === WORD && !RESERVED.has(token.up)) parts.push(token.text);
      else return -1;
      k++;
      if (!isPunct(k, '.')) break;
      k++;
    }
    if (isPunct(k, '(') && access === 'read') return -1; // a function call: FROM unnest($1)
    tables.push({ table: parts.join('.'), access });
    return k;
  };
  /** Skips an alias ([AS] name) after a table. */
  const skipAlias = (k: number): number => {
    if (isWord(k, 'AS')) k++;
    const token = at(k);
    if (token.kind === QUOTED || (token.kind === WORD && !RESERVED.has(token.up))) return k + 1;
    return k;
  };
  /** Reads a comma-separated table list (FROM a x, b y). */
  const readList = (k: number, access: 'read' | 'write'): void => {
    for (;;) {
      const next = readName(k, access);
      if (next < 0) return;
      k = skipAlias(next);
      if (!isPunct(k, ',')) return;
      k++;
    }
  };
  for (let k = head; k < to; k++) {
    const token = tokens[k]!;
    const frame = frames[frames.length - 1]!;
    if (token.kind === PUNCT) {
      if (token.up === '(') frames.push(newFrame());
      else if (token.up === ')' && frames.length > 1) frames.pop();
      else if (token.up === ',' && frames.length === 1 && k > from && isPunct(k - 1, ')')) noteCte(k + 1); // WITH a AS (...), b AS (...)
      continue;
    }
    if (token.kind !== WORD) continue;
    const prev = k > from ? tokens[k - 1]! : null;
    const atHead = prev === null || (prev.kind === PUNCT && (prev.up === '(' || prev.up === ')')) ||
      (prev.kind === WORD && (prev.up === 'EXPLAIN' || prev.up === 'ANALYZE' || prev.up === 'VERBOSE'));
    switch (token.up) {
      case 'SELECT':
        frame.select = true;
        break;
      case 'WITH':
      case 'RECURSIVE': {
        // CTE names: WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (
        if (at(k + 1).kind === WORD && at(k + 1).up === 'RECURSIVE') break;
        noteCte(k + 1);
        break;
      }
      case 'INSERT':
      case 'REPLACE':
        if (atHead) frame.insert = true;
        break;
      case 'MERGE':
        if (atHead) frame.merge = true;
        break;
      case 'DELETE':
        if (atHead) frame.delete = true;
        break;
      case 'INTO':
        if (frame.insert || frame.merge) readName(k + 1, 'write');
        break;
      case 'UPDATE': {
        if (!atHead) break;
        frame.update = true;
        const next = readNameIfUpdate(k + 1);
        if (next >= 0) k = next - 1;
        break;
      }
      case 'FROM': {
        if (prev !== null && prev.kind === WORD && prev.up === 'DISTINCT' && k - 2 >= from &&
          tokens[k - 2]!.kind === WORD && (tokens[k - 2]!.up === 'IS' || tokens[k - 2]!.up === 'NOT')) break;
        if (frame.delete && prev !== null && prev.kind === WORD && prev.up === 'DELETE') readName(k + 1, 'write');
        else if (frame.select || frame.update || frame.delete) readList(k + 1, 'read');
        break;
      }
      case 'JOIN':
        if (frame.select || frame.update || frame.delete) readName(k + 1, 'read');
        break;
      case 'USING':
        if (frame.delete || frame.merge) readName(k + 1, 'read');
        break;
      case 'TRUNCATE':
        if (atHead) readList(isWord(k + 1, 'TABLE') ? k + 2 : k + 1, 'write');
        break;
      case 'TABLE': {
        if (prev === null || prev.kind !== WORD) break;
        const verb = tableVerb(k);
        if (verb === null) break;
        let n = k + 1;
        if (isWord(n, 'IF') && isWord(n + 1, 'NOT') && isWord(n + 2, 'EXISTS')) n += 3;
        else if (isWord(n, 'IF') && isWord(n + 1, 'EXISTS')) n += 2;
        if (verb === 'DROP') readList(n, 'write');
        else readName(n, 'write');
        break;
      }
      case 'ON': {
        // CREATE [UNIQUE] INDEX [CONCURRENTLY] [[IF NOT EXISTS] name] ON [ONLY] table
        if (frames.length === 1 && isWord(head, 'CREATE') && statementHasIndex(k)) readName(k + 1, 'write');
        break;
      }
      default:
        break;
    }
  }
  function noteCte(k: number): void {
    const name = at(k);
    if (name.kind !== WORD && name.kind !== QUOTED) return;
    let n = k + 1;
    if (isPunct(n, '(')) {
      while (n < to && !isPunct(n, ')')) n++;
      n++;
    }
    if (!isWord(n, 'AS')) return;
    n++;
    if (isWord(n, 'NOT')) n++;
    if (isWord(n, 'MATERIALIZED')) n++;
    if (isPunct(n, '(')) ctes.add(name.text.toLowerCase());
  }
  /** UPDATE [ONLY] table [[AS] alias] followed by SET, JOIN or `,` (MySQL's multi-table form). */
  function readNameIfUpdate(k: number): number {
    const before = tables.length;
    const next = readName(k, 'write');
    if (next < 0) return -1;
    const after = skipAlias(next);
    if (isWord(after, 'SET') || isPunct(after, ',') || isWord(after, 'JOIN') || isWord(after, 'INNER') || isWord(after, 'LEFT')) return after;
    tables.length = before;
    return -1;
  }
  /** `CREATE [TEMP|TEMPORARY|UNLOGGED|GLOBAL|LOCAL] TABLE`, `ALTER TABLE`, `DROP TABLE` at the head: the verb. */
  function tableVerb(k: number): string | null {
    let n = k - 1;
    while (n > head && tokens[n]!.kind === WORD && /^(TEMP|TEMPORARY|UNLOGGED|GLOBAL|LOCAL|OR|REPLACE)$/.test(tokens[n]!.up)) n--;
    if (n !== head) return null;
    const verb = tokens[n]!.up;
    return verb === 'CREATE' || verb === 'ALTER' || verb === 'DROP' ? verb : null;
  }
  function statementHasIndex(k: number): boolean {
    for (let n = head + 1; n < k && n <= head + 3; n++) {
      if (tokens[n]!.kind === WORD && tokens[n]!.up === 'INDEX') return true;
    }
    return false;
  }
  for (const table of tables) {
    if (ctes.has(table.table.toLowerCase())) continue;
    const key = `${table.access}\u0000${table.table}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(table);
  }
}
