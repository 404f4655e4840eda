/**
 * Discovery tools: symbols_search, code_search_text, symbols_get_card, symbols_get_context,
 * symbols_get_definition_span, code_get_span. Thin views over symbols.search, code.searchText,
 * symbols.card, symbols.context, symbols.definition and code.span; each reads a workspace, or a
 * commit with `commit` (navigation-more.ts).
 */
import { z } from 'zod';
import {
  WIRE_SYMBOL_KINDS,
  type CodeSearchTextResult, type CodeSpanResult, type SymbolsCardResult, type SymbolsContextResult, type SymbolsDefinitionResult,
  type SymbolsSearchResult, type TextMatch, type WireSymbol,
} from '@repograph/protocol';
import { numbered, symbolLine } from '../render.js';
import { count, defineTool, flag, loose, single, symbolArg, workspaceArg } from '../tool-kit.js';
import { commitArg, resolveInScope, scopeOf } from './navigation-more.js';

const symbolShape = loose({ id: z.string(), kind: z.string(), name: z.string(), qualifiedName: z.string(), path: z.string() });
const read = { readOnly: true } as const;

export const symbolsSearch = defineTool({
  name: 'symbols_search',
  title: 'Find symbols by name',
  description: 'Ranked symbols (classes, functions, methods, types, variables...) whose name matches `query`: exact, then prefix, ' +
    'then word parts, then fuzzy. Use instead of grepping for a definition. Each line ends with the id other tools take.',
  input: {
    query: z.string().min(1).max(500).describe('A name or part of one (`parseConfig`, `Router.handle`, `handle`).'),
    kinds: z.array(z.enum(WIRE_SYMBOL_KINDS)).max(20).optional().describe('Only these kinds (e.g. ["class","interface"]).'),
    path: z.string().min(1).max(4000).optional().describe('Only symbols in this repository-relative file or folder.'),
    limit: count('At most this many symbols (default 20).', 200),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({ symbols: z.array(symbolShape) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await context.link.call<SymbolsSearchResult>('symbols.search', { ...args, ...scopeOf(context, args) }, read);
    return {
      meta: found.meta,
      head: found.symbols.length === 0 ? `No symbol matches ${JSON.stringify(args.query)}.` : `${found.symbols.length} symbols match ${JSON.stringify(args.query)}:`,
      records: found.symbols,
      renderRecord: symbolLine,
      build: (kept: WireSymbol[]) => ({ symbols: kept }),
      evidence: [],
      evidenceOf: (symbol: WireSymbol) => [symbol.path],
      noun: 'symbols',
    };
  },
});

export const codeSearchText = defineTool({
  name: 'code_search_text',
  title: 'Search the code\'s text',
  description: 'Lines of admitted source files that contain `pattern` (literal text, or a regular expression with regex: true), ' +
    'read from the indexed workspace, live. Use for strings, comments and config values; for definitions use symbols_search.',
  input: {
    pattern: z.string().min(1).max(1000),
    regex: flag('Treat `pattern` as a JavaScript regular expression (default false: literal text).'),
    path: z.string().min(1).max(4000).optional().describe('Only this repository-relative file or folder.'),
    limit: count('At most this many matches (default 100).', 1000),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({ matches: z.array(loose({ path: z.string(), line: z.number(), column: z.number(), excerpt: z.string() })), limitReached: z.boolean() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await context.link.call<CodeSearchTextResult>('code.searchText', { ...args, ...scopeOf(context, args) }, read);
    return {
      meta: found.meta,
      head: found.matches.length === 0 ? `No line contains ${JSON.stringify(args.pattern)}.` :
        `${found.matches.length}${found.truncated ? '+' : ''} matches of ${JSON.stringify(args.pattern)}${found.truncated ? ' (the limit cut them; narrow `path` or raise `limit`)' : ''}:`,
      records: found.matches,
      renderRecord: (match: TextMatch) => `${match.path}:${match.line}:${match.column}: ${match.excerpt}`,
      build: (kept: TextMatch[]) => ({ matches: kept, limitReached: found.truncated }),
      evidence: [],
      evidenceOf: (match: TextMatch) => [match.path],
      noun: 'matches',
    };
  },
});

export const symbolsGetCard = defineTool({
  name: 'symbols_get_card',
  title: 'A symbol\'s card',
  description: 'One symbol: kind, signature, parameters, where it is declared, doc, and how many callers, callees and references it has. ' +
    'The cheapest way to learn what a symbol is before reading it.',
  input: { symbol: symbolArg, workspace: workspaceArg, commit: commitArg },
  result: loose({ symbol: symbolShape, callers: z.number(), callees: z.number(), references: z.number() }),
  readOnly: true,
  pages: false,
  run: async (context, args) => {
    const id = await resolveInScope(context, args.symbol, args);
    const card = await context.link.call<SymbolsCardResult>('symbols.card', { id, ...scopeOf(context, args) }, read);
    const { meta, ...payload } = card;
    const doc = card.symbol.doc ? `\ndoc: ${card.symbol.doc.slice(0, 600)}` : '';
    const params = card.symbol.params?.length ? `\nparams: ${card.symbol.params.map((p) => `${p.name}${p.optional || p.hasDefault ? '?' : ''}${p.typeText ? `: ${p.typeText}` : ''}`).join(', ')}` : '';
    const text = `${symbolLine(card.symbol)}${params}${doc}\ncallers ${card.callers} · callees ${card.callees} · references ${card.references}` +
      (card.symbol.container ? `\ncontainer: ${card.symbol.container}` : '');
    return single(meta, text, payload, [card.symbol.path]);
  },
});

export const symbolsGetContext = defineTool({
  name: 'symbols_get_context',
  title: 'A symbol with its source and its callees\' source',
  description: 'A symbol\'s card, its source, and the source of its direct callees (bounded): what an agent needs to change a function ' +
    'without opening the files around it.',
  input: { symbol: symbolArg, maxCallees: count('At most this many callees with source (default the daemon\'s bound).', 50), workspace: workspaceArg, commit: commitArg },
  result: loose({ symbol: symbolShape, source: loose({ path: z.string(), text: z.string() }), calleeSources: z.array(z.unknown()) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const id = await resolveInScope(context, args.symbol, args);
    const found = await context.link.call<SymbolsContextResult>('symbols.context', { id, ...scopeOf(context, args), ...(args.maxCallees ? { maxCallees: args.maxCallees } : {}) }, read);
    const { meta, calleeSources, ...rest } = found;
    type Callee = SymbolsContextResult['calleeSources'][number];
    const head = [`${symbolLine(found.symbol)}`, `callers ${found.callers} · callees ${found.callees} · references ${found.references}`,
      ...numbered(found.source.text, found.source.startLine), found.source.truncated ? '… (source cut by the daemon\'s bound)' : '',
      calleeSources.length > 0 ? `callees (${calleeSources.length}):` : ''].filter(Boolean).join('\n');
    return {
      meta,
      head,
      records: calleeSources,
      renderRecord: (callee: Callee) => [`— ${symbolLine(callee.symbol)}`, ...numbered(callee.source.text, callee.source.startLine)].join('\n'),
      build: (kept: Callee[]) => ({ ...rest, calleeSources: kept }),
      evidence: [found.symbol.path],
      evidenceOf: (callee: Callee) => [callee.symbol.path],
      noun: 'callees',
    };
  },
});

export const symbolsGetDefinitionSpan = defineTool({
  name: 'symbols_get_definition_span',
  title: 'A symbol\'s source',
  description: 'The source text of one symbol\'s whole declaration, with line numbers: use instead of reading its file.',
  input: { symbol: symbolArg, workspace: workspaceArg, commit: commitArg },
  result: loose({ id: z.string(), path: z.string(), startLine: z.number(), endLine: z.number(), text: z.string() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const id = await resolveInScope(context, args.symbol, args);
    // symbols.definition answers the declaration's lines in one call (it used to take symbols.card, then code.span).
    const { meta, range, ...definition } = await context.link.call<SymbolsDefinitionResult>('symbols.definition', { id, ...scopeOf(context, args) }, read);
    const startLine = range.start.line;
    const span = { ...definition, startLine, endLine: startLine + Math.max(definition.text.split('\n').length - 1, 0), meta };
    return spanAnswer(span, `${definition.id} :${range.start.line}-${range.end.line}${definition.truncated ? ' (cut by the daemon\'s bound)' : ''}`, { id: definition.id, range });
  },
});

export const codeGetSpan = defineTool({
  name: 'code_get_span',
  title: 'Lines of a file',
  description: 'Lines startLine..endLine (1-based, inclusive) of a repository file as the workspace holds it, with line numbers.',
  input: {
    path: z.string().min(1).max(4000).describe('Repository-relative path.'),
    startLine: z.number({ invalid_type_error: 'expected a JSON number' }).int().min(1),
    endLine: z.number({ invalid_type_error: 'expected a JSON number' }).int().min(1),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({ path: z.string(), startLine: z.number(), endLine: z.number(), text: z.string() }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const span = await context.link.call<CodeSpanResult>('code.span', { ...args, ...scopeOf(context, args) }, read);
    return spanAnswer(span, `${span.path}:${span.startLine}-${span.endLine}${span.truncated ? ' (cut by the daemon\'s bound)' : ''}`, {});
  },
});

/** A span as records of numbered lines, so a long one pages by lines. */
function spanAnswer(span: CodeSpanResult, head: string, extra: Record<string, unknown>) {
  const { meta, ...source } = span;
  const lines = numbered(span.text, span.startLine);
  return {
    meta,
    head,
    records: lines,
    renderRecord: (line: string) => line,
    build: (kept: string[]) => {
      const first = kept.length > 0 ? Number(kept[0]!.slice(0, kept[0]!.indexOf('|'))) : span.startLine;
      return { ...extra, ...source, startLine: first, endLine: first + Math.max(kept.length - 1, 0), text: kept.map((line) => line.slice(line.indexOf('|') + 2)).join('\n') };
    },
    evidence: [span.path],
    noun: 'lines',
  };
}
