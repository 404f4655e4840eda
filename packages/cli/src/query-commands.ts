/**
 * `repograph search|card|callers|callees|refs`: human shortcuts over the query methods. They ask
 * the repository's daemon when one is running (its live graph) and read the store otherwise; the
 * output is the same either way. A symbol may be given by id or, when it is unique, by name.
 */
import { RELATION_KINDS, RepographError, SYMBOL_KINDS, type RelationKind, type SymbolKind, type SymbolRecord } from '@repograph/core';
import { openRepository, soleMatch, type CallTreeNode } from '@repograph/engine';
import type { RepographClient } from '@repograph/client';
import type { QueryCommand } from './commands.js';
import { runningDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

/** The query methods the shortcuts use, answered by a store session or by the daemon. */
interface QuerySource {
  resolveSymbol(idOrName: string): Promise<SymbolRecord>;
  search(params: { query: string; kinds?: SymbolKind[]; path?: string; limit?: number }): Promise<{ symbols: SymbolRecord[] }>;
  card(params: { id: string }): Promise<{ symbol: SymbolRecord; callers: number; callees: number; references: number }>;
  callers(params: { id: string; depth: number }): Promise<{ callers: CallTreeNode[] }>;
  callees(params: { id: string; depth: number }): Promise<{ callees: CallTreeNode[] }>;
  refs(params: { id: string; kinds?: RelationKind[] }): Promise<{ references: Array<{ relation: { kind: string; site: { path: string; line: number; column: number } }; excerpt: string }> }>;
}


export async function runQueryCommand(command: QueryCommand, options: CommandOptions): Promise<number> {
  const argument = options.positionals.join(' ').trim();
  if (argument === '') {
    throw new RepographError('UsageError', `repograph ${command} needs ${command === 'search' ? 'a QUERY' : 'a symbol id or name'}.`);
  }
  const client = await runningDaemon(options.repo);
  if (client) {
    try {
      return print(await answer(command, argument, daemonSource(client), options), options);
    } finally {
      client.close();
    }
  }
  const repository = await openRepository({ repoRoot: options.repo });
  const session = (() => { try { return repository.query(); } catch (error) { void repository.close(); throw error; } })();
  try {
    const source: QuerySource = {
      resolveSymbol: async (idOrName) => session.resolveSymbol(idOrName),
      search: async (params) => session.search(params),
      card: async (params) => session.card(params),
      callers: async (params) => session.callers(params),
      callees: async (params) => session.callees(params),
      refs: async (params) => session.refs(params),
    };
    return print(await answer(command, argument, source, options), options);
  } finally {
    session.close();
    await repository.close();
  }
}

function print(output: { json: unknown; text: string }, options: CommandOptions): number {
  process.stdout.write(options.json ? `${JSON.stringify(output.json, null, 2)}\n` : output.text);
  return 0;
}

/** The same questions asked of the daemon (a name is resolved through symbols.search). */
function daemonSource(client: RepographClient): QuerySource {
  const ask = <T>(method: string, params: object): Promise<T> => client.requestByName(method, params) as Promise<T>;
  return {
    async resolveSymbol(idOrName) {
      try {
        return (await ask<{ symbol: SymbolRecord }>('symbols.card', { id: idOrName })).symbol;
      } catch (error) {
        if ((error as { data?: { code?: string } }).data?.code !== 'SymbolNotFound') throw error;
      }
      const name = idOrName.slice(idOrName.lastIndexOf('.') + 1);
      const found = (await ask<{ symbols: SymbolRecord[] }>('symbols.search', { query: name, limit: 200 })).symbols
        .filter((s) => (s.name === idOrName || s.qualifiedName === idOrName) && s.kind !== 'parameter');
      const sole = soleMatch(found);
      if (sole) return sole;
      throw new RepographError('SymbolNotFound', found.length > 1
        ? `'${idOrName}' names ${found.length} symbols; give one id: ${found.slice(0, 8).map((m) => m.id).join(', ')}${found.length > 8 ? ', ...' : ''}`
        : `No symbol with id or name '${idOrName}'; find ids with \`repograph search NAME\`.`, { id: idOrName });
    },
    search: (params) => ask('symbols.search', params),
    card: (params) => ask('symbols.card', params),
    callers: (params) => ask('graph.callers', params),
    callees: (params) => ask('graph.callees', params),
    refs: (params) => ask('refs.find', params),
  };
}

async function answer(command: QueryCommand, argument: string, session: QuerySource, options: CommandOptions): Promise<{ json: unknown; text: string }> {
  const { values } = options;
  switch (command) {
    case 'search': {
      const result = await session.search({
        query: argument,
        ...(values.kinds ? { kinds: parseList(String(values.kinds), SYMBOL_KINDS, '--kinds') as SymbolKind[] } : {}),
        ...(values.path ? { path: String(values.path) } : {}),
        limit: parseCount(values.limit, 20, '--limit'),
      });
      const text = result.symbols.length === 0 ? `no symbol matches '${argument}'\n` : result.symbols.map(symbolLine).join('\n') + '\n';
      return { json: result, text };
    }
    case 'card': {
      const symbol = await session.resolveSymbol(argument);
      const card = await session.card({ id: symbol.id });
      const lines = [
        symbolLine(card.symbol),
        card.symbol.signature ? `  ${card.symbol.signature}` : '',
        card.symbol.doc ? `  ${card.symbol.doc.split('\n').join('\n  ')}` : '',
        `  callers ${card.callers}, callees ${card.callees}, references ${card.references}`,
      ].filter(Boolean);
      return { json: card, text: `${lines.join('\n')}\n` };
    }
    case 'callers':
    case 'callees': {
      const symbol = await session.resolveSymbol(argument);
      const depth = parseCount(values.depth, 1, '--depth');
      const result = command === 'callers' ? await session.callers({ id: symbol.id, depth }) : await session.callees({ id: symbol.id, depth });
      const nodes = 'callers' in result ? result.callers : result.callees;
      const text = nodes.length === 0 ? `${symbol.id}: no ${command}\n` : `${symbol.id}\n${treeText(nodes, '  ')}`;
      return { json: result, text };
    }
    case 'refs': {
      const symbol = await session.resolveSymbol(argument);
      const result = await session.refs({
        id: symbol.id,
        ...(values.kinds ? { kinds: parseList(String(values.kinds), RELATION_KINDS, '--kinds') as RelationKind[] } : {}),
      });
      const text = result.references.length === 0
        ? `${symbol.id}: no references\n`
        : result.references.map((r) => `${r.relation.site.path}:${r.relation.site.line}:${r.relation.site.column} ${r.relation.kind} ${r.excerpt}`).join('\n') + '\n';
      return { json: result, text };
    }
  }
}

function symbolLine(symbol: SymbolRecord): string {
  return `${symbol.kind.padEnd(11)} ${symbol.id}  ${symbol.path}:${symbol.selection.start.line}:${symbol.selection.start.column}`;
}

function treeText(nodes: CallTreeNode[], indent: string): string {
  let text = '';
  for (const node of nodes) {
    const sites = node.sites.map((s) => `${s.path}:${s.line}:${s.column}${s.confidence === 'exact' ? '' : ` (${s.confidence})`}`).join(', ');
    text += `${indent}${node.symbol.id}  at ${sites}\n`;
    if (node.children.length > 0) text += treeText(node.children, `${indent}  `);
  }
  return text;
}

function parseCount(value: string | boolean | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new RepographError('UsageError', `${flag} takes a positive whole number, not '${String(value)}'.`);
  return number;
}

function parseList(value: string, allowed: readonly string[], flag: string): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    if (!allowed.includes(item)) throw new RepographError('UsageError', `${flag}: '${item}' is not one of ${allowed.join(', ')}.`);
  }
  return items;
}
