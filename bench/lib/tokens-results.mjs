// The token-savings bench's targets, its summaries (per category, per corpus, overall) and its
// section of bench/RESULTS.md, between `<!-- tokens:start -->` and `<!-- tokens:end -->` (the rest
// of the file is kept, as every bench writes only its own section). Owns the judging and the
// rendering of bench/results/tokens.json; measures nothing.
import { writeMarkedSection } from './results-md.mjs';
import { CATEGORIES } from './tokens-tasks.mjs';

export const START_MARKER = '<!-- tokens:start -->';
export const END_MARKER = '<!-- tokens:end -->';

export const TOKENS_TARGETS = { meanSavings: 0.95, roundTripP95Ms: 15, agentsRssRatio: 1.1, agents: 8 };

export const BASELINE_RULE = 'The baseline is the grep-and-read an agent does today: the files a plain text search for the task\'s name returns ' +
  '(a whole-word, case-sensitive search for the identifier over the corpus\'s admitted source files, as `grep -rlw NAME`), read whole; ' +
  'for a question about a file (what it exports) that file read whole; for a caller chain or the tests reaching a function, the search for the name ' +
  'and for each of its callers\' names; for the delta of an edit, the files the edit touched plus the search for the edited name; for a review or a ' +
  'workspace\'s staleness, the changed files read whole plus the diff; for a feature trace, the search for the entry\'s name (and an endpoint\'s route literal) ' +
  'and for each of its callees\' names; for a list of endpoints, config keys or tables, the files a text search for the language\'s forms of that fact ' +
  'returns (`grep -rlE`), read whole; for the repository summary, `git ls-files`, the package manifests read whole and the import lines (`grep -rnE`). Tokens are counted with the bridge\'s own tokenizer (o200k_base). The answer\'s ' +
  'tokens are the text content the agent reads, over every call the task makes (a symbols_search first when a name is ambiguous; ' +
  'workspace_create then edit_apply; review_compute then review_cohorts), page by page until the question is answered (every page of a list; ' +
  'for an edit\'s delta, whose findings come first and whose counts say how many, until the findings asked about are all shown). Savings = 1 - answer / baseline; a wrong answer saves 0; negative savings stay negative.';

const pct = (value) => (value == null || !Number.isFinite(value) ? '—' : `${(value * 100).toFixed(1)}%`);
const int = (value) => (value == null || !Number.isFinite(value) ? '—' : Math.round(value).toLocaleString('en-US'));
const ms = (value) => (value == null || !Number.isFinite(value) ? '—' : value.toFixed(1));
const mib = (bytes) => (bytes == null ? '—' : `${(bytes / 1048576).toFixed(1)} MiB`);
const shown = (ok) => (ok === null || ok === undefined ? 'not measured' : ok ? 'met' : '**missed**');
const cell = (text) => String(text ?? '—').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Counts and means over tasks: ran, correct, mean savings (wrong = 0), the mean before zeroing, token-weighted savings. */
export function summarize(tasks) {
  const ran = tasks.filter((task) => task.status === 'ran' || task.status === 'crashed');
  const sum = (list, key) => list.reduce((total, task) => total + (task[key] ?? 0), 0);
  const mean = (list, key) => (list.length ? sum(list, key) / list.length : null);
  const byCategory = {};
  for (const category of CATEGORIES) {
    const of = ran.filter((task) => task.category === category.key);
    byCategory[category.key] = {
      tasks: of.length, correct: of.filter((task) => task.correct).length, meanSavings: mean(of, 'savings'), meanRawSavings: mean(of, 'rawSavings'),
      answerTokens: sum(of, 'answerTokens'), baselineTokens: sum(of, 'baselineTokens'),
    };
  }
  const answerTokens = sum(ran, 'answerTokens');
  const baselineTokens = sum(ran, 'baselineTokens');
  return {
    ran: ran.length, correct: ran.filter((task) => task.correct).length, meanSavings: mean(ran, 'savings'), meanRawSavings: mean(ran, 'rawSavings'),
    tokenWeightedSavings: baselineTokens > 0 ? 1 - answerTokens / baselineTokens : null, answerTokens, baselineTokens,
    notRun: tasks.filter((task) => task.status === 'not run' || task.status === 'n/a').length, byCategory,
  };
}

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

