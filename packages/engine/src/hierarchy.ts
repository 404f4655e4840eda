/**
 * Type hierarchies over one snapshot (`types.hierarchy`, and `graph.callers` with
 * `followInterface`): from a class, interface or struct, its bases (the `extends` edges, nearest
 * first), the interfaces it implements (its own `implements` edges, its bases', and what those
 * interfaces extend) and every type deriving from it (reverse `extends`/`implements`, with
 * depth); from a method, the methods of the same name in the types above its own (the ones it
 * overrides or implements) and below it (the ones overriding it). Only edges the binder drew are
 * followed: a base it could not resolve is listed by name under `unresolved`, never guessed.
 * Walks are breadth first, bounded by the `queries` depth and results budgets (a cut says
 * `truncated`), and charge the relations they read as query work. Owns these walks.
 */
import { RepographError, type Confidence, type RelationRecord, type Site, type SymbolKind, type SymbolRecord } from '@repograph/core';
import type { SnapshotReader } from '@repograph/store';
import type { QueryMeter } from './query-budget.js';

/** Kinds a hierarchy is asked of as a type. */
export const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'trait', 'enum', 'union']);
/** Kinds that override by name inside a type. */
const METHOD_KINDS: ReadonlySet<SymbolKind> = new Set(['method']);

export type HierarchyRelation = 'extends' | 'implements';

/** A type reached from the subject through extends/implements edges. */
export interface HierarchyType {
  symbol: SymbolRecord;
  /** Edges between it and the subject (1: a direct base, interface or subtype). */
  depth: number;
  /** The kind of the edge that reached it. */
  relation: HierarchyRelation;
  /** The type on the subject's side of that edge (the subject itself at depth 1). */
  through: string;
  /** Where the edge is declared (the heritage clause, the base list, the embedded field). */
  site: Site & { confidence: Confidence };
}

/** A method of a type above or below the subject method's type, with the subject's name. */
export interface HierarchyMethod {
  symbol: SymbolRecord;
  /** The type declaring it. */
  owner: string;
  /** The owner's distance from the subject's type, and the kind of the edge that reached the owner. */
  depth: number;
  relation: HierarchyRelation;
}

/** A base or interface the binder kept unresolved (`to: null`), by name. */
export interface UnresolvedBase {
  name: string;
  relation: HierarchyRelation;
  /** The type whose clause names it. */
  from: string;
  site: Site;
}

export interface TypeHierarchy {
  symbol: SymbolRecord;
  subject: 'type' | 'method';
  /** The subject itself (a type), or the method's container type; null for a method that belongs to no type. */
  type: SymbolRecord | null;
  bases: HierarchyType[];
  interfaces: HierarchyType[];
  derived: HierarchyType[];
  overrides: HierarchyMethod[];
  overriddenBy: HierarchyMethod[];
  unresolved: UnresolvedBase[];
  truncated: boolean;
  notes: string[];
}

/** The limits of one walk: the `queries` depth and results budgets. */
export interface HierarchyLimits {
  depth: number;
  results: number;
}

/** One walk direction's result: every type reached in breadth-first order, and whether a bound cut it. */
interface Reached {
  types: HierarchyType[];
  unresolved: UnresolvedBase[];
  truncated: boolean;
}

/** The walks of one query: the snapshot, its meter, and the members of each file it looked at. */
export class HierarchyWalk {
  private readonly members = new Map<string, SymbolRecord[]>();

  constructor(private readonly reader: SnapshotReader, private readonly meter: QueryMeter, private readonly limits: HierarchyLimits) {}

  /** The hierarchy of a type or a method (InvalidParams naming `id` for any other kind of symbol). */
  hierarchy(symbol: SymbolRecord): TypeHierarchy {
    const language = this.reader.file(symbol.path)?.language ?? null;
    if (TYPE_KINDS.has(symbol.kind)) {
      const up = this.up(symbol);
      const down = this.down(symbol);
      return {
        symbol, subject: 'type', type: symbol,
        bases: up.types.filter((entry) => !this.viaInterface(entry, up.types)),
        interfaces: up.types.filter((entry) => this.viaInterface(entry, up.types)),
        derived: down.types, overrides: [], overriddenBy: [], unresolved: up.unresolved,
        truncated: up.truncated || down.truncated, notes: typeNotes(language),
      };
    }
    if (!METHOD_KINDS.has(symbol.kind)) {
      throw new RepographError('InvalidParams',
        `id: ${symbol.id} is a ${symbol.kind}; types.hierarchy takes a class, interface, struct or trait, or a method of one.`, { field: 'id', kind: symbol.kind });
    }
    const owner = this.ownerOf(symbol);
    if (!owner) {
      return {
        symbol, subject: 'method', type: null, bases: [], interfaces: [], derived: [], overrides: [], overriddenBy: [], unresolved: [],
        truncated: false, notes: methodNotes(language, symbol),
      };
    }
    const up = this.up(owner);
    const down = this.down(owner);
    return {
      symbol, subject: 'method', type: owner, bases: [], interfaces: [], derived: [],
      overrides: this.namesake(up.types, symbol.name), overriddenBy: this.namesake(down.types, symbol.name), unresolved: up.unresolved,
      truncated: up.truncated || down.truncated, notes: language === 'go' ? methodNotes(language, symbol) : [],
    };
  }

