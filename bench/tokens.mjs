// The token-savings benchmark (`npm run bench:tokens`): how many tokens an agent saves by asking
// the MCP bridge (`repograph mcp`, spawned for real, the official SDK client over stdio) instead of
// searching and reading files, on CodeMap's task categories, with every answer checked.
//
// Per corpus (mobx: TypeScript, requests: Python, cobra: Go), fetched and cached by
// bench/corpora.mjs, with its compiler oracle (TypeScript compiler, jedi, go/types): the corpus is
// cloned into a scratch folder, indexed into a fresh data root under bench/.work/data/ and
// exported; at least 24 tasks are drawn from the export and the oracle with a fixed seed
// (bench/lib/tokens-tasks.mjs) and run through one bridge, each answer read to its end (cursors
// followed) and judged (bench/lib/tokens-checks.mjs); then the round trip of symbols_search,
// symbols_get_card and graph_callers is timed (callTool to answer, after a warm-up). Last, eight
// bridges share one daemon on one corpus (bench/lib/tokens-agents.mjs). Every daemon is stopped
// at the end (`repograph stop`), and the scratch folders and data roots are removed.
//
// The baseline (bench/lib/tokens-baseline.mjs), the rule every figure is judged by:
//   the files a plain text search for the task's name returns (a whole-word, case-sensitive
//   search for the identifier over the corpus's admitted source files, as `grep -rlw NAME`),
//   read whole, counted with the bridge's own tokenizer (countTokens of packages/mcp/dist: the
//   o200k_base BPE); for a question about a file (what it exports) that file read whole; for a
//   caller chain or the tests reaching a function, the search for the name and for each of its
//   callers' names (what a second round of grep reads); for the delta of an edit, the files the
//   edit touched plus the search for the edited name; for a review or a workspace's staleness,
//   the changed files read whole plus the diff; for a feature trace, the search for the entry's name
//   (and an endpoint's route literal) and for each of its callees' names; for a list of endpoints,
//   config keys or tables, the files a text search for the language's forms of that fact returns,
//   read whole; for the repository summary, `git ls-files`, the manifests read whole and the import
//   lines (bench/lib/tokens-overview.mjs). The answer's tokens are those of the text content
//   the agent reads, over every call the task makes (a symbols_search first when a name is
//   ambiguous; workspace_create then edit_apply; review_compute then review_cohorts), read page by
//   page (cursors followed) until the question is answered: every page of a list; for an edit's
//   delta, whose findings come first and whose counts line says how many there are, until the
//   findings the question is about are all shown.
//   Savings per task = 1 - answer / baseline; a wrong answer saves 0; negative savings stay.
//
// Options: --corpora a,b (mobx,requests,cobra), --quick (one task per category, 50 timed calls,
// a lighter agent load), --seed N (7), --latency-calls N (200), --warmup N (20), --agents N (8;
// 0 skips), --agents-corpus NAME (the first corpus), --agents-load N (queries per agent, 60),
// --dump DIR (write every task's answer texts there, one file per task, to read what the agent read).
// Writes bench/results/tokens.json (a run over some corpora replaces their records, keeps the
// others) and the "Token savings (MCP bridge)" section of bench/RESULTS.md. Exit 0 when it ran
// (it asserts no target), 1 when a part crashed (what it has is still written), 2 when the
// bridge is not built.
import fs from 'node:fs';
import path from 'node:path';
import { corpusSpec, ensureCorpus, readCorpusMarker } from './corpora.mjs';
import { buildOracle } from './oracle.mjs';
import { ensureGo, goOracle } from './lib/go-oracle.mjs';
import { buildPythonOracle, jediVersion } from './lib/python-oracle.mjs';
import { exportRepository, freshDataRoot, indexRepository } from './lib/engine-cli.mjs';
import { scratchRepository, sleep } from './lib/daemon-process.mjs';
import { describeMachine } from './lib/machine.mjs';
import { assertCliBuilt, benchDir, resultsDir } from './lib/paths.mjs';
import { percentile, round, seededRandom } from './lib/stats.mjs';
import { CorpusModel, isTestFile } from './lib/tokens-model.mjs';
import { countTokens, loadTokenizer, SourceScan } from './lib/tokens-baseline.mjs';
import { CATEGORIES, makeTasks } from './lib/tokens-tasks.mjs';
import {
  checkCallTree, checkCard, checkCohorts, checkDelta, checkExports, checkFindClass, checkLookup, checkRefs, checkSpan, checkStaleness, checkTests,
} from './lib/tokens-checks.mjs';
import { addWorktree, changedFiles, commitBranch, commitWorktree, diffText, headOf, removeWorktree, testFileCalling } from './lib/tokens-edits.mjs';
import { closeAllBridges, listDaemons, openBridge, stopDaemon } from './lib/tokens-mcp.mjs';
import { runAgents } from './lib/tokens-agents.mjs';
import { checkOverview, OVERVIEW_KEYS, overviewBaseline } from './lib/tokens-overview.mjs';
import { BASELINE_RULE, summarize, TOKENS_TARGETS, writeTokensMarkdown } from './lib/tokens-results.mjs';

