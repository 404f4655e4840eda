/**
 * `repograph search|card|callers|callees|refs`: human shortcuts over the query API, answering
 * from the store (they move behind the daemon later). A symbol may be given by id or, when it
 * is unique, by name.
 */
import { RELATION_KINDS, RepographError, SYMBOL_KINDS, type RelationKind, type SymbolKind, type SymbolRecord } from '@repograph/core';
import { openRepository, type CallTreeNode, type QuerySession } from '@repograph/engine';
import type { CommandOptions } from './main.js';

export const QUERY_COMMANDS = ['search', 'card', 'callers', 'callees', 'refs'] as const;
type QueryCommand = (typeof QUERY_COMMANDS)[number];

export async function runQueryCommand(command: QueryCommand, options: CommandOptions): Promise<number> {
  const argument = options.positionals.join(' ').trim();
  if (argument === '') {
    throw new RepographError('UsageError', `repograph ${command} needs ${command === 'search' ? 'a QUERY' : 'a symbol id or name'}.`);
  }
  const repository = await openRepository({ repoRoot: options.repo });
  let session: QuerySession | null = null;
  try {
    session = repository.query();
    const output = answer(command, argument, session, options);
    process.stdout.write(options.json ? `${JSON.stringify(output.json, null, 2)}\n` : output.text);
    return 0;
  } finally {
    session?.close();
    await repository.close();
  }
}

function answer(command: QueryCommand, argument: string, session: QuerySession, options: CommandOptions): { json: unknown; text: string } {
  const { values } = options;
  switch (command) {
    case 'search': {
      const result = session.search({
        query: argument,
        ...(values.kinds ? { kinds: parseList(String(values.kinds), SYMBOL_KINDS, '--kinds') as SymbolKind[] } : {}),
        ...(values.path ? { path: String(values.path) } : {}),
        limit: parseCount(values.limit, 20, '--limit'),
      });
      const text = result.symbols.length === 0 ? `no symbol matches '${argument}'\n` : result.symbols.map(symbolLine).join('\n') + '\n';
      return { json: result, text };
    }
    case 'card': {
      const symbol = session.resolveSymbol(argument);
      const card = session.card({ id: symbol.id });
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
      const symbol = session.resolveSymbol(argument);
      const depth = parseCount(values.depth, 1, '--depth');
      const result = command === 'callers' ? session.callers({ id: symbol.id, depth }) : session.callees({ id: symbol.id, depth });
      const nodes = 'callers' in result ? result.callers : result.callees;
      const text = nodes.length === 0 ? `${symbol.id}: no ${command}\n` : `${symbol.id}\n${treeText(nodes, '  ')}`;
      return { json: result, text };
    }
    case 'refs': {
      const symbol = session.resolveSymbol(argument);
      const result = session.refs({
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
