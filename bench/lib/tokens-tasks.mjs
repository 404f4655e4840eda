// The token-savings bench's tasks: CodeMap's categories of questions an agent asks about code,
// drawn for one corpus with a seeded random choice (bench/lib/stats.mjs's mulberry32) over the
// export and the oracle (bench/lib/tokens-model.mjs), so the same corpus and seed give the same
// tasks. Each task names its category, the tool calls an agent makes (the symbol by its qualified
// name when that names one symbol, else a symbols_search first and then its id), and what the
// baseline searches for. Subjects are hand-written symbols outside test files. Owns the choice;
// running a task is bench/tokens.mjs's, judging it bench/lib/tokens-checks.mjs's.
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from './stats.mjs';
import { isTestFile, isTestSymbol } from './tokens-model.mjs';
import { callArgumentCount, insertStatement, planParameterRemoval, planRename } from './tokens-edits.mjs';
import { OVERVIEW_CATEGORIES, OVERVIEW_KEYS, overviewPool, overviewTask } from './tokens-overview.mjs';

export const CATEGORIES = [
  { key: 'find_class', label: 'find a class by name', tool: 'symbols_search', count: 3 },
  { key: 'method_source', label: 'get a method\'s source', tool: 'symbols_get_definition_span', count: 3 },
  { key: 'card', label: 'what a symbol is (its card)', tool: 'symbols_get_card', count: 2 },
  { key: 'callers', label: 'find all callers', tool: 'graph_callers', count: 3 },
  { key: 'callers_depth2', label: 'the caller chain at depth 2', tool: 'graph_callers', count: 2 },
  { key: 'callees', label: 'callees', tool: 'graph_callees', count: 3 },
  { key: 'refs_kind', label: 'references of a kind', tool: 'refs_find', count: 3 },
  { key: 'subclasses', label: 'a type\'s subclasses', tool: 'refs_find', count: 2 },
  { key: 'exports', label: 'what a file exports', tool: 'symbols_file_outline', count: 2 },
  { key: 'tests_reaching', label: 'tests reaching a function', tool: 'graph_callers', count: 1 },
  { key: 'delta', label: 'the delta of an edit', tool: 'edit_apply', count: 3 },
  { key: 'staleness', label: 'workspace staleness', tool: 'workspace_list', count: 1 },
  { key: 'review', label: 'a review\'s cohorts', tool: 'review_cohorts', count: 1 },
  ...OVERVIEW_CATEGORIES,
];

const CLASS_KINDS = { ts: ['class'], python: ['class'], go: ['struct'] };
const REF_KINDS = ['reads', 'writes', 'references', 'instantiates', 'imports', 'calls', 'type_of', 'decorates'];

/** A stable 32-bit hash of a string (FNV-1a), to give each corpus and category its own stream. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function shuffled(list, random) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The argument that names `symbol` as an agent would give it, with the lookup step an ambiguous name needs. */
export function symbolArgument(model, symbol) {
  if (model.nameResolvesTo(symbol.qualifiedName, symbol.id)) return { symbol: symbol.qualifiedName, lookup: null };
  return { symbol: symbol.id, lookup: { tool: 'symbols_search', args: { query: symbol.name } } };
}

/**
 * The tasks of one corpus. `repo` is the corpus clone (the planned edits read its files);
 * `counts` overrides the number per category (quick runs).
 */
