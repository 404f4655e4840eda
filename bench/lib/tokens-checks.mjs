// The token-savings bench's judge: is an answer right? Each category is checked against what the
// bridge cannot have made up (bench/lib/tokens-model.mjs):
//   - callers, callees, a caller chain, a card's caller count and the tests reaching a function
//     against the compiler oracle's call edges, site by site (path:line). A site the answer shows
//     must be one where the oracle resolves the call to that symbol; a site the oracle lists as
//     resolved elsewhere or only outside the corpus is a wrong edge; every oracle site must be
//     shown (a missed caller is wrong); the caller each site is shown under must be the one the
//     export names for that line. Sites the oracle does not know at all (a dynamic call it left
//     unresolved) are allowed and counted (score.mjs's precision@known leaves them out too). In Go,
//     a callee that is a type is an instantiation (`T{}`), which go/types does not report: allowed.
//   - found symbols and spans against the export (id, path, line) and the source (the name on the
//     declaration's line; a span's text equal to the file's lines);
//   - references of a kind and subtypes against the export's relations and the source (the
//     relation's name on its site's line; each subtype's declaration naming the type);
//   - a file's exports against the export's exported symbols of that file;
//   - an edit's delta against the oracle's call sites of the edited function (every call now
//     passing too many arguments, or every caller of a renamed one, and nothing else at a site the
//     oracle knows);
//   - staleness against git (the worktree's HEAD against the pinned base), a review's cohorts
//     against the partition the change was built to have.
// Returns {correct, why, notes}; `why` says what was wrong. Owns the rules, measures nothing.
import { isTestSymbol, siteKey } from './tokens-model.mjs';

const CLASS_KINDS = { ts: ['class'], python: ['class'], go: ['struct'] };
const word = (name) => new RegExp(`(?<![A-Za-z0-9_$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_$])`);

function verdict(problems, notes = []) {
  return { correct: problems.length === 0, why: problems.slice(0, 6).join('; ') + (problems.length > 6 ? `; +${problems.length - 6} more` : ''), notes };
}

/** The lookup step's answer must list the symbol the task is about (else the agent could not go on). */
export function checkLookup(answer, id) {
  const found = answer.result?.symbols ?? [];
  return found.some((symbol) => symbol.id === id) ? null : `symbols_search did not list ${id}`;
}

export function checkFindClass(model, task, answer) {
  const subject = model.symbols.get(task.subject);
  const expected = [...model.symbols.values()].filter((s) => s.name === subject.name && CLASS_KINDS[model.language].includes(s.kind)).map((s) => s.id).sort();
  const found = answer.result?.symbols ?? [];
  const problems = [];
  const head = found.slice(0, expected.length).map((s) => s.id).sort();
  if (JSON.stringify(head) !== JSON.stringify(expected)) problems.push(`the first ${expected.length} results are [${head.join(', ')}], not [${expected.join(', ')}]`);
  for (const symbol of found.slice(0, expected.length)) {
    const truth = model.symbols.get(symbol.id);
    if (!truth) { problems.push(`${symbol.id} is not in the export`); continue; }
    if (symbol.path !== truth.path || symbol.range.start.line !== truth.range.start.line) problems.push(`${symbol.id} at ${symbol.path}:${symbol.range.start.line}, the export says ${truth.path}:${truth.range.start.line}`);
    if (!word(truth.name).test(model.sourceLine(truth.path, truth.selection.start.line))) problems.push(`${truth.path}:${truth.selection.start.line} does not name ${truth.name}`);
  }
  return verdict(problems);
}

export function checkSpan(model, task, answer) {
  const subject = model.symbols.get(task.subject);
  const result = answer.result ?? {};
  const problems = [];
  const spanId = result.id ?? result.symbol?.id;
  if (spanId !== subject.id) problems.push(`the span is of ${spanId ?? 'nothing'}, not ${subject.id}`);
  const lines = model.sourceText(subject.path).split('\n').slice(subject.range.start.line - 1, subject.range.end.line).join('\n');
  if (result.startLine !== subject.range.start.line || result.endLine !== subject.range.end.line) problems.push(`lines ${result.startLine}-${result.endLine}, the declaration is ${subject.range.start.line}-${subject.range.end.line}`);
  if (result.text !== lines) problems.push('the text differs from the file\'s lines');
  return verdict(problems);
}

