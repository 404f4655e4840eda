/**
 * `repograph export --format jsonl`: streams the graph to stdout exactly as PROTOCOL.md's export
 * format says: symbols first, then relations, one JSON object per line, deterministic order.
 * Honours back-pressure; a closed pipe (`| head`) ends the export quietly.
 */
import { RepographError } from '@repograph/core';
import { openRepository } from '@repograph/engine';
import type { CommandOptions } from './main.js';

export async function runExport(options: CommandOptions): Promise<number> {
  const format = options.values.format ?? 'jsonl';
  if (format !== 'jsonl') {
    throw new RepographError('UsageError', `Unknown export format '${String(format)}'; the only format is jsonl (--format jsonl).`);
  }
  const repository = await openRepository({ repoRoot: options.repo });
  const session = repository.query();
  let closed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') closed = true;
  });
  // A reader that closes the pipe early (`| head`) ends the export; that is not an error.
  const write = (text: string): boolean => {
    try {
      return process.stdout.write(text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
      closed = true;
      return true;
    }
  };
  try {
    let buffer = '';
    for (const item of session.exportRecords()) {
      if (closed) break;
      buffer += `${JSON.stringify({ type: item.type, ...item.record })}\n`;
      if (buffer.length > 1 << 16) {
        const ok = write(buffer);
        buffer = '';
        if (!ok && !closed) await drainOrClose();
      }
    }
    if (!closed && buffer.length > 0) write(buffer);
    return 0;
  } finally {
    session.close();
    await repository.close();
  }
}

/** Resolves when stdout drains or fails (a failure is recorded by the 'error' listener). */
function drainOrClose(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.stdout.off('drain', done);
      process.stdout.off('error', done);
      resolve();
    };
    process.stdout.once('drain', done);
    process.stdout.once('error', done);
  });
}