const log = (line) => console.error(`[bench:tokens] ${line}`);
const DEFAULT_CORPORA = ['mobx', 'requests', 'cobra'];
const LATENCY_TOOLS = ['symbols_search', 'symbols_get_card', 'graph_callers'];
/** The models of the corpora run (their names and ids make the eight agents' load). */
const models = new Map();

function parseArgs(argv) {
  const options = { corpora: DEFAULT_CORPORA, quick: false, seed: 7, latencyCalls: null, warmup: 20, agents: 8, agentsCorpus: null, agentsLoad: null, dump: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw usage(`${arg} needs a value`);
      return next;
    };
    const number = () => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw usage(`${arg} takes a whole number`);
      return n;
    };
    if (arg === '--corpora') options.corpora = value().split(',').map((name) => name.trim()).filter(Boolean);
    else if (arg === '--quick') options.quick = true;
    else if (arg === '--seed') options.seed = number();
    else if (arg === '--latency-calls') options.latencyCalls = number();
    else if (arg === '--warmup') options.warmup = number();
    else if (arg === '--agents') options.agents = number();
    else if (arg === '--agents-corpus') options.agentsCorpus = value();
    else if (arg === '--agents-load') options.agentsLoad = number();
    else if (arg === '--dump') options.dump = path.resolve(value());
    else throw usage(`unknown option ${arg}`);
  }
  for (const name of options.corpora) corpusSpec(name);
  options.latencyCalls ??= options.quick ? 50 : 200;
  options.agentsLoad ??= options.quick ? 18 : 60;
  options.agentsCorpus ??= options.corpora[0];
  return options;
}

function usage(message) {
  return Object.assign(new Error(`bench:tokens: ${message}\nusage: node bench/tokens.mjs [--corpora mobx,requests,cobra] [--quick] [--seed N] [--latency-calls N] [--warmup N] [--agents N] [--agents-corpus NAME] [--agents-load N] [--dump DIR]`), { code: 'USAGE' });
}

// Daemons the bridges started, stopped however the bench ends (SIGTERM to their pids at exit).
const daemonPids = new Set();
process.on('exit', () => {
  for (const pid of daemonPids) {
    try { process.kill(pid, 'SIGTERM'); } catch { /* stopped already */ }
  }
});

async function oracleOf(name, language, corpus) {
  if (language === 'ts') return (await buildOracle(name, { log })).path;
  if (language === 'python') return (await buildPythonOracle(name, corpus, await jediVersion(), false)).path;
  return (await goOracle(name, corpus, await ensureGo())).file;
}

async function noteDaemon(home) {
  for (const daemon of await listDaemons(home).catch(() => [])) if (daemon.state === 'running' && daemon.pid) daemonPids.add(daemon.pid);
}

