/**
 * Navigation tools: refs_find, graph_callers, graph_callees. Thin views over refs.find,
 * graph.callers and graph.callees: each reference or tree node carries its site and confidence,
 * so the agent can go straight to the line. Each reads a workspace, or a commit with `commit`
 * (navigation-more.ts); graph_callers follows interfaces and base methods with `followInterface`.
 */
import { z } from 'zod';
import { WIRE_RELATION_KINDS, type CallTreeNode, type GraphCalleesResult, type GraphCallersResult, type ReferenceHit, type RefsFindResult } from '@repograph/protocol';
import { siteText, symbolLine, treePaths } from '../render.js';
import { count, defineTool, flag, loose, symbolArg, workspaceArg } from '../tool-kit.js';
import { commitArg, resolveInScope, scopeOf, treeLinesWithVia } from './navigation-more.js';

const read = { readOnly: true } as const;
const nodeShape = loose({ symbol: loose({ id: z.string(), path: z.string() }), sites: z.array(z.unknown()), children: z.array(z.unknown()) });

export const refsFind = defineTool({
  name: 'refs_find',
  title: 'References to a symbol',
  description: 'Every relation into a symbol (calls, instantiates, reads, writes, extends, implements, imports, references...), ' +
    'each with its site, confidence and the source line. Use instead of grepping for a name: it knows which `foo` is which.',
  input: {
    symbol: symbolArg,
    kinds: z.array(z.enum(WIRE_RELATION_KINDS)).max(12).optional().describe('Only these relation kinds (default all but `contains`).'),
    workspace: workspaceArg,
    commit: commitArg,
  },
  result: loose({ symbol: loose({ id: z.string() }), references: z.array(z.unknown()) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const id = await resolveInScope(context, args.symbol, args);
    const found = await context.link.call<RefsFindResult>('refs.find', { id, ...scopeOf(context, args), ...(args.kinds ? { kinds: args.kinds } : {}) }, read);
    return {
      meta: found.meta,
      head: `${found.references.length} references to ${symbolLine(found.symbol)}`,
      records: found.references,
      renderRecord: (hit: ReferenceHit) => `${hit.relation.kind} from ${hit.relation.from} at ${siteText(hit.relation.site)}` +
        `${hit.relation.confidence === 'exact' ? '' : ` (${hit.relation.confidence})`}: ${hit.excerpt}`,
      build: (kept: ReferenceHit[]) => ({ symbol: found.symbol, references: kept }),
      evidence: [found.symbol.path],
      evidenceOf: (hit: ReferenceHit) => [hit.relation.site.path],
      noun: 'references',
    };
  },
});

function callTree(direction: 'callers' | 'callees') {
  const method = direction === 'callers' ? 'graph.callers' : 'graph.callees';
  return defineTool({
    name: `graph_${direction}`,
    title: direction === 'callers' ? 'Who calls a symbol' : 'What a symbol calls',
    description: direction === 'callers'
      ? 'The functions and methods that call a symbol, as a tree to `depth` levels (callers of callers), each with its call sites. ' +
        'Resolved by the binder (confidence exact or typed), never by name alone: use before changing a signature.'
      : 'The functions and methods a symbol calls, as a tree to `depth` levels, each with its call sites in the caller.',
    input: {
      symbol: symbolArg, depth: count('Levels of the tree (default 1; the daemon caps it).', 10), workspace: workspaceArg, commit: commitArg,
      ...(direction === 'callers' ? {
        followInterface: flag('Also the callers of the interface or base methods this method implements or overrides (each marked via that method). Default false.'),
      } : {}),
    },
    result: loose({ root: loose({ id: z.string() }), [direction]: z.array(nodeShape) }),
    readOnly: true,
    pages: true,
    run: async (context, args) => {
      const id = await resolveInScope(context, args.symbol, args);
      const followInterface = (args as { followInterface?: boolean }).followInterface;
      const found = await context.link.call<GraphCallersResult & GraphCalleesResult>(method, {
        id, ...scopeOf(context, args), ...(args.depth ? { depth: args.depth } : {}), ...(followInterface ? { followInterface } : {}),
      }, read);
      const nodes: CallTreeNode[] = direction === 'callers' ? found.callers : found.callees;
      return {
        meta: found.meta,
        head: `${nodes.length} direct ${direction} of ${symbolLine(found.root)}${nodes.length === 0 ? ' (none resolved)' : ':'}`,
        records: nodes,
        renderRecord: (node: CallTreeNode) => treeLinesWithVia(node),
        build: (kept: CallTreeNode[]) => ({ root: found.root, [direction]: kept }),
        evidence: [found.root.path],
        evidenceOf: treePaths,
        noun: `${direction} (top level)`,
      };
    },
  });
}

export const graphCallers = callTree('callers');
export const graphCallees = callTree('callees');
