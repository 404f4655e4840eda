/**
 * What a syntax-tier file's imports make visible: the files an include/require/source/import
 * path names (relative to the file, else any file of the language whose path ends with it, the
 * nearest first), the files of a package or namespace a dotted import names (`import a.b.C`,
 * `using A.B;`, `use a::b`), and the files declaring the same package or namespace. Owns the
 * path rules only; the binder decides what a name reaches.
 */
import { posix } from 'node:path';
import type { ImportFact } from '@repograph/core';
import type { FileUnit } from '../program.js';

/** File suffixes tried after a written path (`require 'x'` is x.rb, `mod a` is a.rs or a/mod.rs...). */
const PROBES = ['', '.rs', '/mod.rs', '.rb', '.lua', '/init.lua', '.php', '.h', '.hpp', '.zig', '.dart', '.sh', '.R', '.r', '.kt', '.swift', '.scala', '.cs'];
const ROOT_SEGMENTS = new Set(['crate', 'self', 'super', 'std', 'core', 'alloc', 'package:']);

export class SyntaxImportResolver {
  private readonly byPath = new Map<string, FileUnit>();
  /**
   * Files by every tail of their path that starts at a folder boundary (`a/b/c.rb` under `c.rb`,
   * `b/c.rb` and `a/b/c.rb`), in file order: a written path is looked up, not searched for among
   * all files (which made resolving every import of every file quadratic in the file count).
   */
  private readonly byTail = new Map<string, FileUnit[]>();
  private readonly byPackage = new Map<string, FileUnit[]>();
  private readonly resolved = new Map<FileUnit, FileUnit[][]>();
  private readonly visible = new Map<FileUnit, Set<FileUnit>>();

  constructor(units: FileUnit[]) {
    for (const unit of units) {
      this.byPath.set(unit.path, unit);
      for (const tail of pathTails(unit.path)) {
        const list = this.byTail.get(tail);
        if (list) list.push(unit);
        else this.byTail.set(tail, [unit]);
      }
      const name = unit.facts.packageName;
      if (name === undefined) continue;
      const list = this.byPackage.get(name);
      if (list) list.push(unit);
      else this.byPackage.set(name, [unit]);
    }
  }

  /** The files import `index` of `unit` names (several for a package), nearest first. */
  importedUnits(unit: FileUnit, index: number): FileUnit[] {
    let perImport = this.resolved.get(unit);
    if (perImport === undefined) {
      perImport = unit.facts.imports.map((fact) => this.resolveImport(unit, fact));
      this.resolved.set(unit, perImport);
    }
    return perImport[index] ?? [];
  }

  /** The import binding `name` locally, with the name it asks for. */
  namedImport(unit: FileUnit, name: string): { index: number; imported: string } | undefined {
    const index = unit.facts.imports.findIndex((fact) => fact.style === 'named' && fact.local === name);
    return index < 0 ? undefined : { index, imported: unit.facts.imports[index]!.imported };
  }

  /** Whether import `index` of `unit` reaches `other` (a file it names, or a file of the package it names). */
  isVisibleThrough(unit: FileUnit, index: number, other: FileUnit): boolean {
    return this.importedUnits(unit, index).includes(other);
  }

  /** Whether `other` is visible from `unit` through any import, or by sharing its package. */
  isVisible(unit: FileUnit, other: FileUnit): boolean {
    let set = this.visible.get(unit);
    if (set === undefined) {
      set = new Set<FileUnit>();
      unit.facts.imports.forEach((_fact, index) => { for (const found of this.importedUnits(unit, index)) set!.add(found); });
      const name = unit.facts.packageName;
      if (name !== undefined) for (const peer of this.byPackage.get(name) ?? []) set.add(peer);
      set.delete(unit);
      this.visible.set(unit, set);
    }
    return set.has(other);
  }

  private resolveImport(unit: FileUnit, fact: ImportFact): FileUnit[] {
    const specifier = fact.specifier;
    const packaged = this.byPackage.get(specifier) ?? this.byPackage.get(`${specifier}.${fact.imported}`);
    if (packaged !== undefined) return packaged;
    const segments = specifier.split(/::|\\/).flatMap((part) => (part.includes('/') ? [part] : part.split('.')))
      .filter((part) => part !== '' && !ROOT_SEGMENTS.has(part));
    const written = /[/]/.test(specifier) || /\.\w+$/.test(specifier) && !/::/.test(specifier)
      ? [specifier.replace(/^package:[^/]+\//, '')]
      : [segments.join('/'), [...segments, fact.imported].join('/')].filter((path) => path !== '');
    const directory = posix.dirname(unit.path);
    for (const path of written) {
      for (const probe of PROBES) {
        const relative = posix.normalize(posix.join(directory, path + probe));
        const hit = this.byPath.get(relative);
        if (hit !== undefined && hit !== unit) return [hit];
      }
    }
    for (const path of written) {
      for (const probe of PROBES) {
        const tail = posix.normalize(path + probe).replace(/^(\.\.?\/)+/, '');
        const hits = (this.byTail.get(tail) ?? []).filter((other) => other !== unit);
        if (hits.length > 0) return hits.sort((a, b) => distance(unit.path, a.path) - distance(unit.path, b.path)).slice(0, 1);
      }
    }
    return [];
  }
}

/** A path and each of its tails after a `/` (`a/b/c.rb`, `b/c.rb`, `c.rb`): the paths that end it at a folder boundary. */
function pathTails(path: string): string[] {
  const tails = [path];
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) tails.push(path.slice(at + 1));
  return tails;
}

/** Folders between two paths, for choosing the nearest of several suffix matches. */
function distance(from: string, to: string): number {
  const a = from.split('/');
  const b = to.split('/');
  let shared = 0;
  while (shared < a.length - 1 && shared < b.length - 1 && a[shared] === b[shared]) shared++;
  return a.length + b.length - 2 * shared;
}
