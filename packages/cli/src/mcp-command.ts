/**
 * `repograph mcp [--repo DIR] [--workspace ID] [--max-tokens N] [--print-config]`: the MCP stdio
 * bridge for one agent, connected to the repository's one daemon (started on the first tool call
 * when none runs). stdout carries MCP messages only; everything else goes to stderr.
 * `--print-config` prints the client set-up block instead.
 */
import { fileURLToPath } from 'node:url';
import { findRepository, RepographRequestError } from '@repograph/client';
import { mcpClientConfig, runStdioBridge } from '@repograph/mcp';
import { connectToDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

export async function runMcp(options: CommandOptions): Promise<number> {
  const repository = await findRepository(options.repo);
  const workspace = typeof options.values['workspace'] === 'string' ? options.values['workspace'] : undefined;
  if (options.values['print-config']) {
    const bin = fileURLToPath(new URL('../bin/repograph.js', import.meta.url));
    process.stdout.write(`${JSON.stringify(mcpClientConfig({ node: process.execPath, bin, repoRoot: repository.root, ...(workspace ? { workspace } : {}) }), null, 2)}\n`);
    return 0;
  }
  let maxTokens: number | undefined;
  const rawMax = options.values['max-tokens'];
  if (rawMax !== undefined) {
    maxTokens = Number(rawMax);
    if (typeof rawMax !== 'string' || !Number.isInteger(maxTokens) || maxTokens < 200 || maxTokens > 100_000) {
      throw RepographRequestError.of('UsageError', `--max-tokens takes a whole number from 200 to 100000, not '${String(rawMax)}'.`);
    }
  }
  await runStdioBridge({
    repoRoot: repository.root,
    connect: () => connectToDaemon({ repo: repository.root, clientName: `repograph-mcp${workspace ? `:${workspace}` : ''}` }),
    ...(workspace ? { workspace } : {}),
    ...(maxTokens ? { maxTokens } : {}),
  });
  return 0;
}
