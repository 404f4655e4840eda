/**
 * `repograph ps [--json]`: the daemons of this data root with their stats and workspaces.
 * Stale registry files are removed and reported; running daemons are asked over their socket
 * (never started).
 */
import { daemonEndpoint, DaemonStatsRequest, WorkspaceListRequest, type DaemonStatsResult, type WorkspaceInfo } from '@repograph/protocol';
import { dataRootFrom, listDaemons, RepographClient, tryConnect, type DaemonListing } from '@repograph/client';
import type { CommandOptions } from './main.js';

interface DaemonReport extends DaemonListing {
  stats?: Omit<DaemonStatsResult, 'meta'>;
  workspaces?: WorkspaceInfo[];
  /** Why stats or workspaces are missing for a running daemon. */
  error?: string;
}

export async function runPs(options: CommandOptions): Promise<number> {
  const dataRoot = dataRootFrom(process.env);
  const listings = await listDaemons(dataRoot, { removeStale: true });
  const reports = await Promise.all(listings.map((listing) => (listing.state === 'running' ? ask(listing) : listing)));
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ daemons: reports }, null, 2)}\n`);
    return 0;
  }
  for (const stale of reports.filter((r) => r.state === 'stale')) {
    process.stderr.write(`repograph: removed the stale daemon record ${stale.registryFile} (${stale.repoRoot || stale.repoId}: ${stale.staleReason})\n`);
  }
  const running = reports.filter((r) => r.state === 'running');
  if (running.length === 0) {
    process.stdout.write('no repograph daemons are running\n');
    return 0;
  }
  process.stdout.write(running.map(describe).join('\n'));
  return 0;
}

/** Adds the daemon's stats and workspaces (or the reason they are missing). */
async function ask(listing: DaemonListing): Promise<DaemonReport> {
  const attempt = await tryConnect(listing.socket, 2000);
  if (!('socket' in attempt)) return { ...listing, error: `cannot connect: ${attempt.message}` };
  let client: RepographClient | null = null;
  try {
    client = await RepographClient.open(attempt.socket, {
      clientName: 'repograph-ps',
      repository: { root: listing.repoRoot, commonDir: listing.commonDir, repoId: listing.repoId },
      endpoint: daemonEndpoint(listing.dataRoot, listing.repoId),
      initializeTimeoutMs: 5000,
    });
    const [{ meta: _statsMeta, ...stats }, { workspaces }] = await Promise.all([
      client.request(DaemonStatsRequest, {}),
      client.request(WorkspaceListRequest, {}),
    ]);
    return { ...listing, stats, workspaces };
  } catch (error) {
    return { ...listing, error: (error as Error).message };
  } finally {
    client?.close();
  }
}

function describe(report: DaemonReport): string {
  const lines = [report.repoRoot];
  const uptimeS = report.stats?.uptimeS ?? (Date.now() - Date.parse(report.startedAt)) / 1000;
  const facts = [`pid ${report.pid}`, `up ${duration(uptimeS)}`];
  if (report.stats) {
    // The git spawner is a process of its own: its memory is the daemon's too.
    const spawnerBytes = report.stats.gitSpawner?.rssBytes;
    const spawner = typeof spawnerBytes === 'number' ? ` (+ ${mebibytes(spawnerBytes)} MiB its git spawner)` : '';
    facts.push(`rss ${mebibytes(report.stats.rssBytes)} MiB${spawner}`, `${report.stats.clients} client${report.stats.clients === 1 ? '' : 's'}`);
  }
  facts.push(`version ${report.serverVersion}`);
  lines.push(`  ${facts.join(', ')}`);
  lines.push(`  socket ${report.socket}`);
  lines.push(`  log    ${report.logFile}`);
  if (report.error) lines.push(`  (could not ask the daemon: ${report.error})`);
  for (const workspace of report.workspaces ?? []) {
    const base = workspace.baseCommit ? workspace.baseCommit.slice(0, 12) : 'no commit';
    lines.push(`  workspace ${workspace.id}: ${workspace.root} at ${base}${workspace.stale ? ' (stale)' : ''}, generation ${workspace.generation}, ` +
      `${workspace.overlayFiles} overlay file${workspace.overlayFiles === 1 ? '' : 's'}, ${workspace.clients} client${workspace.clients === 1 ? '' : 's'}`);
  }
  return `${lines.join('\n')}\n`;
}

function mebibytes(bytes: number): string {
  return (bytes / 1048576).toFixed(1);
}

/** `3d 4h`, `2h 5m`, `4m 10s`, `12s`. */
function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${s % 60}s`;
  return `${s}s`;
}