/** Site-level check of one level of a call tree: `nodes` are the callers (or callees) of `rootId`. */
function checkLevel(model, rootId, nodes, direction, problems, notes) {
  const shownKeys = new Set();
  let unknown = 0;
  for (const node of nodes) {
    const other = node.symbol.id;
    const isType = ['struct', 'type_alias', 'class', 'interface'].includes(node.symbol.kind);
    for (const site of node.sites) {
      const key = siteKey(site.path, site.line);
      const target = direction === 'callers' ? rootId : other;
      const oracle = model.oracleAt(site.path, site.line);
      if (oracle === 'unknown') { unknown++; continue; }
      if (oracle.targets.includes(target)) {
        shownKeys.add(`${key}>${target}`);
        if (direction === 'callers') {
          const named = model.callerAt(site.path, site.line, rootId);
          if (named !== other) problems.push(`the call at ${key} is shown under ${other}, the export names ${named}`);
        }
        continue;
      }
      if (direction === 'callees' && model.language === 'go' && isType) { unknown++; continue; }
      problems.push(`${direction === 'callers' ? `${other} -> ${rootId}` : `${rootId} -> ${other}`} at ${key}: the oracle resolves that call ${oracle.targets.length ? `to ${oracle.targets.join(', ')}` : 'outside the corpus'}`);
    }
  }
  // Whether the export draws the missed edge tells the engine's miss (no edge anywhere) from the answer's (an edge the answer left out).
  const inExport = (key, target) => (model.callEdgesAt.get(key) ?? []).some((edge) => edge.to === target);
  const whose = (key, target) => (inExport(key, target) ? 'the export has this edge: the answer left it out' : 'the export lacks it too');
  if (direction === 'callers') {
    for (const site of model.oracleSitesTo.get(rootId) ?? []) {
      if (!shownKeys.has(`${site.key}>${rootId}`)) problems.push(`missed the call of ${rootId} at ${site.key} (from ${site.caller}; ${whose(site.key, rootId)})`);
    }
  } else {
    for (const [target, keys] of model.oracleCallees(rootId)) {
      for (const key of keys) if (!shownKeys.has(`${key}>${target}`)) problems.push(`missed the call of ${target} at ${key} (${whose(key, target)})`);
    }
  }
  if (unknown > 0) notes.push(`${unknown} site(s) the oracle does not know (allowed)`);
}

export function checkCallTree(model, task, answer, direction) {
  const result = answer.result ?? {};
  const problems = [];
  const notes = [];
  if (result.root?.id !== task.subject) problems.push(`the tree is of ${result.root?.id ?? 'nothing'}, not ${task.subject}`);
  const nodes = result[direction] ?? [];
  checkLevel(model, task.subject, nodes, direction, problems, notes);
  if (task.category === 'callers_depth2') {
    for (const node of nodes) {
      if (node.symbol.id === task.subject) continue;
      checkLevel(model, node.symbol.id, node.children ?? [], direction, problems, notes);
    }
  }
  return verdict(problems, notes);
}

export function checkCard(model, task, answer) {
  const result = answer.result ?? {};
  const subject = model.symbols.get(task.subject);
  const problems = [];
  if (result.symbol?.id !== subject.id) problems.push(`the card is of ${result.symbol?.id ?? 'nothing'}, not ${subject.id}`);
  else if (result.symbol.path !== subject.path || result.symbol.range.start.line !== subject.range.start.line || result.symbol.kind !== subject.kind) {
    problems.push(`${result.symbol.kind} at ${result.symbol.path}:${result.symbol.range.start.line}, the export says ${subject.kind} at ${subject.path}:${subject.range.start.line}`);
  }
  // Distinct callers: the oracle's, plus those the export draws at sites the oracle does not know (allowed, as for callers).
  const expected = new Set(model.oracleCallers(subject.id).keys());
  for (const edge of model.relationsInto(subject.id, ['calls', 'instantiates'])) {
    if (model.oracleAt(edge.site.path, edge.site.line) === 'unknown') expected.add(edge.from);
  }
  if (result.callers !== expected.size) problems.push(`callers ${result.callers}, the oracle's callers (and those at sites it does not know) are ${expected.size}`);
  return verdict(problems);
}

