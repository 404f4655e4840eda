// Explains a score: lists the oracle call edges our export missed and the edges we drew that the
// oracle contradicts, with the source line of each site, so accuracy work starts from examples.
// Usage: node bench/explain.mjs ORACLE.jsonl EXPORT.jsonl CORPUS_DIR [--missed N] [--wrong N]
import fs from 'node:fs';
import path from 'node:path';

const [oracleFile, exportFile, corpus] = process.argv.slice(2);
const limit = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = (f) => fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const lineCache = new Map();
const sourceLine = (p, line) => {
  if (!lineCache.has(p)) {
    try { lineCache.set(p, fs.readFileSync(path.join(corpus, p), 'utf8').split('\n')); } catch { lineCache.set(p, []); }
  }
  return (lineCache.get(p)[line - 1] ?? '').trim().slice(0, 140);
};
const oracle = rows(oracleFile);
const symbols = new Map();
const edgesAt = new Map();
for (const r of rows(exportFile)) {
  if (r.type === 'symbol') symbols.set(r.id, r);
  else if (/^(calls|instantiates)$/.test(r.kind) && r.to) {
    const k = `${r.site.path}:${r.site.line}`;
    (edgesAt.get(k) ?? edgesAt.set(k, []).get(k)).push(r);
  }
}
const targetLine = (id) => symbols.get(id)?.selection?.start.line ?? symbols.get(id)?.range.start.line;
const oracleAt = new Map();
for (const o of oracle) {
  const k = `${o.site.path}:${o.site.line}`;
  (oracleAt.get(k) ?? oracleAt.set(k, []).get(k)).push(o);
}
const missed = [];
for (const o of oracle) {
  if (!o.target) continue;
  const ours = edgesAt.get(`${o.site.path}:${o.site.line}`) ?? [];
  if (!ours.some((e) => symbols.get(e.to)?.path === o.target.path && targetLine(e.to) === o.target.line)) missed.push(o);
}
const wrong = [];
for (const [k, list] of edgesAt) {
  const known = oracleAt.get(k);
  if (!known) continue;
  for (const e of list) {
    const t = symbols.get(e.to);
    if (!known.some((o) => o.target && o.target.path === t?.path && o.target.line === targetLine(e.to))) wrong.push({ e, known });
  }
}
console.log(`missed ${missed.length} oracle edges; ${wrong.length} wrong edges at known sites`);
const byCallee = new Map();
for (const o of missed) byCallee.set(o.callee, (byCallee.get(o.callee) ?? 0) + 1);
console.log('missed by callee name:', [...byCallee].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([n, c]) => `${n} ${c}`).join(', '));
console.log('\n== missed');
for (const o of missed.slice(0, limit('--missed', 40))) {
  console.log(`${o.site.path}:${o.site.line} ${o.callee} -> ${o.target.path}:${o.target.line}\n    ${sourceLine(o.site.path, o.site.line)}\n    target: ${sourceLine(o.target.path, o.target.line)}`);
}
console.log('\n== wrong');
for (const { e, known } of wrong.slice(0, limit('--wrong', 40))) {
  const expected = known.map((o) => (o.target ? `${o.target.path}:${o.target.line}` : 'external')).join(' | ');
  console.log(`${e.site.path}:${e.site.line} ${e.name} -> ${e.to} (${e.confidence}); oracle: ${expected}\n    ${sourceLine(e.site.path, e.site.line)}`);
}
