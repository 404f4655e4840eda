/**
 * repograph_guide: how to work with the tools, for an agent at the start of a session. The text
 * is the same as docs/AGENTS.md's decision table, kept short enough to read every session.
 */
import { z } from 'zod';
import { defineTool, single } from '../tool-kit.js';

export const GUIDE = `repograph: a live graph of this repository's symbols and calls (TypeScript/JavaScript, Python, Go).

Session start
1. index_status: is the index current, which commit, how many files; repo_summarize: what the repository is
   (languages, packages and entry points, endpoints, config keys, tables, most imported modules, tests).
2. Working in your own git worktree? Start the bridge there (repograph mcp --repo WORKTREE): its tools read that
   worktree's workspace, and other agents keep theirs. Or workspace_create {id, root} and pass workspace: id.
3. After edits made outside edit_apply, call workspace_refresh (or pass sync) before trusting answers.

Instead of ... use
- grep for a definition            -> symbols_search {query}
- opening a file to read a function -> symbols_get_definition_span {symbol} (or symbols_get_context: with its callees' source)
- grep for a name's uses            -> refs_find {symbol, kinds?} (knows which foo is which)
- "who calls this?"                 -> graph_callers {symbol, depth}
- "what does this call?"            -> graph_callees {symbol, depth}
- "who calls this through its interface or base method?" -> graph_callers {symbol, followInterface: true}
- "how does A reach B?"             -> graph_path {from, to}
- "what happens when POST /x arrives?" -> graph_trace_feature {entry: "POST /x"} (or a function: the call tree with
  each node's endpoints, config keys and tables)
- grep for routes, env reads, tables -> surfaces_list_endpoints / surfaces_list_config_keys / surfaces_list_db_tables
- a type's bases, interfaces, subtypes; a method's overrides -> types_hierarchy {symbol}
- a quick look at what a symbol is  -> symbols_get_card {symbol}
- grep for text, strings, config    -> code_search_text {pattern}
- reading lines around a site       -> code_get_span {path, startLine, endLine}
- writing a file                    -> edit_apply (returns the structural delta: broken callers, arity, duplicates)
- "did I break anything?"           -> check {base} (the delta of the workspace against a commit)
- reviewing a branch                -> review_compute {base, head}, then review_cohorts, review_blast_radius, review_verdict
- the code as a commit has it       -> pass commit: <sha or branch> instead of workspace to any read tool

Reading answers
- A symbol shows as its kind and id, <path>#<qualifiedName> (function src/a.ts#Class.method(x) :12-20): the id
  names its file, and every tool takes it as symbol (a name that names one symbol works too).
- Call sites show as @line:column in the caller's file (or @path:line:column elsewhere).
- confidence: exact (the binder proved it), typed (through a declared or inferred type), heuristic (by name: check it).
- semanticLevel: full (the language is bound), partial (some files failed to parse or bind), syntax (names only).
- truncated: true means records were left out; pass the answer's cursor to the same tool for the rest.
- The last line: gen (the graph version read) · workspace · semantic level · saved N of M tokens (the evidence
  files read whole, M, minus this answer).
- A missing caller is more likely an unresolved dynamic call than no caller: refs_find shows to: null sites by name.`;

export const guide = defineTool({
  name: 'repograph_guide',
  title: 'How to use repograph\'s tools',
  description: 'Call first in a session: which tool replaces which grep or file read, when to refresh, and what confidence, ' +
    'semanticLevel, truncated and tokensSaved mean.',
  input: {},
  result: z.object({ guide: z.string() }).passthrough(),
  readOnly: true,
  pages: false,
  usesDaemon: false,
  run: async () => single(null, GUIDE, { guide: GUIDE }),
});
