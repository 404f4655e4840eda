/**
 * The MCP bridge: an McpServer (the official SDK) whose tools are thin views over the daemon's
 * protocol methods, on stdio. One bridge per agent; every bridge of a repository talks to its one
 * daemon through a DaemonLink, so agents share one index, one watcher and one store. Owns the
 * registration of tools (strict arguments, output schemas, annotations), cursors and budgets
 * around each call, and the bridge's lifetime: it ends when stdin closes, never taking the
 * daemon down with it.
 */
import { randomBytes } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEFAULT_MAX_TOKENS, fitAnswer } from './budget.js';
import { decodeCursor } from './cursor.js';
import { DaemonLink, type Connector } from './daemon-link.js';
import { EvidenceFiles } from './evidence.js';
import { BoundedStdioTransport } from './output-backlog.js';
import { bindWorkspace } from './workspace-binding.js';
import { budgetArgs, cursorArgs, envelopeShape, type Answer, type ToolContext, type ToolSpec } from './tool-kit.js';
import { toolError, ToolUsageError } from './tool-errors.js';
import { ALL_TOOLS } from './tools/all.js';

export const BRIDGE_NAME = 'repograph';
export const BRIDGE_VERSION = '0.1.0';

export interface BridgeOptions {
  /** The repository's root (the daemon's). */
  repoRoot: string;
  /** Opens a connection to the repository's daemon, starting it when none runs. */
  connect: Connector;
  /** The workspace tools read when the agent names none; default: the bridge's worktree's (see workspace-binding.ts). */
  workspace?: string;
  /** The default budget of an answer in tokens. */
  maxTokens?: number;
}

export interface Bridge {
  server: McpServer;
  link: DaemonLink;
  close(): Promise<void>;
}

export function createBridge(options: BridgeOptions): Bridge {
  const context: ToolContext = { link: null as unknown as DaemonLink, workspace: options.workspace ?? 'default' };
  context.link = new DaemonLink(options.connect, async (client) => {
    context.workspace = await bindWorkspace(client, options.repoRoot, options.workspace);
  });
  const link = context.link;
  const evidence = new EvidenceFiles(options.repoRoot);
  const server = new McpServer({ name: BRIDGE_NAME, version: BRIDGE_VERSION }, {
    instructions: 'repograph answers questions about this repository\'s code from a live graph of symbols and calls. ' +
      'Call repograph_guide first in a session: it says which tool replaces which grep or file read.',
  });
  for (const tool of ALL_TOOLS) register(server, tool, context, evidence, options.maxTokens ?? DEFAULT_MAX_TOKENS);
  return {
    server,
    link,
    async close() {
      link.close();
      await server.close();
    },
  };
}

/** Runs a bridge on this process's stdin and stdout until stdin closes. */
export async function runStdioBridge(options: BridgeOptions): Promise<void> {
  // A daemon that dies can leave an error on its socket that nothing awaits; the bridge logs it
  // and goes on (the next call reconnects) rather than dropping the agent's session.
  process.on('uncaughtException', (error) => process.stderr.write(`repograph mcp: ${error?.stack ?? error}\n`));
  process.on('unhandledRejection', (error) => process.stderr.write(`repograph mcp: ${(error as Error)?.stack ?? error}\n`));
  const bridge = createBridge(options);
  const transport = new BoundedStdioTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = () => resolve();
  });
  await bridge.server.connect(transport);
  await ended;
  await bridge.close();
}

/**
 * The answers of writes (edit_apply, workspace_refresh...) whose later pages may be asked for: a
 * cursor of a write names its answer here, because running the write again to page it would
 * write twice. The last KEPT_WRITE_ANSWERS are kept; an older cursor is refused with what to do.
 */
const KEPT_WRITE_ANSWERS = 32;
const writeAnswers = new Map<string, Answer<unknown>>();