function machineLine(machine) {
  if (!machine) return '—';
  return `${machine.cores} cores (${machine.cpuModel}), ${(machine.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB, Node ${machine.node}, ${machine.platform}`;
}

/** The verdicts of the targets. */
export function judgeTokens(results) {
  const records = Object.values(results.corpora ?? {});
  const tasks = records.flatMap((record) => record.tasks ?? []);
  const overall = summarize(tasks);
  const latencies = records.flatMap((record) => Object.entries(record.latency ?? {}).map(([tool, figures]) => ({ corpus: record.name, tool, ...figures })));
  const worst = latencies.filter((l) => Number.isFinite(l.p95Ms)).sort((a, b) => b.p95Ms - a.p95Ms)[0] ?? null;
  const agents = results.agents;
  const agentsOk = agents && !agents.errors?.length && agents.rssRatio != null
    ? agents.daemons === 1 && agents.bridgesWithInotify === 0 && agents.rssRatio <= TOKENS_TARGETS.agentsRssRatio && agents.isolated === true
    : null;
  return {
    overall,
    savings: overall.ran > 0 ? overall.meanSavings >= TOKENS_TARGETS.meanSavings && overall.correct === overall.ran : null,
    latency: latencies.length ? latencies.every((l) => Number.isFinite(l.p95Ms) && l.p95Ms < TOKENS_TARGETS.roundTripP95Ms) : null,
    worstLatency: worst,
    agents: agentsOk,
  };
}