/** The bridge's index is ready: index_status {sync: true} when served, else a search that finds something. */
async function waitReady(bridge) {
  const deadline = performance.now() + 300_000;
  for (;;) {
    const answer = bridge.has('index_status') ? await bridge.call('index_status', { sync: true }) : await bridge.call('symbols_search', { query: 'a' });
    if (!answer.isError && (answer.structured?.result?.state ?? 'idle') === 'idle') return;
    if (performance.now() > deadline) throw new Error(`bench: the daemon did not become ready: ${answer.text.split('\n')[0]}`);
    await sleep(200);
  }
}

async function runCorpus(name, options) {
  const spec = corpusSpec(name);
  const language = spec.language;
  const record = { name, language, source: spec.npm ?? spec.deb, measuredAt: new Date().toISOString(), machine: describeMachine(), seed: options.seed, quick: options.quick, errors: [] };
  const corpus = await ensureCorpus(name, { log });
  record.commit = readCorpusMarker(name)?.commit ?? null;
  const oracleFile = await oracleOf(name, language, corpus);
  const scratch = await scratchRepository(corpus, `tokens-${name}`);
  const home = freshDataRoot(`tokens-${name}`);
  let bridge = null;
  try {
    log(`${name}: indexing a clone into ${path.relative(benchDir, home)}`);
    await indexRepository(scratch.repo, home);
    const exported = await exportRepository(`tokens-${name}`, scratch.repo, home);
    const model = new CorpusModel({ name, language, root: scratch.repo, exportFile: exported.path, oracleFile });
    models.set(name, model);
    record.files = model.sourceFiles.length;
    record.oracleSites = model.knownSites.size;
    const scan = new SourceScan(scratch.repo, model.sourceFiles);
    const counts = options.quick ? Object.fromEntries(CATEGORIES.map((category) => [category.key, 1])) : {};
    const tasks = makeTasks(model, scratch.repo, { seed: options.seed, counts });
    log(`${name}: ${tasks.filter((task) => !task.notApplicable).length} tasks; starting the bridge`);
    bridge = await openBridge(scratch.repo, home, { name: `tokens-bench-${name}` });
    record.tools = [...bridge.tools.keys()];
    const guide = await bridge.call('repograph_guide', {}, countTokens);
    record.guideTokens = guide.tokens;
    // What a host puts before the model once per session: each tool's name, description and input schema.
    record.toolListTokens = countTokens(JSON.stringify([...bridge.tools.values()].map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }))));
    await waitReady(bridge);
    await noteDaemon(home);
    const context = { model, scan, scratch, home, bridge, language, dump: options.dump };
    record.tasks = [];
    for (const task of tasks) {
      const result = await runTask(task, context).catch((error) => ({ ...taskHead(task), status: 'crashed', correct: false, savings: 0, why: `the bench failed: ${error.stack ?? error.message}` }));
      record.tasks.push(result);
      log(`${name}: ${result.id} ${result.category} ${result.status === 'ran' ? `${result.correct ? 'correct' : 'WRONG'} saved ${(result.savings * 100).toFixed(1)}% (${result.answerTokens} of ${result.baselineTokens})` : result.status}${result.correct === false && result.why ? `: ${result.why.slice(0, 300)}` : ''}`);
    }
    log(`${name}: timing ${options.latencyCalls} calls of ${LATENCY_TOOLS.join(', ')}`);
    record.latency = await measureLatency(bridge, model, options);
    record.summary = summarize(record.tasks);
  } catch (error) {
    record.errors.push(error.stack ?? error.message);
    log(`${name}: ${error.message}`);
  } finally {
    await bridge?.close();
    record.stop = await stopDaemon(scratch.repo, home).catch((error) => error.message);
    fs.rmSync(home, { recursive: true, force: true });
    scratch.remove();
  }
  return record;
}

function taskHead(task) {
  return { id: task.id, corpus: task.corpus, category: task.category, label: task.label, title: task.title, subject: task.subject };
}

