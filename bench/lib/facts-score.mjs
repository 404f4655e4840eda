// Scores extracted architecture facts (issue 17: endpoints, config keys, tables) against a
// reviewed expected answer (bench/facts/<corpus>.json): identities, the files that are not
// scored, the scopes, partial and optional entries, precision and recall. Pure: no I/O besides
// reading the list, so it is tested on a tiny hand-made answer (selfTest()). Owns the identity
// rules that bench/FACTS.md states; owns nothing of the extraction.
import fs from 'node:fs';

export const KINDS = ['endpoints', 'configKeys', 'tables'];

/** Files that are never scored: tests, test helpers, vendored code, declaration files. */
const UNSCORED_FILE = [
  /(^|\/)(test|tests|testdata|testutils|__tests__|fixtures|vendor|node_modules)\//,
  /_test\.go$/, /(^|\/)test_[^/]*\.py$/, /_test\.py$/, /\.(test|spec)\.[cm]?[jt]sx?$/, /\.d\.[cm]?ts$/,
];

export function unscoredFile(file) {
  return UNSCORED_FILE.some((pattern) => pattern.test(file));
}

/** Reads a list and checks its shape; throws naming the file and the first problem. */
export function readFactList(file) {
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const kind of KINDS) {
    if (!Array.isArray(list[kind])) throw new Error(`bench: ${file} has no ${kind} array`);
    for (const entry of list[kind]) {
      const key = kind === 'endpoints' ? entry.method && entry.path : kind === 'configKeys' ? entry.key : entry.table;
      if (!key || typeof entry.site !== 'string' || !/:\d+$/.test(entry.site)) {
        throw new Error(`bench: ${file}: malformed ${kind} entry ${JSON.stringify(entry)}`);
      }
    }
  }
  return list;
}

/** Where a site string or wire site points: {path, line}. */
export function siteOf(site) {
  if (typeof site === 'string') {
    const at = site.lastIndexOf(':');
    return { path: site.slice(0, at), line: Number(site.slice(at + 1)) };
  }
  return { path: site?.path ?? '', line: site?.line ?? 0 };
}

/**
 * True when a fact at `file` counts for `kind` in this list: not an unscored file, not excluded by
 * the list's scope, and inside the kind's scope prefixes when it has some (an empty array: the
 * kind is not scored in this corpus at all).
 */
export function inScope(list, kind, file) {
  if (unscoredFile(file)) return false;
  const scope = list.scope ?? {};
  if ((scope.exclude ?? []).some((prefix) => file === prefix || file.startsWith(prefix))) return false;
  const prefixes = scope[kind];
  if (prefixes === undefined) return true;
  return prefixes.some((prefix) => file.startsWith(prefix));
}

/** Whether a kind is scored at all in this list (scope.<kind> = [] turns it off). */
export function kindScored(list, kind) {
  const prefixes = list.scope?.[kind];
  return prefixes === undefined || prefixes.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Identities

/** The closing index of the bracket opened at `start` (balanced, escapes skipped), or -1. */
function closing(text, start, open, close) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') { i++; continue; }
    if (c === '[' && open !== '[') { // a character class inside: skip it whole
      const end = closing(text, i, '[', ']');
      if (end === -1) return -1;
      i = end;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return -1;
}

/**
 * One form for a route path whatever the framework wrote: parameters (`:id`, `:id(re)?`, `{id}`,
 * `{id:re}`, `<int:id>`, `(?P<id>re)`, `(re)`, gin `*name`) become `{}`; regex anchors and escapes
 * go, as does a trailing slash (and `/?`); `//` collapses; the path starts with `/`. A lone `*`
 * (a wildcard route, or a part a partial entry does not know) stays `*`.
 */
export function normalisePath(raw) {
  const text = String(raw ?? '').trim();
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\\') {
      if (next === 'A' || next === 'Z' || next === 'z') { i++; continue; }
      if (next !== undefined) { out += next; i++; }
      continue;
    }
    if (c === '^' || c === '$') continue;
    if (c === '[') { // a character class outside a group: keep it as written
      const end = closing(text, i, '[', ']');
      if (end === -1) { out += text.slice(i); break; }
      out += text.slice(i, end + 1);
      i = end;
      continue;
    }
    if (c === '(' || c === '{' || c === '<') {
      const close = c === '(' ? ')' : c === '{' ? '}' : '>';
      const end = closing(text, i, c, close);
      if (end !== -1) {
        // `(?:...)` without a name is a group too: every group is a parameter of some kind.
        out += '{}';
        i = end;
        while (text[i + 1] === '?' || text[i + 1] === '*' || text[i + 1] === '+') i++;
        continue;
      }
    }
    if ((c === ':' || c === '*') && /[A-Za-z_]/.test(next ?? '') && (out === '' || out.endsWith('/') || /[-.]$/.test(out))) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j])) j++;
      if (text[j] === '(') {
        const end = closing(text, j, '(', ')');
        if (end !== -1) j = end + 1;
      }
      while (text[j] === '?' || text[j] === '*' || text[j] === '+') j++;
      out += '{}';
      i = j - 1;
      continue;
    }
    if (c === '?' && out.endsWith('/')) continue; // optional slash
    out += c;
  }
  out = out.replace(/\/{2,}/g, '/');
  if (!out.startsWith('/')) out = `/${out}`;
  while (out.length > 1 && out.endsWith('/')) out = out.slice(0, -1);
  return out;
}

