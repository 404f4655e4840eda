// Test helpers for the MCP bridge: `repograph mcp` spawned as a real process and driven by the
// official SDK's own client over stdio, with the data root in the test's temporary folder; the
// daemon it auto-starts is stopped when the test ends.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliPath } from './repo.mjs';

/** A connected MCP client on a fresh bridge for `repo` (`args` go to `repograph mcp`). */
export async function startBridge(s, repo, { args = [], home = s.home, name = 'test-agent' } = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp', '--repo', repo, ...args],
    env: { ...process.env, REPOGRAPH_HOME: home },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => { stderr += chunk; });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  s.defer(async () => {
    try { await client.close(); } catch { /* already closed */ }
  });
  s.deferCliDaemonStop(repo, { home });
  return { client, transport, stderr: () => stderr };
}

/** Calls a tool and returns {text, data (structuredContent), isError}. */
export async function tool(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  return { text: result.content?.map((part) => part.text ?? '').join('\n') ?? '', data: result.structuredContent, isError: result.isError === true };
}

/** Calls a tool that must succeed; returns its structured result (`result`) and the envelope. */
export async function ok(client, name, args = {}) {
  const answer = await tool(client, name, args);
  if (answer.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${answer.text}`);
  return { ...answer, result: answer.data.result };
}