export function checkRefs(model, task, answer) {
  const hits = answer.result?.references ?? [];
  const kinds = task.category === 'subclasses' ? ['extends', 'implements'] : [task.kind];
  const key = (r) => `${r.kind} ${r.from} ${r.site.path}:${r.site.line}:${r.site.column}`;
  const expected = new Set(model.relationsInto(task.subject, kinds).map(key));
  const shown = new Set(hits.map((hit) => key(hit.relation)));
  const problems = [];
  for (const k of expected) if (!shown.has(k)) problems.push(`missed ${k}`);
  for (const k of shown) if (!expected.has(k)) problems.push(`${k} is not in the export`);
  for (const hit of hits) {
    const relation = hit.relation;
    if (!kinds.includes(relation.kind)) problems.push(`a ${relation.kind} reference in a ${kinds.join('/')} answer`);
    const line = model.sourceLine(relation.site.path, relation.site.line);
    if (!word(relation.name).test(line)) problems.push(`${relation.site.path}:${relation.site.line} does not hold ${relation.name}`);
  }
  if (task.category === 'subclasses') {
    const subject = model.symbols.get(task.subject);
    for (const hit of hits) {
      const from = model.symbols.get(hit.relation.from);
      if (!from) { problems.push(`${hit.relation.from} is not in the export`); continue; }
      if (!word(subject.name).test(model.declarationHead(from))) problems.push(`the declaration of ${from.id} does not name ${subject.name}`);
    }
    // The source's own answer, when the name is the only type of that name: every declaration naming it as a base.
    const sameName = [...model.symbols.values()].filter((s) => s.name === subject.name && ['class', 'interface', 'type_alias'].includes(s.kind));
    if (sameName.length === 1) {
      const bySource = model.subtypesInSource(subject.name);
      const answered = new Set(hits.map((hit) => { const s = model.symbols.get(hit.relation.from); return s ? `${s.path}#${s.name}` : hit.relation.from; }));
      for (const found of bySource) if (!answered.has(found)) problems.push(`the source declares ${found} as a subtype of ${subject.name}`);
    }
  }
  return verdict(problems);
}

export function checkExports(model, task, answer) {
  if (Array.isArray(answer.result?.symbols)) return checkOutline(model, task, answer.result);
  const matches = answer.result?.matches ?? [];
  const problems = [];
  if (matches.some((match) => match.path !== task.subject)) problems.push('matches outside the file');
  for (const symbol of model.fileExports(task.subject)) {
    if (!matches.some((match) => word(symbol.name).test(match.excerpt))) problems.push(`the answer does not show ${symbol.name} (${symbol.kind}, line ${symbol.range.start.line})`);
  }
  return verdict(problems);
}

/** A file outline (symbols_file_outline, exportedOnly): every export listed by id, nothing from another file or unexported at top level. */
function checkOutline(model, task, result) {
  const problems = [];
  if (result.path !== task.subject) problems.push(`the outline is of ${result.path}, not ${task.subject}`);
  const listed = new Set(result.symbols.map((entry) => entry.id));
  for (const symbol of model.fileExports(task.subject)) {
    if (!listed.has(symbol.id)) problems.push(`the answer does not list ${symbol.id} (${symbol.kind}, line ${symbol.range.start.line})`);
  }
  for (const entry of result.symbols) {
    if (!entry.id.startsWith(`${task.subject}#`)) problems.push(`${entry.id} is not declared in ${task.subject}`);
    else if (!entry.exported && entry.container === undefined) problems.push(`${entry.id} is listed but not exported`);
  }
  return verdict(problems);
}