/** The tools a task calls, in order. */
function toolsOf(task) {
  switch (task.scenario) {
    case 'delta': return ['workspace_create', 'edit_apply', 'workspace_delete'];
    case 'staleness': return ['workspace_create', 'edit_apply', 'workspace_list', 'index_status', 'workspace_delete'];
    case 'tests-new': return ['workspace_create', 'edit_apply', 'workspace_delete', ...task.steps.map((step) => step.tool)];
    case 'review': return ['review_compute', 'review_cohorts'];
    default: return task.steps.map((step) => step.tool);
  }
}

async function runTask(task, context) {
  const head = taskHead(task);
  if (task.notApplicable) return { ...head, status: 'n/a', why: task.notApplicable };
  const missing = toolsOf(task).filter((tool) => !context.bridge.has(tool));
  if (missing.length > 0) return { ...head, status: 'not run', why: `the bridge does not serve ${[...new Set(missing)].join(', ')}` };
  const started = performance.now();
  const out = await (task.scenario ? runScenario(task, context) : runRead(task, context));
  const answerTokens = out.answers.reduce((sum, answer) => sum + answer.tokens, 0);
  const rawSavings = out.baseline.tokens > 0 ? 1 - answerTokens / out.baseline.tokens : 0;
  const main = out.answers[out.answers.length - 1];
  if (context.dump) {
    fs.mkdirSync(context.dump, { recursive: true });
    const texts = out.answers.flatMap((answer) => (answer.calls ?? [answer]).map((call) => `>>> ${call.name} ${JSON.stringify(call.args)} (${call.tokens} tokens)\n${call.text}`));
    fs.writeFileSync(path.join(context.dump, `${task.id}.txt`), `${task.title}\nbaseline: ${out.baseline.rule}: ${out.baseline.files.join(', ')} (${out.baseline.tokens} tokens)\n` +
      `correct: ${out.check.correct}${out.check.why ? ` (${out.check.why})` : ''}\n\n${texts.join('\n\n')}\n`);
  }
  return {
    ...head, status: 'ran', tool: main?.name ?? null, args: main?.args ?? null,
    steps: out.answers.map((answer) => ({ tool: answer.name, args: answer.args, calls: answer.calls?.length ?? 1, tokens: answer.tokens, ms: round(answer.ms, 1), isError: answer.isError })),
    setup: out.setup ?? [],
    baselineRule: out.baseline.rule, baselineFiles: out.baseline.files, baselineTokens: out.baseline.tokens,
    answerTokens,
    bridgeAnswerTokens: out.answers.reduce((sum, answer) => sum + (answer.calls ?? [answer]).reduce((s, call) => s + (call.structured?.answerTokens ?? 0), 0), 0),
    bridgeBaselineTokens: out.answers.reduce((sum, answer) => sum + (answer.calls ?? [answer]).reduce((s, call) => s + (call.structured?.baselineTokens ?? 0), 0), 0),
    rawSavings: round(rawSavings, 4), savings: round(out.check.correct ? rawSavings : 0, 4),
    correct: out.check.correct, why: out.check.why, notes: out.check.notes ?? [],
    ms: round(performance.now() - started, 1),
  };
}

function errorVerdict(answers) {
  const failed = answers.find((answer) => answer.isError);
  return failed ? { correct: false, why: `${failed.name} answered an error: ${failed.text.split('\n')[0].slice(0, 300)}` } : null;
}

async function runRead(task, { model, scan, bridge }) {
  const answers = [];
  for (const step of task.steps) answers.push(await bridge.callAll(step.tool, step.args, countTokens));
  const baseline = OVERVIEW_KEYS.has(task.category) ? overviewBaseline(task, model, scan) : task.files ? scan.byFiles(task.files) : scan.byNames(task.names);
  return { answers, baseline, check: judgeRead(task, model, answers) };
}