function keepWriteAnswer(answer: Answer<unknown>): string {
  const key = randomBytes(12).toString('base64url');
  writeAnswers.set(key, answer);
  if (writeAnswers.size > KEPT_WRITE_ANSWERS) writeAnswers.delete(writeAnswers.keys().next().value!);
  return key;
}

function register(server: McpServer, tool: ToolSpec, context: ToolContext, evidence: EvidenceFiles, defaultMaxTokens: number): void {
  // A paged tool's own arguments are optional on the wire (a call with only `cursor` is whole); without a cursor they are checked here.
  const own = z.object(tool.input).strict();
  const input = tool.pages
    ? z.object({ ...own.partial().shape, ...budgetArgs, ...cursorArgs }).strict()
    : z.object({ ...tool.input, ...budgetArgs }).strict();
  server.registerTool(tool.name, {
    title: tool.title,
    description: tool.pages && required(own).length > 0
      ? `${tool.description} Required unless continuing with \`cursor\`: ${required(own).join(', ')}.`
      : tool.description,
    inputSchema: input,
    outputSchema: envelopeShape(tool.result),
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
  }, async (args: Record<string, unknown>): Promise<CallToolResult> => {
    try {
      const { maxTokens, cursor, ...given } = args as Record<string, unknown> & { maxTokens?: number; cursor?: string };
      let runArgs = given;
      let offset = 0;
      let firstGeneration: number | null = null;
      let kept: Answer<unknown> | undefined;
      let answerKey: string | undefined;
      if (typeof cursor === 'string') {
        const state = decodeCursor(cursor, tool.name);
        if (state instanceof Error) throw new ToolUsageError('InvalidParams', state.message, { field: 'cursor' });
        if (state.answerKey !== undefined) {
          answerKey = state.answerKey;
          kept = writeAnswers.get(state.answerKey);
          if (!kept) {
            throw new ToolUsageError('InvalidParams', `cursor: the rest of this ${tool.name} answer is no longer kept (the bridge keeps the last ${KEPT_WRITE_ANSWERS}); ` +
              'the write itself stands. See the state with check or index_status; do not repeat the write.', { field: 'cursor' });
          }
        }
        if (!kept) {
          const parsed = own.safeParse(state.args);
          if (!parsed.success) throw new ToolUsageError('InvalidParams', 'cursor: its arguments no longer fit this tool; start again without the cursor.', { field: 'cursor' });
          runArgs = parsed.data;
        }
        offset = state.offset;
        firstGeneration = state.generation;
      } else if (tool.pages) {
        const parsed = own.safeParse(given);
        if (!parsed.success) throw new ToolUsageError('InvalidParams', `Input validation error: Invalid arguments for tool ${tool.name}: ${describeIssues(parsed.error)}`);
        runArgs = parsed.data;
      }
      let answer = kept;
      if (!answer) {
        // Connect first, so the bridge's workspace is bound before the tool reads `context.workspace`.
        if (tool.usesDaemon !== false) await context.link.ready();
        answer = await tool.run(context, runArgs as never) as Answer<unknown>;
        if (!tool.readOnly && answer.records.length > 0) answerKey = keepWriteAnswer(answer);
      }
      const fitted = fitAnswer(answer, {
        tool: tool.name, args: runArgs, offset, maxTokens: maxTokens ?? defaultMaxTokens, firstGeneration, evidence, ...(answerKey ? { answerKey } : {}),
      });
      return { content: [{ type: 'text', text: fitted.text }], structuredContent: fitted.structured };
    } catch (error) {
      return toolError(error);
    }
  });
}

/** Zod's issues as one line: `Required at symbol; expected a JSON number at limit`. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.message}${issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''}`).join('; ');
}

/** The names of an object schema's required fields. */
function required(schema: z.ZodObject<z.ZodRawShape>): string[] {
  return Object.entries(schema.shape).filter(([, field]) => !field.isOptional()).map(([name]) => name);
}