export function makeTasks(model, repo, { seed, counts = {} }) {
  const language = model.language;
  const symbols = [...model.symbols.values()].filter((s) => !s.generated).sort((a, b) => a.id.localeCompare(b.id));
  const product = symbols.filter((s) => !isTestFile(s.path));
  const callable = product.filter((s) => s.kind === 'function' || s.kind === 'method');
  const tasks = [];
  const read = (file) => fs.readFileSync(path.join(repo, file), 'utf8');

  for (const category of CATEGORIES) {
    const wanted = counts[category.key] ?? category.count;
    const random = seededRandom((seed ^ hash(`${model.name}/${category.key}`)) >>> 0);
    const pool = shuffled(poolOf(category.key), random);
    let made = 0;
    for (const candidate of pool) {
      if (made >= wanted) break;
      const task = build(category, candidate);
      if (!task) continue;
      made++;
      tasks.push({ id: `${model.name}-${String(tasks.length + 1).padStart(2, '0')}`, corpus: model.name, category: category.key, label: category.label, ...task });
    }
    if (made < wanted) {
      tasks.push({ id: `${model.name}-${String(tasks.length + 1).padStart(2, '0')}-na`, corpus: model.name, category: category.key, label: category.label,
        title: `${category.label}: ${wanted - made} task(s) not made`, notApplicable: notApplicable(category.key, made, wanted) });
    }
  }
  return tasks;

  function notApplicable(key, made, wanted) {
    if (key === 'subclasses' && language === 'go') return 'Go has no subclassing: the graph draws no extends/implements edges in a Go corpus';
    if (OVERVIEW_KEYS.has(key) && key !== 'trace_handler' && key !== 'summary') return `the corpus's export holds no ${key === 'trace_endpoint' ? 'endpoint with a bound handler' : key.replace('list_', '').replace(/_/g, ' ')} facts`;
    return `only ${made} of ${wanted} candidates fit the category on this corpus`;
  }

  function poolOf(key) {
    if (OVERVIEW_KEYS.has(key)) return overviewPool(model, key, callable);
    switch (key) {
      case 'find_class': return product.filter((s) => CLASS_KINDS[language].includes(s.kind));
      case 'method_source': return product.filter((s) => s.kind === 'method' && s.range.end.line - s.range.start.line >= 2);
      case 'card':
      case 'callers': return callable.filter((s) => model.oracleSites(s.id).length > 0);
      case 'callers_depth2': return callable.filter((s) => [...model.oracleCallers(s.id).keys()].some((caller) => caller !== s.id && model.oracleSites(caller).length > 0));
      case 'callees': return callable.filter((s) => model.oracleCallees(s.id).size >= 2);
      case 'refs_kind': return product.filter((s) => s.kind !== 'file' && s.kind !== 'parameter').flatMap((s) => REF_KINDS
        .filter((kind) => model.relationsInto(s.id, [kind]).length > 0).map((kind) => ({ symbol: s, kind })));
      case 'subclasses': return product.filter((s) => ['class', 'interface'].includes(s.kind) && model.relationsInto(s.id, ['extends', 'implements']).length > 0);
      case 'exports': return model.sourceFiles.filter((file) => !isTestFile(file) && !file.endsWith('.d.ts') && model.fileExports(file).length >= 2);
      case 'tests_reaching': return callable;
      case 'delta': return callable.filter((s) => model.oracleSites(s.id).length > 0);
      case 'staleness': return product.filter((s) => s.kind === 'file' && model.sourceFiles.includes(s.path) && !s.path.endsWith('.d.ts'));
      case 'review': return callable.flatMap((s) => [...model.oracleCallers(s.id).keys()]
        .filter((caller) => model.symbols.get(caller) && (model.symbols.get(caller).kind === 'function' || model.symbols.get(caller).kind === 'method')
          && model.symbols.get(caller).path !== s.path && !isTestFile(model.symbols.get(caller).path))
        .map((caller) => ({ callee: s, caller: model.symbols.get(caller) })));
      default: return [];
    }
  }

  function step(tool, args) {
    return { tool, args };
  }

  /** Steps for a question about one symbol: the lookup an ambiguous name needs, then the call. */
  function about(symbol, tool, extra) {
    const named = symbolArgument(model, symbol);
    return [...(named.lookup ? [named.lookup] : []), step(tool, { symbol: named.symbol, ...extra })];
  }

  function build(category, candidate) {
    if (OVERVIEW_KEYS.has(category.key)) return overviewTask(model, category.key, candidate, (symbol) => symbolArgument(model, symbol));
    switch (category.key) {
      case 'find_class':
        return { subject: candidate.id, title: `find the class ${candidate.name}`, names: [candidate.name],
          steps: [step('symbols_search', { query: candidate.name, kinds: CLASS_KINDS[language] })] };
      case 'method_source':
        return { subject: candidate.id, title: `the source of ${candidate.qualifiedName}`, names: [candidate.name],
          steps: about(candidate, 'symbols_get_definition_span', {}) };
      case 'card':
        return { subject: candidate.id, title: `the card of ${candidate.qualifiedName}`, names: [candidate.name],
          steps: about(candidate, 'symbols_get_card', {}) };
      case 'callers':
        return { subject: candidate.id, title: `the callers of ${candidate.qualifiedName}`, names: [candidate.name],
          steps: about(candidate, 'graph_callers', {}) };
      case 'callers_depth2': {
        const first = [...model.oracleCallers(candidate.id).keys()].filter((id) => id !== candidate.id);
        const names = [candidate.name, ...first.map((id) => model.symbols.get(id)?.name ?? id)];
        return { subject: candidate.id, title: `the callers of ${candidate.qualifiedName} and theirs`, names: [...new Set(names)],
          steps: about(candidate, 'graph_callers', { depth: 2 }) };
      }
      case 'callees':
        return { subject: candidate.id, title: `what ${candidate.qualifiedName} calls`, names: [candidate.name],
          steps: about(candidate, 'graph_callees', {}) };
      case 'refs_kind':
        if (tasks.some((task) => task.category === 'refs_kind' && task.kind === candidate.kind)) return null;
        return { subject: candidate.symbol.id, kind: candidate.kind, title: `the ${candidate.kind} relations into ${candidate.symbol.qualifiedName}`,
          names: [candidate.symbol.name], steps: about(candidate.symbol, 'refs_find', { kinds: [candidate.kind] }) };
      case 'subclasses':
        return { subject: candidate.id, title: `the subtypes of ${candidate.qualifiedName}`, names: [candidate.name],
          steps: about(candidate, 'refs_find', { kinds: ['extends', 'implements'] }) };
      case 'exports':
        return { subject: candidate, title: `what ${candidate} exports`, files: [candidate],
          steps: [step('symbols_file_outline', { path: candidate, exportedOnly: true })] };
      case 'tests_reaching': return testsTask(candidate);
      case 'delta': return deltaTask(candidate);
      case 'staleness': {
        const text = read(candidate.path);
        const name = `benchTokensStale${hash(candidate.path) % 1000}`;
        const added = language === 'python' ? `\n\ndef ${name}():\n    return 1\n` : language === 'go' ? `\n\nfunc ${name}() int { return 1 }\n` : `\n\nexport function ${name}() { return 1 }\n`;
        return { subject: candidate.path, title: `is a pinned workspace current after an edit and a commit in its worktree`, scenario: 'staleness',
          edit: { path: candidate.path, content: `${text.trimEnd()}${added}` }, names: [name], steps: [] };
      }
      case 'review': return reviewTask(candidate);
      default: return null;
    }
  }

  function testsTask(candidate) {
    const existing = model.oracleTestsReaching(candidate.id, 2);
    if (language === 'go') {
      if (existing.size === 0) return null;
      const first = [...model.oracleCallers(candidate.id).keys()].filter((id) => id !== candidate.id);
      return { subject: candidate.id, title: `the tests that reach ${candidate.qualifiedName}`, depth: 2,
        names: [...new Set([candidate.name, ...first.map((id) => model.symbols.get(id)?.name ?? id)])], steps: about(candidate, 'graph_callers', { depth: 2 }) };
    }
    // A corpus without tests: the agent writes one, in its workspace, calling a top-level caller of the function.
    if (tasks.some((task) => task.category === 'tests_reaching')) return null;
    const callers = [...model.oracleCallers(candidate.id).keys()].map((id) => model.symbols.get(id))
      .filter((s) => s && s.kind === 'function' && !s.container && s.exported && s.id !== candidate.id && !s.name.startsWith('_') && !isTestSymbol(s) && !isTestFile(s.path));
    if (callers.length === 0) return null;
    const caller = callers[0];
    const first = [...model.oracleCallers(candidate.id).keys()].filter((id) => id !== candidate.id);
    return { subject: candidate.id, caller: caller.id, title: `the tests that reach ${candidate.qualifiedName} (after writing one that calls ${caller.name})`,
      scenario: 'tests-new', depth: 2, names: [...new Set([candidate.name, ...first.map((id) => model.symbols.get(id)?.name ?? id)])],
      steps: about(candidate, 'graph_callers', { depth: 2 }) };
  }

  function deltaTask(candidate) {
    const made = tasks.filter((task) => task.category === 'delta');
    const text = read(candidate.path);
    const rename = made.length === 2;
    if (rename) {
      if (!/^[A-Za-z_$][\w$]*$/.test(candidate.name) || candidate.name === 'constructor' || candidate.name.startsWith('__')) return null;
      const plan = planRename(text, candidate, `${candidate.name}Renamed`);
      if (!plan) return null;
      return { subject: candidate.id, title: `rename ${candidate.qualifiedName} at its definition: the callers left dangling`, scenario: 'delta', how: 'rename',
        names: [candidate.name], edit: { path: candidate.path, replace: plan.replace }, newName: plan.newName };
    }
    const plan = planParameterRemoval(text, candidate, language);
    if (!plan) return null;
    // The sites whose argument count the text tells, and those that pass more than the declaration takes after the edit.
    const sites = model.oracleSites(candidate.id).map((key) => {
      const at = key.lastIndexOf(':');
      const file = key.slice(0, at);
      const line = Number(key.slice(at + 1));
      return { key, count: callArgumentCount(read(file), line, candidate.name, language) };
    });
    // At least one call the engine asserts too_many on (one too many into a Python method is not asserted, by its documented policy).
    const asserted = plan.capacity + (language === 'python' && candidate.kind === 'method' ? 1 : 0);
    if (!sites.some((site) => site.count !== null && site.count > asserted)) return null;
    return { subject: candidate.id, title: `remove the parameter ${plan.removed} of ${candidate.qualifiedName}: the calls that now pass too many arguments`,
      scenario: 'delta', how: 'remove-parameter', names: [candidate.name], edit: { path: candidate.path, replace: plan.replace },
      capacity: plan.capacity, sites };
  }

  function reviewTask({ callee, caller }) {
    if (tasks.some((task) => task.category === 'review')) return null;
    const calleeText = insertStatement(read(callee.path), callee, language);
    const callerText = insertStatement(read(caller.path), caller, language);
    if (!calleeText || !callerText) return null;
    const pair = new Set([callee.path, caller.path]);
    // A third file with no relation to the pair's files either way: it must stand alone.
    const related = (file) => model.edges.some((edge) => {
      const from = model.symbols.get(edge.from)?.path ?? edge.from;
      const to = edge.to ? (model.symbols.get(edge.to)?.path ?? edge.to) : null;
      return to !== null && ((from === file && pair.has(to)) || (to === file && pair.has(from)));
    });
    const loners = shuffled(callable.filter((s) => !pair.has(s.path) && !isTestFile(s.path)), seededRandom(hash(`${callee.id}>${caller.id}`)));
    for (const alone of loners) {
      if (related(alone.path)) continue;
      const aloneText = insertStatement(read(alone.path), alone, language);
      if (!aloneText) continue;
      return {
        subject: `${caller.id} -> ${callee.id}`, title: `the cohorts of a branch changing ${callee.qualifiedName}, its caller ${caller.qualifiedName} and the unrelated ${alone.qualifiedName}`,
        scenario: 'review', symbols: [callee.id, caller.id, alone.id],
        files: { [callee.path]: calleeText, [caller.path]: callerText, [alone.path]: aloneText },
        expected: [[...pair].sort(), [alone.path]], steps: [],
      };
    }
    return null;
  }
}