function judgeRead(task, model, answers, expectedTests = null) {
  const failed = errorVerdict(answers);
  if (failed) return failed;
  const main = answers[answers.length - 1];
  const lookup = answers.length > 1 ? checkLookup(answers[0], task.subject) : null;
  let verdict;
  switch (task.category) {
    case 'find_class': verdict = checkFindClass(model, task, main); break;
    case 'method_source': verdict = checkSpan(model, task, main); break;
    case 'card': verdict = checkCard(model, task, main); break;
    case 'callers': case 'callers_depth2': verdict = checkCallTree(model, task, main, 'callers'); break;
    case 'callees': verdict = checkCallTree(model, task, main, 'callees'); break;
    case 'refs_kind': case 'subclasses': verdict = checkRefs(model, task, main); break;
    case 'exports': verdict = checkExports(model, task, main); break;
    case 'tests_reaching': verdict = checkTests(model, task, main, expectedTests ?? new Set(model.oracleTestsReaching(task.subject, task.depth).keys())); break;
    default: verdict = OVERVIEW_KEYS.has(task.category)
      ? checkOverview(model, task, main, (m, t, answer) => checkCallTree(m, t, answer, 'callees'))
      : { correct: false, why: `no check for ${task.category}` };
  }
  if (lookup) return { correct: false, why: [lookup, verdict.why].filter(Boolean).join('; '), notes: verdict.notes };
  return verdict;
}

let serial = 0;

async function runScenario(task, context) {
  const { model, scan, scratch, bridge, language } = context;
  const repo = scratch.repo;
  if (task.scenario === 'review') {
    const branch = `bench-tokens-review-${++serial}`;
    await commitBranch(repo, branch, task.files, 'bench: review change');
    const changed = await changedFiles(repo, 'main', branch);
    const diff = await diffText(repo, 'main', branch);
    const compute = await bridge.callAll('review_compute', { base: 'main', head: branch }, countTokens);
    const answers = [compute];
    let check = errorVerdict(answers);
    if (!check) {
      const reviewId = compute.result?.reviewId;
      const cohorts = await bridge.callAll('review_cohorts', { reviewId }, countTokens);
      answers.push(cohorts);
      check = errorVerdict(answers) ?? checkCohorts(model, task, compute, cohorts, changed);
    }
    const fileTokens = changed.reduce((sum, file) => sum + countTokens(task.files[file] ?? ''), 0);
    const diffTokens = countTokens(diff);
    return { answers, check, baseline: { files: changed, tokens: fileTokens + diffTokens, diffTokens, rule: 'the changed files (head) read whole + git diff main..branch' } };
  }

  // The workspace scenarios: a worktree of the agent's own and a workspace on it.
  const worktree = await addWorktree(repo, path.join(scratch.base, `wt-${task.id}`));
  const id = `bench-${task.id}`;
  const wscan = scan.derive(worktree);
  const setup = [];
  const setupCall = async (tool, args) => {
    const answer = await bridge.callAll(tool, args, countTokens);
    setup.push({ tool, tokens: answer.tokens, ms: round(answer.ms, 1), isError: answer.isError });
    if (answer.isError) throw new Error(`${tool}: ${answer.text.split('\n')[0]}`);
    return answer;
  };
  try {
    if (task.scenario === 'delta') {
      const baseline = wscan.byFiles([...new Set([task.edit.path, ...task.names.flatMap((name) => wscan.grep(name))])], `the edited file + grep -lw ${task.names.join(' / ')}, read whole`);
      const create = await bridge.callAll('workspace_create', { id, root: worktree }, countTokens);
      const answers = [create];
      // The findings come first in a delta and its counts line says how many there are: the agent reads on only until the
      // findings the question is about (dangling callers for a rename, arity for a parameter) are all shown.
      const list = task.how === 'rename' ? 'danglingCallers' : 'arityFindings';
      const enough = (result) => Array.isArray(result?.[list]) && typeof result?.counts?.[list] === 'number' && result[list].length >= result.counts[list];
      if (!create.isError) answers.push(await bridge.callAll('edit_apply', { workspace: id, edits: [task.edit] }, countTokens, { enough }));
      const check = errorVerdict(answers) ?? checkDelta(model, task, answers[1]);
      return { answers, check, baseline, setup };
    }
    if (task.scenario === 'staleness') {
      const base = await headOf(worktree);
      await setupCall('workspace_create', { id, root: worktree, baseCommit: base });
      await setupCall('edit_apply', { workspace: id, edits: [{ path: task.edit.path, content: task.edit.content }] });
      const head = await commitWorktree(worktree, 'bench: an agent\'s commit');
      // The daemon notices a moved HEAD on its own; give it up to 10 s (the agent would ask later).
      let list = null;
      for (let i = 0; i < 40; i++) {
        list = await bridge.callAll('workspace_list', {}, countTokens);
        if (list.isError || (list.result?.workspaces ?? []).find((w) => w.id === id)?.stale === true) break;
        await sleep(250);
      }
      const status = await bridge.callAll('index_status', { workspace: id }, countTokens);
      const answers = [list, status];
      const check = errorVerdict(answers) ?? checkStaleness(task, list, status, { workspace: id, base, head });
      const changed = await changedFiles(worktree, base);
      const diff = await diffText(worktree, base);
      const baseline = { files: changed, tokens: wscan.fileTokens(changed) + countTokens(diff), diffTokens: countTokens(diff), rule: 'the files changed since the base read whole + git diff base' };
      return { answers, check, baseline, setup };
    }
    if (task.scenario === 'tests-new') {
      await setupCall('workspace_create', { id, root: worktree });
      const caller = model.symbols.get(task.caller);
      const test = testFileCalling(language, caller, caller.path, ++serial);
      await setupCall('edit_apply', { workspace: id, edits: [{ path: test.path, content: test.content }] });
      const answers = [];
      for (const step of task.steps) answers.push(await bridge.callAll(step.tool, { ...step.args, workspace: id }, countTokens));
      const expected = new Set([...model.oracleTestsReaching(task.subject, task.depth).keys(), test.testId]);
      const check = judgeRead(task, model, answers, expected);
      const tscan = scan.derive(worktree, [test.path]);
      return { answers, check, baseline: tscan.byNames(task.names), setup };
    }
    throw new Error(`unknown scenario ${task.scenario}`);
  } finally {
    await bridge.call('workspace_delete', { id }).catch(() => {});
    await removeWorktree(repo, worktree);
  }
}

