/**
 * Which module runs each command, loaded only when that command runs: `repograph index` never
 * loads the MCP bridge (its SDK, zod and gpt-tokenizer's o200k table) and `repograph mcp` never
 * loads the engine. Owns the dispatch table only; the commands own their behaviour.
 */
import type { CommandOptions } from './main.js';
import { tuneJitForOneShotIndex } from './one-shot-jit.js';

/** Runs one command; resolves to its exit code. */
export type CommandRunner = (options: CommandOptions) => Promise<number>;

/** The query shortcuts, answered by query-commands.ts. */
export const QUERY_COMMANDS = ['search', 'card', 'callers', 'callees', 'refs'] as const;

/** A query shortcut's name. */
export type QueryCommand = (typeof QUERY_COMMANDS)[number];

const COMMANDS: Record<string, CommandRunner> = {
  index: async (options) => {
    tuneJitForOneShotIndex();
    return (await import('./index-command.js')).runIndexCommand(options);
  },
  export: async (options) => (await import('./export-command.js')).runExport(options),
  serve: async (options) => (await import('./serve-command.js')).runServe(options),
  call: async (options) => (await import('./call-command.js')).runCall(options),
  ps: async (options) => (await import('./ps-command.js')).runPs(options),
  stop: async (options) => (await import('./stop-command.js')).runStop(options),
  watch: async (options) => (await import('./watch-command.js')).runWatch(options),
  check: async (options) => (await import('./check-command.js')).runCheck(options),
  review: async (options) => (await import('./review-command.js')).runReview(options),
  mcp: async (options) => (await import('./mcp-command.js')).runMcp(options),
  ...Object.fromEntries(QUERY_COMMANDS.map((command): [string, CommandRunner] => [
    command,
    async (options) => (await import('./query-commands.js')).runQueryCommand(command, options),
  ])),
};

/** The runner of `command`, or null when there is no such command. */
export function commandRunner(command: string): CommandRunner | null {
  return Object.hasOwn(COMMANDS, command) ? COMMANDS[command]! : null;
}
