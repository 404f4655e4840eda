/**
 * `repograph watch [TOPIC] [--workspace ID] [--json]`: subscribes to a topic of the repository's
 * daemon (starting it when needed; default topic graph.delta) and prints each event until
 * interrupted: one JSON object per line with --json (its `clock`, `c:<storeId>:<generation>`, is
 * what `since` takes), else a short line per event led by its generation. Ends with exit code 0
 * on Ctrl-C, 2 when the daemon goes away.
 */
import { isTopic, parseClock, TOPICS, type Clock, type GraphDeltaPayload, type WatchEvent } from '@repograph/protocol';
import { RepographRequestError } from '@repograph/client';
import { connectToDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

export async function runWatch(options: CommandOptions): Promise<number> {
  const topic = options.positionals[0] ?? 'graph.delta';
  if (!isTopic(topic)) throw RepographRequestError.of('UsageError', `'${topic}' is not a topic; use one of ${TOPICS.join(', ')}.`);
  const workspace = typeof options.values.workspace === 'string' ? options.values.workspace : undefined;
  const client = await connectToDaemon({ repo: options.repo, clientName: 'repograph-watch' });
  const subscription = await client.subscribe(topic, workspace ? { workspace } : {}, (event) => {
    process.stdout.write(`${options.json ? JSON.stringify(event) : describe(event)}\n`);
  });
  if (!options.json) process.stderr.write(`watching ${topic}${workspace ? ` of workspace ${workspace}` : ''} from generation ${generationOf(subscription.clock)} (clock ${subscription.clock}); Ctrl-C to stop\n`);
  return new Promise<number>((resolve) => {
    const stop = (): void => { client.close(); resolve(0); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    client.onClose(() => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stderr.write('repograph: the daemon closed the connection\n');
      resolve(2);
    });
  });
}

/** The generation a clock names, for people (the clock itself is for `since`). */
function generationOf(clock: Clock): string {
  return String(parseClock(clock)?.generation ?? clock);
}

function describe(event: WatchEvent): string {
  const at = `#${generationOf(event.clock)}`;
  if (event.isFreshInstance) return `${at} ${event.topic}: events may have been missed; query again`;
  if (event.topic === 'graph.delta') {
    const delta = event.payload as GraphDeltaPayload;
    const list = (label: string, ids: string[]): string => (ids.length === 0 ? '' : ` ${label} ${ids.slice(0, 6).join(', ')}${ids.length > 6 ? ` (+${ids.length - 6})` : ''};`);
    return `${at} ${delta.workspace}: ${delta.reparsed.length} reparsed, ${delta.affected.length} affected, ${delta.removedFiles.length} removed in ${delta.reingestMs} ms;`
      + list('added', delta.symbols.added) + list('removed', delta.symbols.removed) + list('changed', delta.symbols.changed);
  }
  return `${at} ${event.topic}: ${JSON.stringify(event.payload)}`;
}
