/**
 * `repograph check --base REF [--fail-on-found] [--json]`: the structural delta of the worktree
 * (tracked changes, untracked non-ignored files) against one commit, as a CI or pre-commit gate.
 * The daemon computes it (`delta.since`) from the baseline of REF, built from git objects when
 * missing: nothing is checked out and the worktree is not touched, so running it twice gives the
 * same answer. Exit 1 with --fail-on-found when there are dangling callers, too_many/too_few
 * calls, new duplicates or new import cycles; possibly_missing and unknown never fail it.
 */
import { RepographRequestError } from '@repograph/client';
import type { StructuralDelta } from '@repograph/protocol';
import { connectToDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

/** A daemon that `check` starts (in CI, say) stops soon after it is done. */
const CHECK_DAEMON_IDLE_S = 60;

export async function runCheck(options: CommandOptions): Promise<number> {
  const base = options.values.base;
  if (typeof base !== 'string' || base === '') {
    throw RepographRequestError.of('UsageError', 'repograph check needs --base REF (a commit, branch or tag), e.g. `repograph check --base origin/main`.');
  }
  const client = await connectToDaemon({ repo: options.repo, clientName: 'repograph-check', idleTimeoutS: CHECK_DAEMON_IDLE_S });
  let delta: StructuralDelta & { base: string };
  try {
    delta = await client.requestByName('delta.since', { base }) as StructuralDelta & { base: string };
  } finally {
    client.close();
  }
  const failing = failingFindings(delta);
  if (options.json) process.stdout.write(`${JSON.stringify(delta, null, 2)}\n`);
  else process.stdout.write(summary(delta, failing));
  return options.values['fail-on-found'] && failing > 0 ? 1 : 0;
}

/** Findings that fail the gate. */
function failingFindings(delta: StructuralDelta): number {
  return (delta.danglingCallers?.length ?? 0)
    + (delta.arityFindings?.filter((f) => f.verdict === 'too_many' || f.verdict === 'too_few').length ?? 0)
    + (delta.newDuplicates?.length ?? 0)
    + (delta.newImportCycles?.length ?? 0);
}

const SHOWN = 20;

function summary(delta: StructuralDelta & { base: string }, failing: number): string {
  const lines: string[] = [];
  const s = delta.symbols;
  lines.push(`repograph check against ${delta.base.slice(0, 12)}: ${delta.reparsed.length} files changed, ${delta.removedFiles.length} removed; `
    + `symbols ${s.added.length} added, ${s.removed.length} removed, ${s.renamed.length} renamed, ${s.changed.length} changed`);
  const group = <T>(title: string, items: T[] | undefined, line: (item: T) => string): void => {
    if (!items || items.length === 0) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items.slice(0, SHOWN)) lines.push(`  ${line(item)}`);
    if (items.length > SHOWN) lines.push(`  ... and ${items.length - SHOWN} more (--json has all)`);
  };
  group('renamed', s.renamed, (r) => `${r.old} -> ${r.new}`);
  group('dangling callers', delta.danglingCallers, (d) => `${d.path}:${d.line}:${d.column} ${d.caller} still calls ${d.target}${d.renamedTo ? ` (renamed to ${d.renamedTo})` : ''}`);
  group('arity', delta.arityFindings, (a) => `${a.site.path}:${a.site.line}:${a.site.column} ${a.verdict} calling ${a.callee}`);
  group('new duplicates', delta.newDuplicates, (d) => `${d.symbol} ${d.kind === 'exact' ? 'is a copy of' : `is ${Math.round(d.similarity * 100)}% like`} ${d.original}`);
  group('new import cycles', delta.newImportCycles, (cycle) => [...cycle, cycle[0]].join(' -> '));
  group('tests reaching the change', delta.testsReaching, (t) => `${t.id} (depth ${t.depth}, through ${t.through.slice(0, 3).join(', ')})`);
  lines.push(failing > 0 ? `${failing} finding(s) would fail --fail-on-found` : 'no failing findings');
  return `${lines.join('\n')}\n`;
}
