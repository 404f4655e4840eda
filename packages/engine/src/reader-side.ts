/**
 * One side of a change as the delta analysis reads it (GraphSide), over a published snapshot and
 * the facts of its files: records come from the snapshot reader (one immutable generation),
 * fingerprints and call argument shapes from the facts, matched to records by id (ids are per
 * file, recomputed from the facts) and by site. Facts are loaded per file on first use and kept
 * for this side's lifetime; nothing reads more than the files and symbols asked about, save the
 * manifest: once a side has looked up more distinct paths than one manifest read costs (a
 * batch of thousands of files), it reads the whole manifest into one map and looks paths up
 * there instead of reading a block per path. Owns that matching and those lookups.
 */
import type { FileFacts, ReferenceKind, RelationKind, RelationRecord, SymbolRecord } from '@repograph/core';
import { relationKindOfReference } from '@repograph/core';
import { assignIds } from '@repograph/graph';
import type { FileEntry, SnapshotInfo, SnapshotReader } from '@repograph/store';
import type { CallArguments, Definition, GraphSide, SiteRelation } from './delta-view.js';
import type { FunctionLookup } from './function-index.js';
import { importTargets, layerImports } from './layer-imports.js';

const DELTA_KINDS: ReadonlySet<RelationKind> = new Set(['calls', 'instantiates', 'references']);
/**
 * Distinct paths a side looks up one at a time before it reads the whole manifest into a map: at
 * least this many, and at least one per this many files of the side. A point read is a binary
 * search and a cached block (about 15 us on core-js); the full read decodes every block (3-7 ms
 * for its 3,500 files), so the full read pays off only past about one path in ten.
 */
const POINT_LOOKUPS_BEFORE_MAP = 256;
const FILES_PER_POINT_LOOKUP = 8;

interface FileFactsView {
  definitions: Map<string, Omit<Definition, 'symbol'>>;
  /** Argument shapes by `line:column:kind`. */
  args: Map<string, CallArguments>;
}

/** What a side reads of a snapshot: a store reader, or a tree bound in memory and not published (a dry run). */
export type SideReader = Pick<SnapshotReader, 'files' | 'file' | 'getSymbol' | 'symbolsInFile' | 'relationsTo' | 'relationsInFile'> & {
  readonly info: Pick<SnapshotInfo, 'fileCount'>;
};

export class ReaderSide implements GraphSide {
  private readonly views = new Map<string, FileFactsView | null>();
  /** Manifest entries looked up one by one, by path (undefined: not in this side). */
  private readonly looked = new Map<string, FileEntry | undefined>();
  /** The whole manifest, once enough paths were looked up. */
  private manifest: Map<string, FileEntry> | null = null;
  /** importsOf's lookup (through the layer cache for a stored snapshot: layer-imports.ts). */
  private imports: ((path: string) => string[]) | null = null;

  constructor(
    private readonly reader: SideReader,
    private readonly factsOf: (path: string) => FileFacts | null,
    private readonly functions: FunctionLookup | null,
    /** The callers of a symbol from memory (a live session), instead of the snapshot's index. */
    private readonly callers: ((id: string) => string[]) | null = null,
  ) {}

  hasFile(path: string): boolean {
    return this.file(path) !== undefined;
  }

  isParsed(path: string): boolean {
    const entry = this.file(path);
    return entry !== undefined && entry.status !== 'document';
  }

  definitions(path: string): Definition[] {
    const view = this.view(path);
    const language = this.file(path)?.language ?? '';
    return this.reader.symbolsInFile(path).map((symbol) => ({ symbol, language, ...(view?.definitions.get(symbol.id) ?? {}) }));
  }

  definition(id: string): Definition | undefined {
    const symbol = this.reader.getSymbol(id);
    if (!symbol) return undefined;
    const language = this.file(symbol.path)?.language ?? '';
    return { symbol, language, ...(this.view(symbol.path)?.definitions.get(id) ?? {}) };
  }

  symbol(id: string): SymbolRecord | undefined {
    return this.reader.getSymbol(id);
  }

  callersOf(id: string): string[] {
    if (this.callers) return this.callers(id);
    const callers = new Set<string>();
    for (const relation of this.reader.relationsTo(id)) {
      if ((relation.kind === 'calls' || relation.kind === 'instantiates') && relation.to === id) callers.add(relation.from);
    }
    return [...callers];
  }

