// The cost of `heuristic` (issue 18): the syntax tier run on Java, a language whose oracle is javac.
// Extracts javafx.controls with the bench-only syntax-tier Java entry (JAVA_BENCH_SPEC; the product
// extracts .java precisely), binds every file with the syntax binder exactly as a syntax-tier
// language is bound, exports symbols and call/instantiation edges in the format of PROTOCOL.md, and
// scores them with <shared>/tools/score.mjs against the javac oracle bench/accuracy.mjs caches
// (bench/.work/java-oracle/javafx-controls.jsonl, `--new=class`): all edges, then the `heuristic`
// edges alone and the `exact`/`typed` ones alone, so their precision can be read apart.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractSyntaxWithSpec } from '../../packages/extract/dist/syntax/extract.js';
import { JAVA_BENCH_SPEC } from '../../packages/extract/dist/syntax/specs-managed.js';
import { LineTable } from '../../packages/extract/dist/positions.js';
import { makeFileUnit } from '../../packages/graph/dist/program.js';
import { createSyntaxBinder } from '../../packages/graph/dist/syntax/binder.js';
import { corporaDir, sharedRoot, workDir } from './paths.mjs';

function javaFiles(dir, out = []) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) javaFiles(full, out);
    else if (name.endsWith('.java') && name !== 'module-info.java') out.push(full);
  }
  return out.sort();
}

export async function javaHeuristicBench(corpus = 'javafx-controls') {
  const root = path.join(corporaDir, corpus);
  const oracle = path.join(workDir, 'java-oracle', `${corpus}.jsonl`);
  if (!fs.existsSync(root) || !fs.existsSync(oracle)) {
    return { skipped: `needs bench/.corpora/${corpus} and its cached oracle: run node bench/accuracy.mjs --corpus ${corpus} once` };
  }
  const started = performance.now();
  const units = javaFiles(root).map((file) => {
    const rel = path.relative(root, file);
    const text = fs.readFileSync(file, 'utf8');
    const facts = { path: rel, language: 'java', declarations: [], imports: [], exports: [], references: [], diagnostics: [], partial: false, generated: false, lineCount: 0 };
    extractSyntaxWithSpec(JAVA_BENCH_SPEC, rel, text, new LineTable(text), facts);
    return makeFileUnit(facts);
  });
  const binder = createSyntaxBinder(units);
  const lines = { all: [], heuristic: [], exact: [] };
  const counts = { references: 0, bound: 0, heuristic: 0, exact: 0, typed: 0 };
  for (const unit of units) {
    unit.facts.declarations.forEach((d, index) => {
      const row = JSON.stringify({ type: 'symbol', id: `${unit.path}#${index}`, path: unit.path, selection: d.selection, range: d.range });
      for (const list of Object.values(lines)) list.push(row);
    });
  }
  for (const unit of units) {
    for (const ref of unit.facts.references) {
      if (ref.kind !== 'call' && ref.kind !== 'new') continue;
      counts.references++;
      const resolution = binder.resolve(unit, ref.target, ref.kind);
      if (resolution === null || resolution.entity.t !== 'decl') continue;
      counts.bound++;
      counts[resolution.confidence] = (counts[resolution.confidence] ?? 0) + 1;
      const edge = JSON.stringify({
        type: 'edge', kind: ref.kind === 'new' ? 'instantiates' : 'calls', confidence: resolution.confidence,
        from: ref.from >= 0 ? `${unit.path}#${ref.from}` : unit.path, to: `${resolution.entity.unit.path}#${resolution.entity.index}`,
        site: { path: unit.path, line: ref.line },
      });
      lines.all.push(edge);
      lines[resolution.confidence === 'heuristic' ? 'heuristic' : 'exact'].push(edge);
    }
  }
  const buildMs = performance.now() - started;
  const dir = path.join(workDir, 'syntax-java');
  fs.mkdirSync(dir, { recursive: true });
  const scorer = path.join(sharedRoot(), 'tools', 'score.mjs');
  const scores = {};
  for (const [name, rows] of Object.entries(lines)) {
    const file = path.join(dir, `${corpus}.${name}.jsonl`);
    fs.writeFileSync(file, rows.join('\n') + '\n');
    scores[name] = JSON.parse(execFileSync('node', [scorer, oracle, file, '--json'], { encoding: 'utf8' }));
  }
  return { corpus, files: units.length, buildMs: Math.round(buildMs), counts, scores };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await javaHeuristicBench(process.argv[2]), null, 2));
}
