/**
 * symbols_file_outline: a file's declarations in source order, one line each (kind, qualified
 * name, lines, signature), over symbols.outline. What an agent asks instead of reading a file to
 * learn what it defines or exports.
 */
import { z } from 'zod';
import type { OutlineEntry, SymbolsOutlineResult } from '@repograph/protocol';
import { count, defineTool, flag, loose, workspaceArg } from '../tool-kit.js';
import { commitArg, scopeOf } from './navigation-more.js';

const read = { readOnly: true } as const;

/** `kind qualifiedName :line-endLine signature`, with ` (exported)` where the file exports it. */
function outlineLine(entry: OutlineEntry): string {
  const lines = entry.endLine > entry.line ? `${entry.line}-${entry.endLine}` : `${entry.line}`;
  const signature = entry.signature !== undefined && entry.signature !== entry.name ? ` ${entry.signature}` : '';
  return `${entry.kind} ${entry.qualifiedName} :${lines}${entry.exported ? ' exported' : ''}${signature}`;
}

export const symbolsFileOutline = defineTool({
  name: 'symbols_file_outline',
  title: 'A file\'s outline',
  description: 'The declarations of one file in source order (classes, functions, methods, types, variables), one line each with ' +
    'its lines and signature. exportedOnly: true lists only what the file exports (top level). Use instead of ' +
    'reading a file to learn what it defines; ids are `<path>#<qualified name>`.',
  input: {
    path: z.string().min(1).max(4000).describe('Repository-relative path of an indexed file.'),
    exportedOnly: flag('Only what the file exports, top level (default false: everything, members too).'),
    limit: count('At most this many declarations (default 200).', 2000),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({ path: z.string(), symbols: z.array(loose({ id: z.string(), kind: z.string(), qualifiedName: z.string(), line: z.number() })), total: z.number() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const outline = await context.link.call<SymbolsOutlineResult>('symbols.outline', { ...args, ...scopeOf(context, args) }, read);
    const what = args.exportedOnly === true ? 'exports' : 'declares';
    const cut = outline.truncated ? ` (the first ${outline.symbols.length} of ${outline.total}; raise \`limit\`)` : '';
    return {
      meta: outline.meta,
      head: outline.symbols.length === 0 ? `${outline.path} ${what} nothing the index publishes.` : `${outline.path} ${what} ${outline.total}${cut}:`,
      records: outline.symbols,
      renderRecord: outlineLine,
      build: (kept: OutlineEntry[]) => ({ path: outline.path, symbols: kept, total: outline.total }),
      evidence: [outline.path],
      evidenceOf: () => [],
      noun: 'declarations',
    };
  },
});