  relationsIn(path: string): SiteRelation[] {
    return this.withArgs(this.reader.relationsInFile(path).filter((r) => DELTA_KINDS.has(r.kind)));
  }

  relationsInto(id: string): SiteRelation[] {
    return this.withArgs(this.reader.relationsTo(id).filter((r) => DELTA_KINDS.has(r.kind)));
  }

  importsOf(path: string): string[] {
    this.imports ??= 'storage' in this.reader && 'layerGroups' in this.reader
      ? layerImports(this.reader as SnapshotReader, (file) => this.readImports(file))
      : (file) => this.readImports(file);
    return [...this.imports(path)];
  }

  private readImports(path: string): string[] {
    return importTargets(this.reader.relationsInFile(path));
  }

  withFingerprint(fingerprint: string): string[] {
    return this.functions?.withFingerprint(fingerprint) ?? [];
  }

  withBranch(hash: string): string[] {
    return this.functions?.withBranch(hash) ?? [];
  }

  /** The manifest entry of `path`: point reads for a few paths, one map for many. */
  private file(path: string): FileEntry | undefined {
    if (this.manifest) return this.manifest.get(path);
    if (this.looked.has(path)) return this.looked.get(path);
    const limit = Math.max(POINT_LOOKUPS_BEFORE_MAP, this.reader.info.fileCount / FILES_PER_POINT_LOOKUP);
    if (this.looked.size >= limit) {
      this.manifest = new Map();
      for (const entry of this.reader.files()) this.manifest.set(entry.path, entry);
      this.looked.clear();
      return this.manifest.get(path);
    }
    const entry = this.reader.file(path);
    this.looked.set(path, entry);
    return entry;
  }

  private withArgs(relations: RelationRecord[]): SiteRelation[] {
    return relations.map((relation) => {
      if (relation.kind !== 'calls' && relation.kind !== 'instantiates') return { relation };
      const args = this.view(relation.site.path)?.args.get(`${relation.site.line}:${relation.site.column}:${relation.kind}`);
      return args ? { relation, args } : { relation };
    });
  }

  private view(path: string): FileFactsView | null {
    let view = this.views.get(path);
    if (view === undefined) {
      const facts = this.factsOf(path);
      view = facts ? sharedView(path, facts) : null;
      this.views.set(path, view);
    }
    return view;
  }
}

/**
 * Views by facts object: facts are immutable and shared per blob while anyone holds them (a
 * workspace, a kept baseline session), so both sides of a review, and every recomputation of
 * it, read one view of each unchanged file instead of building it again (a review's duplicate
 * rule reads the definitions of every candidate file in the repository).
 */
const VIEWS = new WeakMap<FileFacts, FileFactsView>();

function sharedView(path: string, facts: FileFacts): FileFactsView {
  if (facts.path !== path) return viewOf(path, facts);
  let view = VIEWS.get(facts);
  if (view === undefined) VIEWS.set(facts, (view = viewOf(path, facts)));
  return view;
}

function viewOf(path: string, facts: FileFacts): FileFactsView {
  const ids = assignIds([{ path, facts }]).get(path) ?? [];
  const definitions = new Map<string, Omit<Definition, 'symbol'>>();
  facts.declarations.forEach((declaration, index) => {
    const id = ids[index];
    if (id === undefined) return;
    definitions.set(id, {
      language: facts.language,
      ...(declaration.fingerprint !== undefined ? { fingerprint: declaration.fingerprint } : {}),
      ...(declaration.branches !== undefined ? { branches: declaration.branches } : {}),
      ...(declaration.nodeCount !== undefined ? { nodeCount: declaration.nodeCount } : {}),
    });
  });
  const args = new Map<string, CallArguments>();
  for (const reference of facts.references) {
    if (reference.argumentCount === undefined) continue;
    const kind = relationKindOfReference(reference.kind as ReferenceKind);
    args.set(`${reference.line}:${reference.column}:${kind}`, {
      positional: reference.argumentCount, spread: reference.hasSpread ?? false, keywords: reference.keywordNames ?? [],
    });
  }
  return { definitions, args };
}
