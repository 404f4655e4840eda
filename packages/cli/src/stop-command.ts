/**
 * `repograph stop [--repo DIR] [--all]`: stops the repository's daemon (or every daemon of this
 * data root) and says whether one was running.
 */
import { dataRootFrom, findRepository, listDaemons, stopDaemon, type DaemonListing } from '@repograph/client';
import type { CommandOptions } from './main.js';

export async function runStop(options: CommandOptions): Promise<number> {
  const dataRoot = dataRootFrom(process.env);
  const listings = await listDaemons(dataRoot, { removeStale: true });
  const running = listings.filter((listing) => listing.state === 'running');
  if (options.values.all) {
    if (running.length === 0) {
      process.stdout.write('no repograph daemons are running\n');
      return 0;
    }
    for (const listing of running) await stopOne(listing);
    return 0;
  }
  const repository = await findRepository(options.repo);
  const listing = running.find((candidate) => candidate.repoId === repository.repoId);
  if (!listing) {
    process.stdout.write(`no repograph daemon is running for ${repository.root}\n`);
    return 0;
  }
  await stopOne(listing);
  return 0;
}

async function stopOne(listing: DaemonListing): Promise<void> {
  const result = await stopDaemon(listing);
  process.stdout.write(result.wasRunning
    ? `stopped the repograph daemon for ${listing.repoRoot} (pid ${listing.pid}${result.via === 'SIGTERM' ? ', with SIGTERM' : ''})\n`
    : `no repograph daemon was running for ${listing.repoRoot} (it had just stopped)\n`);
}
