/**
 * `repograph index`: builds or refreshes the index, with a progress bar on a TTY, and prints
 * the BuildReport (a summary for people, the whole report with --json). When the repository's
 * daemon is running the refresh happens in the daemon (it owns the live index); otherwise here.
 */
import type { BuildReport } from '@repograph/core';
import { openRepository } from '@repograph/engine';
import { runningDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';
import { ProgressBar } from './progress.js';

export async function runIndexCommand(options: CommandOptions): Promise<number> {
  const client = await runningDaemon(options.repo);
  if (client) {
    try {
      await client.requestByName('workspace.refresh', { id: 'default' });
      const { meta: _meta, ...report } = await client.requestByName('index.report', {}) as BuildReport & { meta: unknown };
      process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : summarize(report, null));
      return 0;
    } finally {
      client.close();
    }
  }
  const repository = await openRepository({ repoRoot: options.repo });
  for (const warning of repository.policy.warnings) process.stderr.write(`repograph: warning: ${warning}\n`);
  const bar = process.stderr.isTTY ? new ProgressBar(process.stderr) : null;
  try {
    const report = await repository.index(bar ? { onProgress: (p) => bar.update(p.phase, p.done, p.total) } : {});
    bar?.finish();
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ ...report, peakRssBytes: process.resourceUsage().maxRSS * 1024 }, null, 2)}\n`);
    } else {
      process.stdout.write(summarize(report, repository.storeStats().bytes));
    }
    return 0;
  } finally {
    bar?.finish();
    await repository.close();
  }
}

function summarize(report: BuildReport, storeBytes: number | null): string {
  const m = report.materials;
  const excluded = Object.entries(m.excluded).map(([reason, count]) => `${reason} ${count}`).join(', ') || 'none';
  const totalMs = Object.values(report.timings).reduce((a, b) => a + b, 0);
  const lines = [
    `repograph: ${report.repoRoot}${report.commit ? ` at ${report.commit.slice(0, 12)}` : ' (not a git commit)'}`,
    report.unchanged ? 'nothing changed since the last build' : `generation ${report.generation}`,
    `files: ${m.admitted} admitted of ${m.submitted} (excluded: ${excluded}); ${m.extracted} extracted, ${m.cached} from cache, ${m.partial} partial, ${m.failed} failed`,
    `graph: ${report.publication.nodes} symbols, ${report.publication.relations} relations (${report.analysis.unresolved} unresolved)`,
    ...(report.selection?.preset === 'analysis' ? [
      `selection: analysis preset, ${report.selection.core} core + ${report.selection.context} context + ${report.selection.bridges} bridge nodes of ${report.selection.published + report.selection.dropped} (search work ${report.selection.searchWork})`,
    ] : []),
    `${storeBytes === null ? 'refreshed by the running daemon' : `store: ${(storeBytes / 1048576).toFixed(1)} MiB`}; took ${(totalMs / 1000).toFixed(2)} s (${Object.entries(report.timings).map(([k, v]) => `${k.replace(/Ms$/, '')} ${Math.round(v)}`).join(', ')} ms)`,
    `digest: ${report.digest}`,
  ];
  const counts = Object.entries(report.diagnosticCounts);
  if (counts.length > 0) lines.push(`diagnostics: ${counts.map(([code, n]) => `${code} ${n}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}