/** Tests in a call tree (callers to depth 2), and whether each came through an edge at a site the oracle does not know. */
function testsIn(model, nodes, rootId) {
  const tests = new Map();
  const walk = (list, target, viaUnknown) => {
    for (const node of list) {
      const unknownEdge = node.sites.length > 0 && node.sites.every((site) => model.oracleAt(site.path, site.line) === 'unknown');
      const through = viaUnknown || unknownEdge;
      if (isTestSymbol(node.symbol)) tests.set(node.symbol.id, (tests.get(node.symbol.id) ?? true) && through);
      walk(node.children ?? [], node.symbol.id, through);
    }
  };
  walk(nodes, rootId, false);
  return tests;
}

export function checkTests(model, task, answer, expectedTests) {
  const result = answer.result ?? {};
  const problems = [];
  const notes = [];
  if (result.root?.id !== task.subject) problems.push(`the tree is of ${result.root?.id ?? 'nothing'}, not ${task.subject}`);
  const shown = testsIn(model, result.callers ?? [], task.subject);
  for (const id of expectedTests) if (!shown.has(id)) problems.push(`missed the test ${id}`);
  for (const [id, viaUnknown] of shown) {
    if (expectedTests.has(id)) continue;
    if (viaUnknown) notes.push(`${id} through a call the oracle does not know (allowed)`);
    else problems.push(`${id} does not reach ${task.subject} within ${task.depth} calls by the oracle`);
  }
  return verdict(problems, notes);
}

/** The delta of a parameter removal or a rename, against the oracle's call sites of the edited function. */
export function checkDelta(model, task, answer) {
  const result = answer.result ?? {};
  const problems = [];
  const notes = [];
  const sitesOfSubject = new Set(model.oracleSites(task.subject));
  if (task.how === 'rename') {
    const dangling = (result.danglingCallers ?? []).filter((d) => d.target === task.subject);
    if (!Array.isArray(result.danglingCallers)) problems.push('the delta has no danglingCallers list');
    const shown = new Set(dangling.map((d) => siteKey(d.path, d.line)));
    for (const key of sitesOfSubject) if (!shown.has(key)) problems.push(`missed the dangling call at ${key}`);
    for (const d of result.danglingCallers ?? []) {
      const key = siteKey(d.path, d.line);
      if (sitesOfSubject.has(key) && d.target === task.subject) continue;
      if (model.oracleAt(d.path, d.line) === 'unknown') { notes.push(`dangling ${key} at a site the oracle does not know (allowed)`); continue; }
      problems.push(`dangling ${key} -> ${d.target}: the oracle does not resolve that call to ${task.subject}`);
    }
    return verdict(problems, notes);
  }
  if (!Array.isArray(result.arityFindings)) problems.push('the delta has no arityFindings list');
  const failing = (result.arityFindings ?? []).filter((a) => a.verdict === 'too_many' || a.verdict === 'too_few');
  const shown = new Map(failing.map((a) => [siteKey(a.site.path, a.site.line), a]));
  // The engine's documented policy (packages/analysis/src/arity-verdict.ts): one positional too many into a
  // Python method is not asserted (it may be an unbound call passing self), so such a site may go either way.
  const pythonMethod = model.language === 'python' && model.symbols.get(task.subject)?.kind === 'method';
  for (const site of task.sites) {
    const finding = shown.get(site.key);
    if (site.count === null) { if (finding) notes.push(`${site.key}: ${finding.verdict} (its arguments could not be counted from the text; allowed)`); continue; }
    if (pythonMethod && site.count === task.capacity + 1) { notes.push(`${site.key}: one argument too many into a Python method, not asserted by policy (${finding ? finding.verdict : 'no finding'})`); continue; }
    if (site.count > task.capacity) {
      if (!finding) problems.push(`missed ${site.key}: it passes ${site.count} arguments, the declaration now takes ${task.capacity}`);
      else if (finding.verdict !== 'too_many') problems.push(`${site.key} is ${finding.verdict}, it passes ${site.count} arguments to ${task.capacity} parameters`);
      else if (finding.callee !== task.subject) problems.push(`${site.key} names the callee ${finding.callee}`);
    } else if (finding) {
      problems.push(`${site.key} is ${finding.verdict}, but it passes ${site.count} arguments to ${task.capacity} parameters`);
    }
  }
  for (const [key, finding] of shown) {
    if (sitesOfSubject.has(key)) continue;
    if (model.oracleAt(finding.site.path, finding.site.line) === 'unknown') { notes.push(`${key} ${finding.verdict} at a site the oracle does not know (allowed)`); continue; }
    problems.push(`${key} ${finding.verdict} calling ${finding.callee}: the oracle does not resolve that call to ${task.subject}`);
  }
  return verdict(problems, notes);
}