  /** The methods `method` overrides or implements, nearest type first (empty for a method of no type). */
  overridden(method: SymbolRecord): HierarchyMethod[] {
    if (!METHOD_KINDS.has(method.kind)) return [];
    const owner = this.ownerOf(method);
    return owner ? this.namesake(this.up(owner).types, method.name) : [];
  }

  /** The method's container when it is a type. */
  private ownerOf(method: SymbolRecord): SymbolRecord | null {
    if (method.container === undefined) return null;
    const container = this.reader.getSymbol(method.container);
    return container && TYPE_KINDS.has(container.kind) ? container : null;
  }

  /** True when the entry was reached through an `implements` edge somewhere on its way up. */
  private viaInterface(entry: HierarchyType, all: readonly HierarchyType[]): boolean {
    for (let current: HierarchyType | undefined = entry; current; current = all.find((each) => each.symbol.id === current!.through)) {
      if (current.relation === 'implements') return true;
    }
    return false;
  }

  /** Bases and interfaces, breadth first (extends and implements edges from the type and from each type reached). */
  private up(type: SymbolRecord): Reached {
    return this.walk(type, (id) => this.reader.relationsFrom(id), (relation) => relation.to);
  }

  /** Types deriving from the type, breadth first (extends and implements edges into it and into each type reached). */
  private down(type: SymbolRecord): Reached {
    return this.walk(type, (id) => this.reader.relationsTo(id), (relation) => relation.from);
  }

  private walk(start: SymbolRecord, edges: (id: string) => RelationRecord[], far: (relation: RelationRecord) => string | null): Reached {
    const reached: Reached = { types: [], unresolved: [], truncated: false };
    const seen = new Set([start.id]);
    let frontier = [start.id];
    for (let depth = 1; frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const id of frontier) {
        const relations = edges(id).filter((relation) => relation.kind === 'extends' || relation.kind === 'implements');
        this.meter.work(relations.length);
        for (const relation of relations) {
          const target = far(relation);
          if (target === null) {
            if (depth <= this.limits.depth) reached.unresolved.push({ name: relation.name, relation: relation.kind as HierarchyRelation, from: id, site: relation.site });
            continue;
          }
          if (seen.has(target)) continue;
          const symbol = this.reader.getSymbol(target);
          if (!symbol) continue;
          // One more type lies past a bound: say so rather than stop silently.
          if (depth > this.limits.depth || reached.types.length >= this.limits.results) { reached.truncated = true; break; }
          seen.add(target);
          reached.types.push({
            symbol, depth, relation: relation.kind as HierarchyRelation, through: id, site: { ...relation.site, confidence: relation.confidence },
          });
          next.push(target);
        }
        if (reached.truncated) return reached;
      }
      frontier = next;
    }
    return reached;
  }

  /** The methods named `name` declared in the types, in the types' order. */
  private namesake(types: readonly HierarchyType[], name: string): HierarchyMethod[] {
    const methods: HierarchyMethod[] = [];
    for (const entry of types) {
      for (const member of this.membersOf(entry.symbol)) {
        if (member.name === name && METHOD_KINDS.has(member.kind)) {
          methods.push({ symbol: member, owner: entry.symbol.id, depth: entry.depth, relation: entry.relation });
        }
      }
    }
    return methods;
  }

  /** The symbols a type contains (in its own file, where every binder puts a class's members). */
  private membersOf(type: SymbolRecord): SymbolRecord[] {
    let inFile = this.members.get(type.path);
    if (!inFile) {
      inFile = this.reader.symbolsInFile(type.path);
      this.meter.work(inFile.length);
      this.members.set(type.path, inFile);
    }
    return inFile.filter((symbol) => symbol.container === type.id);
  }
}

/** What the lists mean for a type of this language, where it differs from classes. */
function typeNotes(language: string | null): string[] {
  if (language === 'go') {
    return [
      'Go has no inheritance: `bases` are the types this one embeds and `derived` the types embedding it (the graph draws embedding as `extends`).',
      'Go types satisfy interfaces structurally and the graph draws no `implements` edge, so `interfaces` is empty.',
    ];
  }
  if (language === 'python') return ['Python: `bases` are the class\'s base list (drawn as `extends`); Python declares no `implements`, so `interfaces` is empty.'];
  return [];
}

function methodNotes(language: string | null, method: SymbolRecord): string[] {
  if (language === 'go') {
    return ['Go methods do not override: a method of an embedding type shadows the promoted one, and the graph draws no edge between them ' +
      '(nor between a method and the interfaces its type satisfies), so `overrides` and `overriddenBy` are empty.'];
  }
  return [`${method.id} belongs to no class, interface or struct, so it overrides nothing and nothing overrides it.`];
}