/** The round trip of each latency tool: warm-up, then `latencyCalls` timed calls on seeded names and ids. */
async function measureLatency(bridge, model, options) {
  const random = seededRandom(options.seed ^ 0x5eed);
  const named = [...model.symbols.values()].filter((s) => ['function', 'method', 'class', 'struct', 'interface'].includes(s.kind) && !isTestFile(s.path)).sort((a, b) => a.id.localeCompare(b.id));
  const withCallers = named.filter((s) => (model.edgesTo.get(s.id) ?? []).some((edge) => edge.kind === 'calls'));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const out = {};
  for (const tool of LATENCY_TOOLS) {
    if (!bridge.has(tool)) { out[tool] = { error: 'not served' }; continue; }
    const argsOf = () => {
      if (tool === 'symbols_search') return { query: pick(named).name };
      if (tool === 'symbols_get_card') return { symbol: pick(named).id };
      return { symbol: pick(withCallers).id };
    };
    for (let i = 0; i < options.warmup; i++) await bridge.call(tool, argsOf());
    const samples = [];
    let errors = 0;
    let tokens = 0;
    for (let i = 0; i < options.latencyCalls; i++) {
      const answer = await bridge.call(tool, argsOf(), countTokens);
      samples.push(answer.ms);
      tokens += answer.tokens;
      if (answer.isError) errors++;
    }
    out[tool] = { calls: samples.length, errors, p50Ms: round(percentile(samples, 50), 2), p95Ms: round(percentile(samples, 95), 2), maxMs: round(Math.max(...samples), 2), meanAnswerTokens: round(tokens / samples.length, 1) };
  }
  return out;
}

