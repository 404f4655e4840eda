// The token-savings bench's MCP side: bridges spawned for real (`node packages/cli/bin/repograph.js
// mcp --repo DIR`, REPOGRAPH_HOME set) with the official SDK's client over stdio, as an agent's
// MCP host does; tool calls timed from callTool to its answer (the round trip through the bridge
// and the daemon); answers read as the agent reads them (the text content), their cursors followed
// and cut answers asked again with a larger budget, as the footer says; the daemons a data root
// holds (`repograph ps --json`) and stopping them (`repograph stop`). Owns no check and no figure.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { run } from './exec.mjs';
import { cliPath, repoRoot } from './paths.mjs';

const CALL_TIMEOUT_MS = 10 * 60_000;
const MAX_BUDGET = 100_000;
const open = new Set();

/** Closes every bridge still open (their stdin closes, so they exit). */
export async function closeAllBridges() {
  await Promise.allSettled([...open].map((bridge) => bridge.close()));
}

/**
 * Spawns one bridge on `repo` with data root `home` and connects an SDK client to it.
 * Options: name (client name), args (more `repograph mcp` arguments).
 */
export async function openBridge(repo, home, { name = 'tokens-bench', args = [] } = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp', '--repo', repo, ...args],
    env: { ...process.env, REPOGRAPH_HOME: home },
    cwd: repoRoot,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
    if (stderr.length > 100_000) stderr = stderr.slice(-50_000);
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const bridge = new Bridge(client, transport, tools, () => stderr);
  open.add(bridge);
  return bridge;
}

export class Bridge {
  constructor(client, transport, tools, stderr) {
    this.client = client;
    this.transport = transport;
    this.tools = new Map(tools.map((tool) => [tool.name, tool]));
    this.stderr = stderr;
    this.closed = false;
  }

  get pid() {
    return this.transport.pid;
  }

  has(name) {
    return this.tools.has(name);
  }

  /** The names of a tool's arguments (its input schema's properties). */
  argumentsOf(name) {
    return Object.keys(this.tools.get(name)?.inputSchema?.properties ?? {});
  }

  /** One tool call: {text, tokens, structured, isError, ms}. A tool the bridge does not serve is an error answer, not a throw. */
  async call(name, args, countTokens) {
    const started = performance.now();
    let result;
    try {
      result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
    } catch (error) {
      const ms = performance.now() - started;
      const text = `bench: the call failed: ${error.message}`;
      return { name, args, text, tokens: countTokens ? countTokens(text) : 0, structured: null, isError: true, ms, thrown: true };
    }
    const ms = performance.now() - started;
    const text = (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text).join('\n');
    return { name, args, text, tokens: countTokens ? countTokens(text) : 0, structured: result.structuredContent ?? null, isError: result.isError === true, ms };
  }

  /**
   * A call read as far as the question needs, as an agent would: each `cursor` followed, unless
   * `enough(result so far)` says the pages read already answer it; an answer cut without one
   * (`truncated` alone: one record larger than the budget) asked again with four times the
   * budget. Returns {calls: every call made (all read, all counted), pages: the pages that make
   * the final answer, tokens, ms, isError, text, result (the pages merged)}.
   */
  async callAll(name, args, countTokens, { enough = null } = {}) {
    const calls = [];
    let pages = [];
    let budget = args.maxTokens ?? 4000;
    let next = args;
    for (let guard = 0; guard < 200; guard++) {
      const answer = await this.call(name, next, countTokens);
      calls.push(answer);
      if (answer.isError) {
        pages = [answer];
        break;
      }
      pages.push(answer);
      const structured = answer.structured ?? {};
      if (typeof structured.cursor === 'string' && !(enough && enough(mergePages(pages)))) {
        // The cursor repeats the arguments it was made from; the tool's schema still wants the required ones.
        next = { ...args, cursor: structured.cursor, ...(budget !== 4000 ? { maxTokens: budget } : {}) };
        continue;
      }
      if (structured.truncated === true && typeof structured.cursor !== 'string' && budget < MAX_BUDGET) {
        budget = Math.min(MAX_BUDGET, budget * 4);
        next = { ...args, maxTokens: budget };
        pages = [];
        continue;
      }
      break;
    }
    return {
      name, args, calls, pages,
      tokens: calls.reduce((sum, call) => sum + call.tokens, 0),
      ms: calls.reduce((sum, call) => sum + call.ms, 0),
      isError: pages.some((page) => page.isError),
      text: calls.map((call) => call.text).join('\n'),
      result: mergePages(pages),
      structured: pages[pages.length - 1]?.structured ?? null,
    };
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    open.delete(this);
    try {
      await this.client.close();
    } catch {
      // The bridge is gone already.
    }
  }
}

/** One structured `result` from the pages of an answer: arrays concatenated, `text` joined by lines, the rest from the first page (endLine from the last). */
export function mergePages(pages) {
  const results = pages.map((page) => page.structured?.result).filter((result) => result && typeof result === 'object');
  if (results.length === 0) return null;
  const merged = { ...results[0] };
  for (const result of results.slice(1)) {
    for (const [key, value] of Object.entries(result)) {
      if (Array.isArray(value) && Array.isArray(merged[key])) merged[key] = [...merged[key], ...value];
      else if (key === 'text' && typeof value === 'string') merged.text = `${merged.text}\n${value}`;
      else if (key === 'endLine') merged.endLine = value;
    }
  }
  return merged;
}

/** `repograph ps --json` of a data root: the daemons it lists. */
export async function listDaemons(home) {
  const result = await run(process.execPath, [cliPath, 'ps', '--json'], { cwd: repoRoot, env: { REPOGRAPH_HOME: home } });
  return JSON.parse(result.stdout).daemons ?? [];
}

/** `repograph stop --repo DIR` with the data root; returns its output line. */
export async function stopDaemon(repo, home) {
  const result = await run(process.execPath, [cliPath, 'stop', '--repo', repo], { cwd: repoRoot, env: { REPOGRAPH_HOME: home }, allowFailure: true });
  return (result.stdout + result.stderr).trim();
}