export function normaliseMethod(method) {
  const upper = String(method ?? '').toUpperCase();
  return upper === '*' || upper === 'ALL' || upper === '' ? 'ANY' : upper;
}

/** The identity string of a fact of a kind (oracle entry or wire record). */
export function identity(kind, entry) {
  if (kind === 'endpoints') return `${normaliseMethod(entry.method)} ${normalisePath(entry.path)}`;
  if (kind === 'configKeys') return String(entry.key);
  return String(entry.table).toLowerCase();
}

/** A partial identity as a regular expression: each `*` stands for any text. */
function wildcard(id) {
  return new RegExp(`^${id.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** A partial identity says something only when it keeps a literal part besides slashes and `*`. */
function informative(kind, id) {
  const rest = kind === 'endpoints' ? id.slice(id.indexOf(' ') + 1) : id;
  return /[^/*{}\s]/.test(rest);
}

// ---------------------------------------------------------------------------------------------
// Scoring

/**
 * Turns a wire answer into scored candidates for one kind: [{id, partial, site, raw}] for the facts
 * at a site in scope, and the rest in `unscored` with the reason. Config keys and tables count when
 * at least one of their sites is in scope (their first such site is kept).
 */
export function candidatesOf(kind, list, records) {
  const scored = [];
  const unscored = [];
  for (const record of records ?? []) {
    let site = null;
    if (kind === 'endpoints') {
      site = siteOf(record.site);
      if (!inScope(list, kind, site.path)) { unscored.push({ record, why: 'site not scored' }); continue; }
    } else {
      const sites = (record.sites ?? []).map((s) => ({ ...s, at: siteOf(s.site) }));
      const inside = sites.filter((s) => inScope(list, kind, s.at.path));
      const formed = inside.filter((s) => (kind === 'configKeys' ? configAccessInScope(s.access) : tableFrameworkInScope(s.framework)));
      if (sites.length && inside.length === 0) { unscored.push({ record, why: 'no site scored' }); continue; }
      if (sites.length && formed.length === 0) { unscored.push({ record, why: `form not in scope (${[...new Set(inside.map((s) => s.access ?? s.framework))].join(', ')})` }); continue; }
      site = formed[0]?.at ?? null;
    }
    const id = identity(kind, kind === 'tables' ? { table: record.table } : record);
    const partial = Boolean(record.partial) || id.includes('*');
    if (partial && !informative(kind, id)) { unscored.push({ record, why: 'partial with no known part' }); continue; }
    scored.push({ id, partial, site, raw: record });
  }
  return { scored, unscored };
}

/** The config access forms of issue 17 (environment reads and viper); others are reported, not scored. */
export function configAccessInScope(access) {
  if (access == null) return true;
  return /process\.env|import\.meta\.env|environ|getenv|lookupenv|viper|^Get[A-Z]|\.Get[A-Z]|^Get$/i.test(String(access));
}

const TABLE_FRAMEWORKS = /^(typeorm|sequelize|drizzle|knex|sqlalchemy|django|gorm|sql|prisma)$/i;
/** The table forms of issue 17; others (Bookshelf, ent, ...) are reported, not scored. */
export function tableFrameworkInScope(framework) {
  return framework == null || TABLE_FRAMEWORKS.test(String(framework));
}

/**
 * Scores one kind of one corpus. Exact identities match first; then each unmatched partial
 * candidate with a known part matches at most one unmatched expected entry of its wildcard form.
 * Returns counts, precision, recall, misses (expected, not found) and false positives.
 */
export function scoreKind(kind, list, records) {
  const expected = new Map(); // id -> entry (first one; duplicates of an identity collapse)
  for (const entry of list[kind]) {
    const id = identity(kind, entry);
    const known = expected.get(id);
    if (!known || (known.optional && !entry.optional)) expected.set(id, entry);
  }
  const { scored, unscored } = candidatesOf(kind, list, records);
  const candidates = new Map();
  for (const candidate of scored) if (!candidates.has(candidate.id)) candidates.set(candidate.id, candidate);

  const matched = new Map(); // expected id -> {candidate, how}
  const falsePositives = [];
  const waiting = [];
  for (const candidate of candidates.values()) {
    if (expected.has(candidate.id) && !matched.has(candidate.id)) matched.set(candidate.id, { candidate, how: 'exact' });
    else if (candidate.partial) waiting.push(candidate);
    else falsePositives.push(candidate);
  }
  for (const candidate of waiting) {
    const pattern = wildcard(candidate.id);
    const target = [...expected.keys()].find((id) => !matched.has(id) && pattern.test(id));
    if (target) matched.set(target, { candidate, how: 'partial' });
    else falsePositives.push(candidate);
  }
  const required = [...expected.entries()].filter(([, entry]) => !entry.optional);
  const found = required.filter(([id]) => matched.has(id)).length;
  const truePositives = [...matched.entries()].filter(([id]) => !expected.get(id).optional).length;
  const optionalFound = matched.size - truePositives;
  const misses = required.filter(([id]) => !matched.has(id)).map(([id, entry]) => ({ id, site: entry.site, ...(entry.partial ? { partial: true } : {}) }));
  const denominator = truePositives + falsePositives.length;
  return {
    expected: required.length, optional: expected.size - required.length, candidates: candidates.size,
    matched: found, matchedPartially: [...matched.values()].filter((m) => m.how === 'partial').length,
    optionalFound, falsePositives: falsePositives.length,
    precision: denominator === 0 ? null : truePositives / denominator,
    recall: required.length === 0 ? null : found / required.length,
    misses,
    falsePositiveList: falsePositives.map((c) => ({ id: c.id, site: c.site ? `${c.site.path}:${c.site.line}` : null, ...(c.partial ? { partial: true } : {}) })),
    unscored: unscored.length,
    unscoredSample: unscored.slice(0, 20).map((u) => ({ why: u.why, id: identityOrNull(kind, u.record) })),
  };
}

function identityOrNull(kind, record) {
  try {
    return identity(kind, kind === 'tables' ? { table: record.table } : record);
  } catch {
    return null;
  }
}

/** Adds kind scores of several corpora (one language) into one: sums, then the ratios. */
export function sumScores(scores) {
  const total = { expected: 0, optional: 0, candidates: 0, matched: 0, matchedPartially: 0, optionalFound: 0, falsePositives: 0, unscored: 0 };
  for (const score of scores) for (const key of Object.keys(total)) total[key] += score[key] ?? 0;
  const truePositives = total.matched;
  total.precision = truePositives + total.falsePositives === 0 ? null : truePositives / (truePositives + total.falsePositives);
  total.recall = total.expected === 0 ? null : total.matched / total.expected;
  return total;
}

/**
 * The second pass over a list: each entry's site must exist and show the entry's literal within
 * two lines (the last literal part of a path, the key's literal part, the table or its model).
 * Returns the problems found (an empty array: every site checks out).
 */
export function checkSites(list, corpusDir) {
  const problems = [];
  const cache = new Map();
  const linesOf = (file) => {
    if (!cache.has(file)) {
      try {
        cache.set(file, fs.readFileSync(`${corpusDir}/${file}`, 'utf8').split('\n'));
      } catch {
        cache.set(file, null);
      }
    }
    return cache.get(file);
  };
  for (const kind of KINDS) {
    for (const entry of list[kind]) {
      const { path: file, line } = siteOf(entry.site);
      const lines = linesOf(file);
      if (!lines) { problems.push(`${kind} ${entry.site}: no such file`); continue; }
      const near = lines.slice(Math.max(0, line - 3), line + 2).join('\n');
      if (/constant/.test(entry.note ?? '')) continue; // the key is a constant's value, named at the site
      const needles = needlesOf(kind, entry);
      if (needles.length && !needles.some((needle) => near.includes(needle))) {
        problems.push(`${kind} ${entry.site}: none of ${JSON.stringify(needles)} within two lines`);
      }
    }
  }
  return problems;
}

function needlesOf(kind, entry) {
  if (kind === 'configKeys') return entry.key.split('*')[0] ? [entry.key.split('*')[0]] : [];
  // A model's table is derived (Django) or returned by a method (GORM): the site shows the model, not the name.
  if (kind === 'tables') return /\.(py|go)$/.test(siteOf(entry.site).path) ? [] : [entry.table];
  // A route registered as '/' under a mount shows no part of the full path but the quoted root.
  // Otherwise the registered pattern's last segment is written at the site as it stands in the path.
  const segments = entry.path.split('/').map((part) => part.replace(/^\^/, '').replace(/\$$/, '').replace(/\?$/, '')).filter(Boolean);
  const last = segments[segments.length - 1];
  return [...(last ? [last] : []), "'/'", '"/"', "''", '""', '`/`', "'^$'"];
}

/** Checks the identity rules and the scoring on a tiny hand-made answer; throws on a mismatch. */
export function selfTest() {
  const eq = (actual, wanted, what) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted)) throw new Error(`facts self-test: ${what}: got ${JSON.stringify(actual)}, wanted ${JSON.stringify(wanted)}`);
  };
  eq(normalisePath('/users/:id'), '/users/{}', 'express param');
  eq(normalisePath('/users/:id(\\d+)?/x/'), '/users/{}/x', 'express param with regex, trailing slash');
  eq(normalisePath('/extensions/:pk(${UUID_REGEX})'), '/extensions/{}', 'express param with interpolated regex');
  eq(normalisePath('/schedule/:schedule/:name*?'), '/schedule/{}/{}', 'express modifiers');
  eq(normalisePath('/v2/{gun:[^*]+}/_trust/tuf/{tufRole:root|targets(?:/[^/\\s]+)*|snapshot|timestamp}.{checksum:[a-fA-F0-9]{64}|[a-fA-F0-9]{96}}.json'), '/v2/{}/_trust/tuf/{}.{}.json', 'gorilla regex vars');
  eq(normalisePath('^list/(?P<mlist_fqdn>[^/@]+@[^/@]+)/^export/(?P<filename>[^/]+)\\.mbox.gz$'), '/list/{}/export/{}.mbox.gz', 'django joined regex');
  eq(normalisePath('/^list/(?P<list_name>[^@]+)@[^/]+/(?P<year>\\d\\d\\d\\d)-(?P<month_name>\\w+)/?$'), '/list/{}@[^/]+/{}-{}', 'django class outside a group');
  eq(normalisePath('users/<str:user_id>/posts'), '/users/{}/posts', 'django path converter');
  eq(normalisePath('^settings/(?P<visible_section>[^/]+)?$'), '/settings/{}', 'optional group');
  eq(normalisePath('/anything/<path:anything>'), '/anything/{}', 'flask converter');
  eq(normalisePath('/alerts/:alert_id'), '/alerts/{}', 'gin param');
  eq(normalisePath('/static/*filepath'), '/static/{}', 'gin catch-all');
  eq(normalisePath('/ghost/*'), '/ghost/*', 'wildcard route');
  eq(normalisePath(''), '/', 'root');
  eq(normalisePath('^listinfo/?$'), '/listinfo', 'optional trailing slash');
  eq(unscoredFile('pkg/api/server_test.go'), true, 'go test');
  eq(unscoredFile('hyperkitty/tests/test_x.py'), true, 'python tests');
  eq(unscoredFile('vendor/github.com/x/y.go'), true, 'vendor');
  eq(unscoredFile('controllers/users.d.ts'), true, 'declaration file');
  eq(unscoredFile('controllers/users.js'), false, 'plain source');

  const list = {
    scope: { exclude: ['x/testing.py'] },
    endpoints: [
      { method: 'GET', path: '/users/:id', site: 'a.js:1' }, { method: 'POST', path: '/users', site: 'a.js:2' },
      { method: 'GET', path: '/auth/login/*/callback', partial: true, site: 'b.js:3' }, { method: 'ANY', path: '/graphql', optional: true, site: 'c.js:4' },
      { method: 'DELETE', path: '/ghost/api/admin/posts/:id', site: 'd.js:5' },
    ],
    configKeys: [{ key: 'DEBUG', site: 'x/core.py:1' }, { key: 'caching.max_age.*', partial: true, site: 'x/c.go:2' }, { key: 'X_IN', optional: true, site: 'x/core.py:3' }],
    tables: [{ table: 'hyperkitty_email', site: 'm.py:1' }, { table: 'DUAL', optional: true, site: 'd.js:1' }],
  };
  const at = (path, line = 1) => ({ path, line, column: 1 });
  const endpoints = [
    { method: 'get', path: '/users/{id}', partial: false, site: at('a.js') },
    { method: 'GET', path: '/users/:id', partial: false, site: at('a2.js') }, // duplicate identity: counted once
    { method: 'GET', path: '*/callback', partial: true, site: at('b.js') }, // matches the partial entry through the wildcard
    { method: 'ANY', path: '/graphql', partial: false, site: at('c.js') }, // optional: neither way
    { method: 'DELETE', path: '*/posts/:id', partial: true, site: at('d.js') }, // partial: matches the ghost route
    { method: 'GET', path: '/nope', partial: false, site: at('e.js') }, // false positive
    { method: 'GET', path: '/in-test', partial: false, site: at('tests/x.js') }, // not scored
    { method: 'GET', path: '*', partial: true, site: at('f.js') }, // no known part: not scored
  ];
  const e = scoreKind('endpoints', list, endpoints);
  eq([e.expected, e.matched, e.matchedPartially, e.falsePositives, e.optionalFound, e.unscored], [4, 3, 2, 1, 1, 2], 'endpoint counts');
  eq(e.misses.map((m) => m.id), ['POST /users'], 'endpoint misses');
  eq(e.falsePositiveList.map((m) => m.id), ['GET /nope'], 'endpoint false positives');
  eq([e.precision, e.recall], [3 / 4, 3 / 4], 'endpoint ratios');
  const configs = [
    { key: 'DEBUG', partial: false, sites: [{ access: 'os.environ.get', site: at('x/core.py') }] },
    { key: 'caching.max_age.*', partial: true, sites: [{ access: 'viper.GetString', site: at('x/c.go') }] },
    { key: 'server:port', partial: false, sites: [{ access: 'config.get', site: at('x/cfg.js') }] }, // out-of-scope form
    { key: 'SEARX_DEBUG', partial: false, sites: [{ access: 'os.environ', site: at('x/testing.py') }] }, // excluded file
    { key: 'HOME', partial: false, sites: [{ access: 'os.Getenv', site: at('x/m.go') }] }, // false positive
  ];
  const c = scoreKind('configKeys', list, configs);
  eq([c.expected, c.matched, c.falsePositives, c.unscored], [2, 2, 1, 2], 'config counts');
  const tables = [
    { table: 'HyperKitty_Email', partial: false, sites: [{ access: 'model', framework: 'django', site: at('m.py') }] },
    { table: 'posts', partial: false, sites: [{ access: 'model', framework: 'bookshelf', site: at('p.js') }] }, // out of scope
    { table: 'dual', partial: false, sites: [{ access: 'read', framework: 'sql', site: at('d.js') }] }, // optional
  ];
  const t = scoreKind('tables', list, tables);
  eq([t.expected, t.matched, t.falsePositives, t.optionalFound, t.unscored, t.precision, t.recall], [1, 1, 0, 1, 1, 1, 1], 'table counts');
  const sum = sumScores([e, c]);
  eq([sum.expected, sum.matched, sum.falsePositives], [6, 5, 2], 'sum');
  return 'facts self-test: 5 kinds of identity, scopes, partial and optional entries: all as expected';
}
