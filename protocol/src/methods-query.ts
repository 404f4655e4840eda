/**
 * Queries over one workspace's graph and text: `symbols.search`, `symbols.card`,
 * `symbols.context`, `code.span`, `code.searchText`, `refs.find`, `graph.callers`,
 * `graph.callees`. Each takes ReadScope (`workspace?`, `sync?`, or `commit?` instead of the
 * workspace: that commit's baseline, `meta.workspace` then `commit:<sha>`).
 */
import { RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type {
  CallTreeNode, ReadScope, ReferenceHit, SourceText, SymbolCard, WireRelationKind, WireSymbol, WireSymbolKind, WithMeta,
} from './shapes.js';

export interface SymbolsSearchParams extends ReadScope {
  query: string;
  kinds?: WireSymbolKind[];
  /** A repository-relative file or folder the symbols must lie in. */
  path?: string;
  /** Default 20. */
  limit?: number;
}

/** Ranked best first: exact > prefix > word/camel parts > fuzzy; generated after hand-written. */
export interface SymbolsSearchPayload {
  symbols: WireSymbol[];
}
export type SymbolsSearchResult = WithMeta<SymbolsSearchPayload>;

export const SymbolsSearchMethod = 'symbols.search';
export const SymbolsSearchRequest = new RequestType<SymbolsSearchParams, SymbolsSearchResult, ErrorData>(SymbolsSearchMethod);

export interface SymbolIdParams extends ReadScope {
  /** A symbol id such as `src/a.ts#Foo.bar`. */
  id: string;
}

export type SymbolsCardParams = SymbolIdParams;
export type SymbolsCardResult = WithMeta<SymbolCard>;

export const SymbolsCardMethod = 'symbols.card';
export const SymbolsCardRequest = new RequestType<SymbolsCardParams, SymbolsCardResult, ErrorData>(SymbolsCardMethod);

export interface SymbolsContextParams extends SymbolIdParams {
  /** At most this many direct callees get their source (the server bounds it too). */
  maxCallees?: number;
}

export interface SymbolsContextPayload extends SymbolCard {
  source: SourceText;
  /** Direct callees with their source, bounded (`callees` is the card's count). */
  calleeSources: Array<{ symbol: WireSymbol; source: SourceText }>;
  /** True when callees or source lines were left out to stay within the bound. */
  truncated: boolean;
}
export type SymbolsContextResult = WithMeta<SymbolsContextPayload>;

export const SymbolsContextMethod = 'symbols.context';
export const SymbolsContextRequest = new RequestType<SymbolsContextParams, SymbolsContextResult, ErrorData>(SymbolsContextMethod);

export interface CodeSpanParams extends ReadScope {
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  /** 1-based, inclusive. */
  endLine: number;
}
export type CodeSpanResult = WithMeta<SourceText>;

export const CodeSpanMethod = 'code.span';
export const CodeSpanRequest = new RequestType<CodeSpanParams, CodeSpanResult, ErrorData>(CodeSpanMethod);

export interface CodeSearchTextParams extends ReadScope {
  pattern: string;
  /** Default false: `pattern` is literal text. */
  regex?: boolean;
  /** A repository-relative file or folder to search in. */
  path?: string;
  limit?: number;
}

export interface TextMatch {
  path: string;
  line: number;
  column: number;
  /** The matching line, trimmed and bounded. */
  excerpt: string;
}

export interface CodeSearchTextPayload {
  matches: TextMatch[];
  /** True when the limit cut the matches. */
  truncated: boolean;
}
export type CodeSearchTextResult = WithMeta<CodeSearchTextPayload>;

export const CodeSearchTextMethod = 'code.searchText';
export const CodeSearchTextRequest = new RequestType<CodeSearchTextParams, CodeSearchTextResult, ErrorData>(CodeSearchTextMethod);

export interface RefsFindParams extends SymbolIdParams {
  /** Default: every kind but `contains`. */
  kinds?: WireRelationKind[];
}

export interface RefsFindPayload {
  symbol: WireSymbol;
  references: ReferenceHit[];
}
export type RefsFindResult = WithMeta<RefsFindPayload>;

export const RefsFindMethod = 'refs.find';
export const RefsFindRequest = new RequestType<RefsFindParams, RefsFindResult, ErrorData>(RefsFindMethod);

export interface CallTreeParams extends SymbolIdParams {
  /** Default 1; the server caps it. */
  depth?: number;
}

export interface GraphCallersPayload {
  root: WireSymbol;
  callers: CallTreeNode[];
}
export type GraphCallersResult = WithMeta<GraphCallersPayload>;

export const GraphCallersMethod = 'graph.callers';
export interface GraphCallersParams extends CallTreeParams {
  /**
   * Also the callers of the interface and base methods the symbol (a method) implements or
   * overrides, up its type's hierarchy (as `types.hierarchy` finds them by name), at every level
   * of the tree; each such node carries `via` (that method's id), and a caller reaching the
   * symbol both ways is listed once, as a direct caller. Default false. @since 0.4.2
   */
  followInterface?: boolean;
}

export const GraphCallersRequest = new RequestType<GraphCallersParams, GraphCallersResult, ErrorData>(GraphCallersMethod);

export interface GraphCalleesPayload {
  root: WireSymbol;
  callees: CallTreeNode[];
}
export type GraphCalleesResult = WithMeta<GraphCalleesPayload>;

export const GraphCalleesMethod = 'graph.callees';
export const GraphCalleesRequest = new RequestType<CallTreeParams, GraphCalleesResult, ErrorData>(GraphCalleesMethod);