/** The load one agent sends in the eight-agent scenario: searches, cards and callers on seeded symbols. */
function agentQueries(model, count, seed) {
  const random = seededRandom(seed ^ 0xa9e7);
  const named = [...model.symbols.values()].filter((s) => ['function', 'method', 'class', 'struct'].includes(s.kind) && !isTestFile(s.path)).sort((a, b) => a.id.localeCompare(b.id));
  const queries = [];
  for (let i = 0; i < count; i++) {
    const symbol = named[Math.floor(random() * named.length)];
    const tool = LATENCY_TOOLS[i % LATENCY_TOOLS.length];
    queries.push({ tool, args: tool === 'symbols_search' ? { query: symbol.name } : { symbol: symbol.id } });
  }
  return queries;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  assertCliBuilt();
  await loadTokenizer();
  const file = path.join(resultsDir, 'tokens.json');
  let previous = { corpora: {} };
  try { previous = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { /* first run */ }
  const results = { ...previous, updatedAt: new Date().toISOString(), machine: describeMachine(), baselineRule: BASELINE_RULE, targets: TOKENS_TARGETS, corpora: { ...previous.corpora } };
  let failed = false;
  for (const name of options.corpora) {
    const record = await runCorpus(name, options).catch((error) => ({ name, errors: [error.stack ?? error.message], measuredAt: new Date().toISOString(), machine: describeMachine() }));
    if (record.errors.length > 0) failed = true;
    results.corpora[name] = record;
  }
  if (options.agents > 0) {
    const name = options.agentsCorpus;
    log(`agents: ${options.agents} bridges on ${name}`);
    try {
      const spec = corpusSpec(name);
      const corpus = await ensureCorpus(name, { log });
      // The load and the edited file come from the corpus's export (made now when the corpus was not run).
      let model = models.get(name);
      if (!model) {
        const home = freshDataRoot(`tokens-agents-export-${name}`);
        try {
          await indexRepository(corpus, home);
          const exported = await exportRepository(`tokens-agents-${name}`, corpus, home);
          model = new CorpusModel({ name, language: spec.language, root: corpus, exportFile: exported.path, oracleFile: await oracleOf(name, spec.language, corpus) });
        } finally {
          fs.rmSync(home, { recursive: true, force: true });
        }
      }
      const files = model.sourceFiles.filter((f) => !isTestFile(f) && !f.endsWith('.d.ts'));
      const fileToEdit = files[Math.floor(seededRandom(options.seed)() * files.length)];
      results.agents = {
        measuredAt: new Date().toISOString(), machine: describeMachine(),
        ...await runAgents({ name, corpusDir: corpus, language: spec.language, agents: options.agents, queries: agentQueries(model, options.agentsLoad, options.seed), file: fileToEdit, log, onDaemon: (pid) => daemonPids.add(pid) }),
      };
      if (results.agents.errors.length > 0) failed = true;
    } catch (error) {
      results.agents = { corpus: name, errors: [error.stack ?? error.message], measuredAt: new Date().toISOString() };
      failed = true;
    }
  }
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeTokensMarkdown(path.join(benchDir, 'RESULTS.md'), results);
  log(`wrote ${path.relative(benchDir, file)} and bench/RESULTS.md`);
  const overall = summarize(Object.values(results.corpora).flatMap((record) => record.tasks ?? []));
  log(`overall: ${overall.ran} tasks, ${overall.correct} correct, mean savings ${(overall.meanSavings * 100).toFixed(1)}% (target ${TOKENS_TARGETS.meanSavings * 100}%)`);
  return failed ? 1 : 0;
}

main().then(
  async (code) => {
    await closeAllBridges();
    process.exit(code);
  },
  async (error) => {
    console.error(error.message);
    await closeAllBridges();
    process.exit(error.code === 'ENGINE_MISSING' || error.code === 'USAGE' ? 2 : 1);
  },
);
