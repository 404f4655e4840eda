/**
 * A bound tree read as if it were published, without publishing it (a dry run's after side):
 * the groups of the paths the tree changed come from memory, every other path from the current
 * publication, which holds the same groups for them. Reads cost what the touched paths cost
 * (plus one pass over their relations to index who points where). Owns that overlay; the real
 * merge of an overlay over its baseline is @repograph/store's reader.
 */
import type { RelationRecord, SymbolRecord } from '@repograph/core';
import type { HashedGroup } from '@repograph/graph';
import type { FileEntry, SnapshotReader } from '@repograph/store';
import { findGroup } from '../graph-change.js';
import type { SideReader } from '../reader-side.js';

export class PendingReader implements SideReader {
  private readonly touched: ReadonlySet<string>;
  private readonly symbols = new Map<string, SymbolRecord>();
  /** Relations of the touched groups by their target, in path order. */
  private readonly incoming = new Map<string, RelationRecord[]>();

  /**
   * `base`: the current publication (null: nothing published, every path is touched);
   * `groups`: the bound tree's groups in path order; `entries`: its manifest by path.
   */
  constructor(
    private readonly base: SnapshotReader | null,
    private readonly groups: readonly HashedGroup[],
    private readonly entries: ReadonlyMap<string, FileEntry>,
    touched: Iterable<string> | null,
  ) {
    this.touched = new Set(touched ?? groups.map((g) => g.path));
    for (const path of [...this.touched].sort()) {
      const group = findGroup(groups, path);
      if (!group) continue;
      for (const symbol of group.symbols) this.symbols.set(symbol.id, symbol);
      for (const relation of group.relations) {
        if (relation.to === null) continue;
        const list = this.incoming.get(relation.to);
        if (list) list.push(relation);
        else this.incoming.set(relation.to, [relation]);
      }
    }
  }

  get info(): { fileCount: number } {
    return { fileCount: this.entries.size };
  }

  *files(): IterableIterator<FileEntry> {
    for (const path of [...this.entries.keys()].sort()) yield this.entries.get(path)!;
  }

  file(path: string): FileEntry | undefined {
    return this.entries.get(path);
  }

  getSymbol(id: string): SymbolRecord | undefined {
    const own = this.symbols.get(id);
    if (own) return own;
    const below = this.base?.getSymbol(id);
    return below && !this.touched.has(below.path) ? below : undefined;
  }

  symbolsInFile(path: string): SymbolRecord[] {
    if (!this.touched.has(path)) return this.base?.symbolsInFile(path) ?? [];
    const symbols = [...(findGroup(this.groups, path)?.symbols ?? [])];
    return symbols.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  relationsTo(id: string): RelationRecord[] {
    const below = (this.base?.relationsTo(id) ?? []).filter((relation) => !this.touched.has(relation.site.path));
    const own = this.incoming.get(id) ?? [];
    if (own.length === 0) return below;
    // Both lists are in site path order; a stable sort by path merges them.
    return [...below, ...own].sort((a, b) => (a.site.path < b.site.path ? -1 : a.site.path > b.site.path ? 1 : 0));
  }

  relationsInFile(path: string): RelationRecord[] {
    if (!this.touched.has(path)) return this.base?.relationsInFile(path) ?? [];
    return [...(findGroup(this.groups, path)?.relations ?? [])];
  }
}
