/**
 * Turning the `symbol` an agent gives into a symbol id: an id passes as it is (the daemon says
 * SymbolNotFound when it names nothing); a name is looked up with symbols.search and must name
 * exactly one symbol by name or qualified name, else the error lists the candidates' ids.
 */
import type { SymbolsSearchResult, WireSymbol } from '@repograph/protocol';
import type { ToolContext } from './tool-kit.js';
import { ToolUsageError } from './tool-errors.js';

export async function resolveSymbol(context: ToolContext, symbol: string, workspace: string): Promise<string> {
  if (symbol.includes('#')) return symbol;
  // `Class.method`: search by the last part, then keep the qualified names that end with the whole.
  const last = symbol.slice(symbol.lastIndexOf('.') + 1) || symbol;
  const found = await context.link.call<SymbolsSearchResult>('symbols.search', { query: last, limit: 200, workspace }, { readOnly: true });
  const exact = found.symbols.filter((candidate) => candidate.qualifiedName === symbol ||
    (symbol.includes('.') && candidate.qualifiedName.endsWith(`.${symbol}`)));
  const byName = exact.length > 0 ? exact : found.symbols.filter((candidate) => candidate.name === symbol);
  const primary = preferDefinitions(byName);
  if (primary.length === 1) return primary[0]!.id;
  if (primary.length === 0) {
    const near = found.symbols.slice(0, 5).map((candidate) => candidate.id);
    throw new ToolUsageError('SymbolNotFound',
      `No symbol is named ${JSON.stringify(symbol)} in workspace ${workspace}.` +
      (near.length > 0 ? ` Near matches: ${near.join(', ')}. Pass one of these ids.` : ' Search with symbols_search, then pass an id from its answer.'),
      { symbol, candidates: near });
  }
  throw new ToolUsageError('AmbiguousSymbol',
    `${primary.length} symbols are named ${JSON.stringify(symbol)}: ${primary.slice(0, 10).map((candidate) => candidate.id).join(', ')}${primary.length > 10 ? ', ...' : ''}. Pass the id of the one you mean.`,
    { symbol, candidates: primary.slice(0, 20).map((candidate) => candidate.id) });
}

/** Declarations over locals: a name that is one class and ten parameters means the class. */
function preferDefinitions(symbols: WireSymbol[]): WireSymbol[] {
  const declarations = symbols.filter((symbol) => symbol.kind !== 'parameter' && symbol.kind !== 'variable' && symbol.kind !== 'file');
  return declarations.length > 0 ? declarations : symbols;
}