/** Staleness after a commit in the workspace's worktree: workspace_list and index_status against git. */
export function checkStaleness(task, listAnswer, statusAnswer, truth) {
  const problems = [];
  const workspaces = listAnswer.result?.workspaces ?? [];
  const own = workspaces.find((w) => w.id === truth.workspace);
  const main = workspaces.find((w) => w.id === 'default');
  if (!own) problems.push(`workspace_list does not list ${truth.workspace}`);
  else {
    if (own.stale !== true) problems.push(`${truth.workspace} is not stale, though its worktree's HEAD moved from ${truth.base.slice(0, 12)} to ${truth.head.slice(0, 12)}`);
    if (own.baseCommit !== truth.base) problems.push(`${truth.workspace}'s baseCommit is ${own.baseCommit}, it was pinned to ${truth.base}`);
    if (!(own.overlayFiles >= 1)) problems.push(`${truth.workspace} has ${own.overlayFiles} overlay files after an edit`);
  }
  if (!main) problems.push('workspace_list does not list default');
  else if (main.stale !== false) problems.push('default is stale, though its HEAD did not move');
  const status = statusAnswer.result ?? {};
  if (status.baseline !== truth.base) problems.push(`index_status: baseline ${status.baseline}, the workspace is pinned to ${truth.base}`);
  if (status.head !== truth.head) {
    problems.push(`index_status: HEAD ${String(status.head).slice(0, 12)}, the worktree's HEAD is ${truth.head.slice(0, 12)}` +
      `${status.head === truth.base ? ' (the HEAD the workspace\'s snapshot was built at)' : ''}${own?.stale === true ? '; workspace_list does say stale' : ''}`);
  }
  return verdict(problems);
}

/** A review's cohorts against the partition the branch was built to have. */
export function checkCohorts(model, task, computeAnswer, cohortsAnswer, changed) {
  const problems = [];
  const cohorts = cohortsAnswer.result?.cohorts ?? [];
  const seen = new Map();
  for (const cohort of cohorts) for (const file of cohort.files) seen.set(file, (seen.get(file) ?? 0) + 1);
  for (const file of changed) if (seen.get(file) !== 1) problems.push(`${file} is in ${seen.get(file) ?? 0} cohorts`);
  for (const file of seen.keys()) if (!changed.includes(file)) problems.push(`${file} is not changed on the branch`);
  const partition = cohorts.map((cohort) => [...cohort.files].sort()).sort((a, b) => a[0].localeCompare(b[0]));
  const expected = task.expected.map((group) => [...group].sort()).sort((a, b) => a[0].localeCompare(b[0]));
  if (JSON.stringify(partition) !== JSON.stringify(expected)) {
    const [callee, caller] = task.symbols;
    const drawn = (model.edgesFrom.get(caller) ?? []).some((edge) => edge.to === callee && (edge.kind === 'calls' || edge.kind === 'instantiates'));
    problems.push(`cohorts ${JSON.stringify(partition)}, expected ${JSON.stringify(expected)} (the caller's and callee's files tied by the call, the unrelated file alone; ` +
      `${drawn ? 'the export draws the call' : `the export has no call edge ${caller} -> ${callee}, which the oracle resolves`})`);
  }
  if ((computeAnswer.result?.summary?.files ?? changed.length) !== changed.length) problems.push(`review_compute counts ${computeAnswer.result?.summary?.files} files, the branch changes ${changed.length}`);
  return verdict(problems);
}