export function renderTokensSection(results) {
  const records = Object.values(results.corpora ?? {}).filter((record) => record.tasks || record.errors?.length);
  const verdicts = judgeTokens(results);
  const o = verdicts.overall;
  const a = results.agents;
  const out = [];
  out.push('## Token savings (MCP bridge) (`npm run bench:tokens`)', '');
  out.push(`Generated by \`npm run bench:tokens\` from bench/results/tokens.json; last run ${results.updatedAt}. Machine: ${[...new Set(records.map((r) => machineLine(r.machine)))].join('; ')}.`);
  out.push(`Each corpus is cloned, indexed into a fresh data root and asked its tasks through one real bridge (\`repograph mcp\`, the MCP SDK's client over stdio); ` +
    `tasks are drawn with seed ${records[0]?.seed ?? '—'} from the export and the compiler oracle (bench/lib/tokens-tasks.mjs), every answer is read to its end and checked ` +
    '(callers and callees against the oracle\'s call edges site by site, names and spans against the export and the source: bench/lib/tokens-checks.mjs).', '');
  out.push(`**Baseline.** ${BASELINE_RULE}`, '');

  out.push('### Targets', '');
  const latencyText = verdicts.worstLatency ? `worst p95 ${ms(verdicts.worstLatency.p95Ms)} ms (${verdicts.worstLatency.tool}, ${verdicts.worstLatency.corpus})` : '—';
  const agentsText = a && a.rssRatio != null
    ? `${a.daemons} daemon, ${a.bridgesWithInotify} bridges watching, RSS ${mib(a.rssOneBridgeBytes)} -> ${mib(a.rssEightBridgesBytes)} (${pct(a.rssRatio - 1)} more), isolated: ${a.isolated ? 'yes' : 'no'}`
    : a?.errors?.length ? `did not finish: ${a.errors[0].split('\n')[0]}` : '—';
  out.push(table(['target', 'threshold', 'measured', 'verdict'], [
    ['average tokens saved over the tasks, every answer correct', `>= ${TOKENS_TARGETS.meanSavings * 100}%, ${o.ran} of ${o.ran} correct`, `${pct(o.meanSavings)}, ${o.correct} of ${o.ran} correct (${pct(o.meanRawSavings)} before the wrong answers are zeroed)`, shown(verdicts.savings)],
    ['tool call round trip through the bridge, p95 (symbols_search, symbols_get_card, graph_callers)', `< ${TOKENS_TARGETS.roundTripP95Ms} ms`, latencyText, shown(verdicts.latency)],
    [`${TOKENS_TARGETS.agents} bridges on one repository`, `one daemon, one watcher, daemon RSS within ${Math.round((TOKENS_TARGETS.agentsRssRatio - 1) * 100)}% of one bridge's, workspaces isolated`, agentsText, shown(verdicts.agents)],
  ]), '');

  out.push('### Per category', '');
  out.push('Tasks (correct of run) and mean savings (a wrong answer counts 0), per corpus and over all.', '');
  out.push(table(['category', 'tool', ...records.map((r) => r.name), 'all: correct', 'all: mean savings', 'all: before zeroing wrong answers'],
    CATEGORIES.map((category) => {
      const all = o.byCategory[category.key];
      return [category.label, `\`${category.tool}\``, ...records.map((r) => {
        const c = r.summary?.byCategory?.[category.key];
        const na = (r.tasks ?? []).find((task) => task.category === category.key && task.status !== 'ran' && task.status !== 'crashed');
        if (!c || c.tasks === 0) return na ? `not run (${na.status === 'n/a' ? 'n/a' : na.why})` : '—';
        return `${c.correct}/${c.tasks}, ${pct(c.meanSavings)}`;
      }), `${all.correct}/${all.tasks}`, pct(all.meanSavings), pct(all.meanRawSavings)];
    })), '');

  out.push('### Per corpus', '');
  out.push(table(['corpus', 'source', 'files', 'tasks run', 'correct', 'mean savings', 'token-weighted savings', 'answer tokens', 'baseline tokens', 'per session: guide + tool list tokens', 'measured'],
    [...records.map((r) => [r.name, `\`${r.source}\``, int(r.files), int(r.summary?.ran), int(r.summary?.correct), pct(r.summary?.meanSavings), pct(r.summary?.tokenWeightedSavings),
      int(r.summary?.answerTokens), int(r.summary?.baselineTokens), `${int(r.guideTokens)} + ${int(r.toolListTokens)}`, r.measuredAt?.slice(0, 16).replace('T', ' ')]),
    ['**all**', '', '', int(o.ran), int(o.correct), `**${pct(o.meanSavings)}**`, pct(o.tokenWeightedSavings), int(o.answerTokens), int(o.baselineTokens), '', '']]), '');
  out.push('The session figures (the guide an agent reads once; the tool list a host puts before the model once: each tool\'s name, description and input schema) are not charged to any task.', '');
  const low = CATEGORIES.map((category) => ({ category, c: o.byCategory[category.key] })).filter(({ c }) => c.tasks > 0 && c.meanSavings < TOKENS_TARGETS.meanSavings)
    .map(({ category, c }) => ({ label: category.label, mean: c.meanSavings, pull: (TOKENS_TARGETS.meanSavings - c.meanSavings) * c.tasks / Math.max(1, o.ran), wrong: c.tasks - c.correct }))
    .sort((x, y) => y.pull - x.pull);
  if (low.length > 0) {
    out.push(`Below the ${TOKENS_TARGETS.meanSavings * 100}% mark: ${low.map((l) => `${l.label} (${pct(l.mean)}${l.wrong ? `, ${l.wrong} wrong` : ''}; ${(l.pull * 100).toFixed(1)} points off the average)`).join('; ')}.`, '');
  }

  out.push('### Round trip through the bridge', '');
  out.push('`client.callTool` to its answer in the bench process (bridge, daemon socket and back), on the corpus\'s default workspace after the tasks, ' +
    'after a warm-up; names and ids drawn with the seed from the export. p50 / p95 nearest rank.', '');
  out.push(table(['corpus', 'tool', 'calls', 'errors', 'p50 ms', 'p95 ms', 'max ms', 'mean answer tokens', `verdict (p95 < ${TOKENS_TARGETS.roundTripP95Ms} ms)`],
    records.flatMap((r) => Object.entries(r.latency ?? {}).map(([tool, l]) => [r.name, `\`${tool}\``, int(l.calls), int(l.errors), ms(l.p50Ms), ms(l.p95Ms), ms(l.maxMs), int(l.meanAnswerTokens),
      l.error ? l.error : shown(l.p95Ms < TOKENS_TARGETS.roundTripP95Ms)]))), '');

  out.push(`### ${TOKENS_TARGETS.agents} agents on one repository`, '');
  if (a && !a.errors?.length) {
    out.push(`${a.agents} bridges on a fresh clone of ${a.corpus} with one data root; each created its workspace on a git worktree of its own ` +
      `(workspace_create {id, root}) and appended a function to \`${a.file}\` there with edit_apply; each sent ${a.queriesPerAgent} queries ` +
      '(symbols_search, symbols_get_card, graph_callers in turn). Daemon RSS: VmRSS of /proc/PID/status, median of 5 samples after a 2 s settle.', '');
    out.push(table(['figure', 'measured'], [
      ['daemons the data root lists for the repository (`repograph ps --json`)', `${a.daemons}${a.samePid ? ' (the one the first bridge started)' : ''}`],
      ['inotify in the daemon: instances / watches', a.daemonInotify ? `${a.daemonInotify.instances} / ${a.daemonInotify.watches}` : '—'],
      ['bridges holding an inotify instance', `${a.bridgesWithInotify} of ${a.agents}`],
      ['daemon RSS, 1 bridge (its workspace, its load)', mib(a.rssOneBridgeBytes)],
      [`daemon RSS, ${a.agents} bridges reading \`default\` (before their workspaces)`, mib(a.rssEightBridgesDefaultBytes)],
      [`daemon RSS, ${a.agents} bridges, ${a.agents} workspaces (each with its load)`, `${mib(a.rssEightBridgesBytes)} (${pct(a.rssRatio - 1)} over 1 bridge; target within ${Math.round((TOKENS_TARGETS.agentsRssRatio - 1) * 100)}%)`],
      ['query errors', int(a.loadErrors)],
      ['isolation: own function found in own workspace / seen in another\'s / seen in default', `${a.isolation.filter((r) => r.ownFound).length} / ${a.isolation.filter((r) => r.seenInOther).length} / ${a.isolation.filter((r) => r.seenInDefault).length} of ${a.agents}; main worktree's file unchanged: ${a.mainFileUnchanged ? 'yes' : 'no'}`],
    ]), '');
  } else {
    out.push(a ? `Not measured: ${(a.errors ?? []).join(' / ').split('\n')[0]}` : 'Not measured.', '');
  }

  const wrong = records.flatMap((r) => (r.tasks ?? []).filter((task) => (task.status === 'ran' || task.status === 'crashed') && !task.correct));
  out.push('### Wrong answers', '');
  if (wrong.length === 0) out.push('None.', '');
  else {
    out.push(table(['task', 'category', 'question', 'tool and arguments', 'why'],
      wrong.map((task) => [task.id, task.label, task.title, task.tool ? `\`${task.tool} ${JSON.stringify(task.args)}\`` : '—', task.why])), '');
  }
  const skipped = records.flatMap((r) => (r.tasks ?? []).filter((task) => task.status === 'not run' || task.status === 'n/a'));
  if (skipped.length > 0) {
    out.push('### Not run', '');
    for (const task of skipped) out.push(`- ${task.id} (${task.label}): ${task.why}`);
    out.push('');
  }
  const errors = records.filter((r) => r.errors?.length);
  if (errors.length > 0) {
    out.push('### Errors', '');
    for (const r of errors) for (const error of r.errors) out.push(`- ${r.name}: ${error.split('\n')[0]}`);
    out.push('');
  }

  out.push('<details><summary>Every task</summary>', '');
  out.push(table(['task', 'category', 'question', 'calls', 'baseline files', 'baseline tokens', 'answer tokens', 'savings', 'correct'],
    records.flatMap((r) => (r.tasks ?? []).filter((task) => task.status === 'ran' || task.status === 'crashed').map((task) => [
      task.id, task.label, task.title, (task.steps ?? []).map((step) => `${step.tool}${step.calls > 1 ? ` x${step.calls}` : ''}`).join(', '),
      int(task.baselineFiles?.length), int(task.baselineTokens), int(task.answerTokens), pct(task.rawSavings) + (task.correct ? '' : ' (0: wrong)'), task.correct ? 'yes' : '**no**',
    ]))), '', '</details>');
  return out.join('\n');
}

/** Rewrites the token-savings section of RESULTS.md (the text between the markers). */
export function writeTokensMarkdown(file, results) {
  writeMarkedSection(file, START_MARKER, END_MARKER, `${START_MARKER}\n${renderTokensSection(results)}\n${END_MARKER}`);
}
