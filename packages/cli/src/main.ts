/**
 * The `repograph` command line: argument parsing, dispatch to one command, and the mapping of
 * errors to exit codes (0 ok, 1 findings, 2 usage or environment error). Owns no analysis.
 */
import { parseArgs } from 'node:util';
import { isRepographError } from '@repograph/core';
import { isRepographRequestError, refuseBlockingGitFiles } from '@repograph/client';
import { commandRunner } from './commands.js';

/** Parsed global options shared by every command. */
export interface CommandOptions {
  repo: string;
  json: boolean;
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

const USAGE = `Usage: repograph <command> [options]

Commands answered from the store (no daemon):
  index                      build or refresh the index of the repository; prints the BuildReport
  export --format jsonl      print the graph: symbols, then relations, one JSON object per line
  search QUERY               ranked symbols (--kinds class,function --path DIR --limit N)
  card ID|NAME               a symbol with counts of callers, callees and references
  callers ID|NAME            who calls the symbol (--depth N)
  callees ID|NAME            what the symbol calls (--depth N)
  refs ID|NAME               references to the symbol, with excerpts (--kinds calls,reads)

The daemon (one per repository; started on first use, stops after an idle timeout):
  serve                      run the repository's daemon in the foreground (--idle-timeout SECONDS,
                             0: never; --reconcile-interval SECONDS between full rescans, default
                             300, 0: never); Ctrl-C stops it
  call METHOD [JSON_PARAMS]  send any protocol method to the daemon (starting it when needed) and
                             print the JSON result, e.g. call symbols.search '{"query":"parse"}';
                             repo.export prints JSONL lines, its totals go to stderr
  ps                         the running daemons with their stats and workspaces (--json);
                             removes the records of daemons that died
  stop                       stop the repository's daemon (--all: every daemon)
  check --base REF           the structural delta of the worktree against a commit (--fail-on-found:
                             exit 1 on dangling callers, too_many/too_few, new duplicates or cycles)
  review --base REF [--head REF]
                             a pull request's review: changed files in cohorts, riskiest first,
                             with keys, impact, radius and tests; dependency changes; the verdict
                             and its axes (without --head: the worktree; --json: the whole
                             artifact; --gate: exit Ship 0, Hold 3, Block 4)
  mcp                        the MCP stdio bridge for one agent, on the repository's daemon
                             (--workspace ID: the workspace its tools read by default;
                             --max-tokens N: the answers' budget, default 4000;
                             --print-config: the JSON block an MCP client needs)
  watch [TOPIC]              print the daemon's events as they come (default graph.delta;
                             --workspace ID, --json for one JSON object per line)

Options:
  --repo DIR                 the repository (default: the git root above the current directory)
  --json                     machine-readable output
  -h, --help                 this text

Environment: REPOGRAPH_HOME is the data root (absolute; default ~/.repograph). Daemon sockets,
registries and logs live in $REPOGRAPH_HOME/run.
Exit codes: 0 ok, 1 findings, 2 usage or environment error (and an error from the daemon);
review --gate: 3 Hold, 4 Block.
`;

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        repo: { type: 'string' },
        json: { type: 'boolean', default: false },
        format: { type: 'string' },
        limit: { type: 'string' },
        kinds: { type: 'string' },
        path: { type: 'string' },
        depth: { type: 'string' },
        'idle-timeout': { type: 'string' },
        'reconcile-interval': { type: 'string' },
        all: { type: 'boolean', default: false },
        workspace: { type: 'string' },
        base: { type: 'string' },
        head: { type: 'string' },
        'fail-on-found': { type: 'boolean', default: false },
        gate: { type: 'boolean', default: false },
        'print-config': { type: 'boolean', default: false },
        'max-tokens': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`repograph: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...positionals] = parsed.positionals;
  if (parsed.values.help || !command) {
    (parsed.values.help ? process.stdout : process.stderr).write(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const options: CommandOptions = {
    repo: parsed.values.repo ?? process.cwd(),
    json: parsed.values.json ?? false,
    values: parsed.values,
    positionals,
  };
  try {
    const runner = commandRunner(command);
    // Every command but `ps` reaches the repository, where git would wait forever on a FIFO HEAD.
    if (runner && command !== 'ps') refuseBlockingGitFiles(options.repo);
    if (runner) return await runner(options);
    process.stderr.write(`repograph: unknown command '${command}'.\n\n${USAGE}`);
    return 2;
  } catch (error) {
    return reportError(error, options.json);
  }
}

/** Prints an error for a person (or as JSON) and returns exit code 2. */
export function reportError(error: unknown, json: boolean): number {
  if (isRepographError(error)) {
    if (json) process.stderr.write(`${JSON.stringify({ error: { code: error.code, message: error.message, data: error.data } })}\n`);
    else process.stderr.write(`repograph: ${error.message}\n`);
    return 2;
  }
  if (isRepographRequestError(error)) {
    if (json) process.stderr.write(`${JSON.stringify({ error: { code: error.data.code, number: error.code, message: error.message, data: error.data } })}\n`);
    else process.stderr.write(`repograph: ${error.message} (${error.data.code})\n`);
    return 2;
  }
  process.stderr.write(`repograph: ${(error as Error)?.stack ?? String(error)}\n`);
  return 2;
}
