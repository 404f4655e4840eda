// `npm run bench:contract [-- --runs N]`: the API contract diff on real specs: GitHub's own
// OpenAPI description (npm @octokit/openapi, fetched at run time into bench/.work/, never
// committed), versions 22.0.0 -> 23.0.0 of api.github.com.json (about 12 MB each) and of
// ghes-3.17.json. Times diffContracts (median of the runs), counts the changes by severity and
// checks every change has a documented rule (no "unknown" class). Writes bench/results/contract.json
// and the contract section of bench/RESULTS.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { run } from './lib/exec.mjs';
import { describeMachine } from './lib/machine.mjs';
import { benchDir, ensureDir, repoRoot, workDir } from './lib/paths.mjs';
import { writeMarkedSection } from './lib/results-md.mjs';

const VERSIONS = ['22.0.0', '23.0.0'];
const SPECS = ['api.github.com.json', 'ghes-3.17.json'];
const TARGET_MS = 3000;
const log = (line) => console.error(`[bench:contract] ${line}`);

/** The unpacked generated/ folder of @octokit/openapi@version (fetched once). */
async function specFolder(version) {
  const dir = path.join(workDir, 'contract', `octokit-openapi-${version}`);
  const generated = path.join(dir, 'package', 'generated');
  if (fs.existsSync(path.join(generated, SPECS[0]))) return generated;
  ensureDir(dir);
  log(`fetching @octokit/openapi@${version}`);
  const packed = await run('npm', ['pack', `@octokit/openapi@${version}`, '--json', '--silent'], { cwd: dir });
  const [info] = JSON.parse(packed.stdout);
  await run('tar', ['xzf', path.join(dir, info.filename), '-C', dir, ...SPECS.map((spec) => `package/generated/${spec}`)]);
  fs.rmSync(path.join(dir, info.filename), { force: true });
  return generated;
}

async function main() {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
  const { diffContracts, CONTRACT_RULES } = await import(path.join(repoRoot, 'packages/review/dist/contract/index.js'));
  const known = new Set(CONTRACT_RULES.map((rule) => rule.id));
  const [before, after] = [await specFolder(VERSIONS[0]), await specFolder(VERSIONS[1])];
  const results = [];
  for (const spec of SPECS) {
    const sides = [{ path: spec, before: fs.readFileSync(path.join(before, spec), 'utf8'), after: fs.readFileSync(path.join(after, spec), 'utf8') }];
    const times = [];
    let diff;
    for (let index = 0; index < runs; index++) {
      const started = performance.now();
      diff = await diffContracts(sides);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const bySeverity = {};
    for (const change of diff.changes) bySeverity[change.severity] = (bySeverity[change.severity] ?? 0) + 1;
    const result = {
      spec, versions: VERSIONS, bytes: [sides[0].before.length, sides[0].after.length], runs,
      medianMs: Math.round(times[Math.floor(times.length / 2)]), minMs: Math.round(times[0]), maxMs: Math.round(times[times.length - 1]),
      changes: diff.changes.length, bySeverity, unknownRules: diff.changes.filter((change) => !known.has(change.ruleId)).length,
      rulesUsed: new Set(diff.changes.map((change) => change.ruleId)).size, problems: diff.problems.length,
    };
    log(`${spec}: median ${result.medianMs} ms over ${runs} runs; ${result.changes} changes ${JSON.stringify(bySeverity)}; ${result.unknownRules} unclassified; ${result.problems} problems`);
    results.push(result);
  }
  const record = { date: new Date().toISOString(), machine: describeMachine(), targetMs: TARGET_MS, rules: CONTRACT_RULES.length, results };
  ensureDir(path.join(benchDir, 'results'));
  fs.writeFileSync(path.join(benchDir, 'results', 'contract.json'), `${JSON.stringify(record, null, 2)}\n`);
  writeMarkedSection(path.join(benchDir, 'RESULTS.md'), '<!-- contract:start -->', '<!-- contract:end -->', `<!-- contract:start -->\n${render(record)}\n<!-- contract:end -->`);
  log('wrote bench/results/contract.json and bench/RESULTS.md');
}

function render(record) {
  const m = record.machine;
  const lines = ['## API contract diff (issue 14: `npm run bench:contract`)', '',
    `Measured ${record.date.slice(0, 10)} on ${m.cores} cores (${m.cpuModel}), Node ${m.node}. GitHub's OpenAPI description from npm`,
    `@octokit/openapi ${record.results[0].versions.join(' -> ')}; ${record.rules} documented rules (packages/review/src/contract/RULES.md).`, '',
    '| spec | bytes before / after | diff median ms (< 3,000) | changes | breaking / non-breaking / informational | unclassified | rules used |',
    '|---|---|---|---|---|---|---|'];
  for (const r of record.results) {
    lines.push(`| ${r.spec} | ${r.bytes.map((b) => b.toLocaleString('en-US')).join(' / ')} | ${r.medianMs} ${r.medianMs < record.targetMs ? 'met' : '**missed**'} | ${r.changes} | `
      + `${r.bySeverity.breaking ?? 0} / ${r.bySeverity['non-breaking'] ?? 0} / ${r.bySeverity.informational ?? 0} | ${r.unknownRules} ${r.unknownRules === 0 ? 'met' : '**missed**'} | ${r.rulesUsed} |`);
  }
  return lines.join('\n');
}

await main();
