// The token-savings bench's tasks over the overview tools (issue 17): trace a feature from a
// handler or from an endpoint (graph_trace_feature), list the endpoints, configuration keys and
// tables (surfaces_list_*), and the repository summary (repo_summarize). Owns, for these
// categories, the choice of subjects (from the export: a file symbol's `surfaces` are its facts),
// the checks and the baselines; bench/lib/tokens-tasks.mjs lists the categories and
// bench/tokens.mjs runs them.
//
// Checks (against what the bridge cannot have made up):
//   - a trace: its root is the subject (for an endpoint, the handler the export binds it to), and
//     its first level equals the oracle's callees, site by site, as graph_callees is checked;
//   - a list: every entry's sites are facts the export publishes (path, line and key) and every
//     fact of that kind the export publishes is listed; each site's source line shows the key (a
//     route's first literal segment, a config key's known part, a table's name, case-insensitive)
//     where the fact is read from a literal;
//   - the summary: the most imported modules equal the export's `imports` relations (distinct
//     importing files, then relations, then id), and the generated file count the export's.
// Baselines (the grep-and-read rule of bench/tokens.mjs): a trace, the search for the entry's
// name and for each of its callees' names (a caller chain's rule), an endpoint's also for its route
// literal; a list, the files a text search for the language's forms of that fact returns, read
// whole (`grep -rlE`); the summary, `git ls-files`, the package manifests read whole and the
// import lines of every source file (`grep -rnE` for the language's import forms).
import { execFileSync } from 'node:child_process';
import { isTestFile } from './tokens-model.mjs';
import { countTokens } from './tokens-baseline.mjs';

export const OVERVIEW_CATEGORIES = [
  { key: 'trace_handler', label: 'trace a feature from a handler', tool: 'graph_trace_feature', count: 2 },
  { key: 'trace_endpoint', label: 'trace a feature from an endpoint', tool: 'graph_trace_feature', count: 1 },
  { key: 'list_endpoints', label: 'list the endpoints', tool: 'surfaces_list_endpoints', count: 1 },
  { key: 'list_config_keys', label: 'list the config keys', tool: 'surfaces_list_config_keys', count: 1 },
  { key: 'list_db_tables', label: 'list the db tables', tool: 'surfaces_list_db_tables', count: 1 },
  { key: 'summary', label: 'the repository summary', tool: 'repo_summarize', count: 1 },
];
export const OVERVIEW_KEYS = new Set(OVERVIEW_CATEGORIES.map((category) => category.key));

const FACT_KIND = { list_endpoints: 'endpoint', list_config_keys: 'config', list_db_tables: 'table' };
const RESULT_LIST = { list_endpoints: 'endpoints', list_config_keys: 'configKeys', list_db_tables: 'dbTables' };
const LIST_TITLE = { list_endpoints: 'endpoint', list_config_keys: 'config key', list_db_tables: 'db table' };
const TRACE_DEPTH = 2;

/** The forms a text search for each kind of fact looks for, per language. */
const FACT_FORMS = {
  endpoint: {
    ts: [/\.(get|post|put|patch|delete|all|use|route)\(\s*['"`]\//, /@(Get|Post|Put|Patch|Delete|All|Controller)\(/],
    python: [/@\w+\.(route|get|post|put|patch|delete|api_route)\(/, /\b(re_)?path\(\s*r?['"]/],
    go: [/\.(HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|Any|Group|Get|Post|Put|Delete|Route|PathPrefix)\(\s*"/],
  },
  config: {
    ts: [/process\.env|import\.meta\.env/],
    python: [/os\.environ|getenv\(/],
    go: [/os\.(Getenv|LookupEnv)|viper\.Get/],
  },
  table: {
    ts: [/@Entity|Table\(\s*['"]|sequelize\.define|\b(FROM|JOIN|INTO|UPDATE)\s+[A-Za-z_"`]/i],
    python: [/__tablename__|db_table|models\.Model|\b(FROM|JOIN|INTO|UPDATE)\s+[A-Za-z_"`]/i],
    go: [/TableName\(|gorm\.Model|\b(FROM|JOIN|INTO|UPDATE)\s+[A-Za-z_"`]/i],
  },
};
const IMPORT_FORMS = { ts: /^\s*(import\b|export\s.*\bfrom\b)|\brequire\(/, python: /^\s*(import|from)\s/, go: /^\s*(import\b|"[\w./-]+"\s*$)/ };
const MANIFEST = /(^|\/)(package\.json|pyproject\.toml|setup\.cfg|go\.mod)$/;

/** Every architecture fact the export publishes (on file symbols), with its site. */
export function exportFacts(model) {
  if (!model.overviewFacts) {
    model.overviewFacts = [];
    for (const symbol of model.symbols.values()) {
      if (symbol.kind !== 'file' || !Array.isArray(symbol.surfaces)) continue;
      for (const fact of symbol.surfaces) model.overviewFacts.push({ ...fact, path: symbol.path });
    }
  }
  return model.overviewFacts;
}

/** The candidates of a category (the caller shuffles them). */
export function overviewPool(model, key, callable) {
  const handlers = new Set(exportFacts(model).filter((fact) => fact.kind === 'endpoint' && typeof fact.target === 'string').map((fact) => fact.target));
  switch (key) {
    case 'trace_handler': {
      const traced = callable.filter((s) => model.oracleCallees(s.id).size >= 2);
      // Endpoint handlers first where the corpus has them (what a feature trace starts at).
      const ofHandlers = traced.filter((s) => handlers.has(s.id));
      return ofHandlers.length >= 2 ? ofHandlers : traced;
    }
    case 'trace_endpoint':
      return exportFacts(model).filter((fact) => fact.kind === 'endpoint' && typeof fact.target === 'string' && !fact.partial
        && callable.some((s) => s.id === fact.target) && model.oracleCallees(fact.target).size >= 1);
    case 'list_endpoints': case 'list_config_keys': case 'list_db_tables':
      return exportFacts(model).some((fact) => fact.kind === FACT_KIND[key]) ? [key] : [];
    case 'summary': return ['summary'];
    default: return [];
  }
}

/** The task of one candidate; `entryOf(symbol)` names a symbol as an agent would (with its lookup step). */
export function overviewTask(model, key, candidate, entryOf) {
  const calleeNames = (id) => [...model.oracleCallees(id).keys()].map((callee) => model.symbols.get(callee)?.name).filter(Boolean);
  if (key === 'trace_handler') {
    const named = entryOf(candidate);
    return {
      subject: candidate.id, title: `trace ${candidate.qualifiedName} two levels down`, depth: TRACE_DEPTH,
      names: [...new Set([candidate.name, ...calleeNames(candidate.id)])],
      steps: [...(named.lookup ? [named.lookup] : []), { tool: 'graph_trace_feature', args: { entry: named.symbol, depth: TRACE_DEPTH } }],
    };
  }
  if (key === 'trace_endpoint') {
    const handler = model.symbols.get(candidate.target);
    const entry = candidate.method && candidate.method !== 'ANY' ? `${candidate.method} ${candidate.key}` : candidate.key;
    const literal = candidate.key.split('/').find((part) => part !== '' && !/[:{<[*]/.test(part));
    return {
      subject: candidate.target, entry, title: `what happens when ${entry} arrives`, depth: TRACE_DEPTH,
      names: [...new Set([...(literal ? [literal] : []), handler.name, ...calleeNames(handler.id)])],
      steps: [{ tool: 'graph_trace_feature', args: { entry, depth: TRACE_DEPTH } }],
    };
  }
  if (FACT_KIND[key]) {
    return { subject: FACT_KIND[key], title: `every ${LIST_TITLE[key]} of the corpus`, forms: FACT_KIND[key], steps: [{ tool: OVERVIEW_CATEGORIES.find((c) => c.key === key).tool, args: {} }] };
  }
  return { subject: 'repository', title: 'the repository overview (languages, packages, most imported modules, tests, generated code)', summary: true, steps: [{ tool: 'repo_summarize', args: {} }] };
}

/** The baseline of an overview task (bench/tokens.mjs's rule; see the header). */
export function overviewBaseline(task, model, scan) {
  if (task.names) return scan.byNames(task.names);
  if (task.forms) {
    const forms = FACT_FORMS[task.forms][model.language];
    const files = scan.files.filter((file) => forms.some((form) => form.test(scan.text(file))));
    return { files, tokens: scan.fileTokens(files), rule: `grep -rlE for the ${task.forms} forms of the language, files read whole` };
  }
  const listed = execFileSync('git', ['ls-files'], { cwd: model.root, encoding: 'utf8' });
  const manifests = listed.split('\n').filter((file) => MANIFEST.test(file));
  const form = IMPORT_FORMS[model.language];
  const importLines = scan.files.flatMap((file) => scan.text(file).split('\n').map((line, index) => [file, index + 1, line]).filter(([, , line]) => form.test(line)))
    .map(([file, line, text]) => `${file}:${line}:${text}`).join('\n');
  const manifestTokens = manifests.reduce((sum, file) => sum + countTokens(scan.text(file)), 0);
  return {
    files: manifests, tokens: countTokens(listed) + manifestTokens + countTokens(importLines),
    rule: 'git ls-files + the package manifests read whole + grep -rnE of the import lines',
  };
}

function verdict(problems, notes = []) {
  return { correct: problems.length === 0, why: problems.slice(0, 6).join('; ') + (problems.length > 6 ? `; +${problems.length - 6} more` : ''), notes };
}

/** Judges an overview task's last answer; `checkCallees(model, task, answer)` is graph_callees's check. */
export function checkOverview(model, task, answer, checkCallees) {
  const result = answer.result ?? {};
  if (task.category === 'trace_handler' || task.category === 'trace_endpoint') {
    const roots = result.roots ?? [];
    const root = roots.find((node) => node.depth === undefined);
    if (!root || root.symbol.id !== task.subject) return verdict([`the trace starts at ${roots.map((node) => node.symbol.id).join(', ') || 'nothing'}, not ${task.subject}`]);
    // The first level, across pages: the root's children, and the later pages' nodes one level down.
    const firstLevel = [...root.children, ...roots.filter((node) => node.depth === 1)];
    return checkCallees(model, { ...task, category: 'callees' }, { result: { root: root.symbol, callees: firstLevel } });
  }
  if (task.forms) return checkFacts(model, task, result);
  return checkSummary(model, result);
}

function checkFacts(model, task, result) {
  const kind = task.forms;
  const entries = result[RESULT_LIST[task.category]] ?? [];
  const problems = [];
  const facts = exportFacts(model).filter((fact) => fact.kind === kind);
  const factKey = (path, line, key) => `${path}:${line}:${key}`;
  const published = new Set(facts.map((fact) => factKey(fact.path, fact.line, kind === 'endpoint' ? fact.key : fact.key)));
  const shown = new Set();
  const keyOf = (entry) => (kind === 'endpoint' ? entry.pattern : kind === 'config' ? entry.key : entry.table);
  for (const entry of entries) {
    const sites = kind === 'endpoint' ? [{ site: entry.site }] : entry.sites ?? [];
    for (const { site } of sites) {
      const key = factKey(site.path, site.line, keyOf(entry));
      shown.add(key);
      if (!published.has(key)) problems.push(`${keyOf(entry)} at ${site.path}:${site.line} is not a fact the export publishes`);
      const known = keyOf(entry).split('*')[0].split('/').find((part) => part !== '' && !/[:{<[]/.test(part)) ?? '';
      const line = model.sourceLine(site.path, site.line) ?? '';
      if (known !== '' && kind !== 'table' && !line.toLowerCase().includes(known.toLowerCase()) && !namedConstantHolds(model, site.path, line, known)) {
        problems.push(`${site.path}:${site.line} does not show ${known}`);
      }
    }
  }
  for (const fact of facts) {
    if (!shown.has(factKey(fact.path, fact.line, fact.key))) problems.push(`missed ${fact.key} at ${fact.path}:${fact.line}`);
  }
  if (result.truncated) problems.push('the daemon cut the list (truncated)');
  return verdict(problems, [`${entries.length} entries, ${facts.length} facts in the export`]);
}

/**
 * True when the site line names a constant of the same file whose declaration holds `known` as a
 * string literal (`os.Getenv(activeHelpGlobalEnvVar)` with `activeHelpGlobalEnvVar = "COBRA_..."`).
 */
function namedConstantHolds(model, path, line, known) {
  const text = model.sourceText(path);
  for (const [name] of line.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    const declaration = new RegExp(`\\b${name}\\s*(?::=|=)\\s*["'\`]([^"'\`]*)["'\`]`);
    const found = declaration.exec(text);
    if (found && found[1].toLowerCase().includes(known.toLowerCase())) return true;
  }
  return false;
}

function checkSummary(model, result) {
  const problems = [];
  const targets = new Map();
  for (const edge of model.edges) {
    if (edge.kind !== 'imports' || !edge.to) continue;
    const target = targets.get(edge.to) ?? { importers: new Set(), imports: 0 };
    target.importers.add(edge.site.path);
    target.imports++;
    targets.set(edge.to, target);
  }
  const expected = [...targets].map(([id, target]) => ({ id, importers: target.importers.size, imports: target.imports }))
    .sort((a, b) => b.importers - a.importers || b.imports - a.imports || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, 10);
  const shown = (result.dependedOn?.items ?? []).map((entry) => ({ id: entry.id, importers: entry.importers, imports: entry.imports }));
  if (JSON.stringify(shown) !== JSON.stringify(expected)) problems.push(`most imported ${JSON.stringify(shown.slice(0, 3))}..., the export's ${JSON.stringify(expected.slice(0, 3))}...`);
  const generated = [...model.symbols.values()].filter((s) => s.kind === 'file' && s.generated).length;
  if (result.generated?.files !== generated) problems.push(`${result.generated?.files} generated files, the export marks ${generated}`);
  const tests = model.sourceFiles.filter(isTestFile).length;
  return verdict(problems, [`${result.tests?.files ?? '?'} test files (the bench's own rule counts ${tests})`]);
}
