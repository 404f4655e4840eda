/**
 * The program: every admitted file's facts with the per-file indexes binding needs (members by
 * container and name, exports by name, resolved import targets). Owns those indexes; binding
 * rules live in js-binder.ts.
 */
import type { ExportFact, FileFacts } from '@repograph/core';
import type { ResolvedModule } from './module-resolution.js';

/** Maps an import specifier written in a file to a module (one implementation per family). */
export interface SpecifierResolver {
  resolve(fromPath: string, specifier: string): ResolvedModule;
}

/** One file of the program with its lookup tables. */
export interface FileUnit {
  path: string;
  facts: FileFacts;
  /** Members by container declaration index, then by name (in declaration order). */
  members: Map<number, Map<string, number[]>>;
  /** Parameter declarations (without a `this` parameter) by function declaration index, in order. */
  parameters: Map<number, number[]>;
  /** Explicit exports by exported name (`=` for CommonJS `module.exports = X`). */
  exportsByName: Map<string, ExportFact[]>;
  /** `export * from` facts, in source order. */
  starExports: ExportFact[];
  /** Resolution of each import's specifier, filled on first use. */
  importTargets: Array<ResolvedModule | undefined>;
}

/** Builds the lookup tables of one file. */
export function makeFileUnit(facts: FileFacts): FileUnit {
  const members = new Map<number, Map<string, number[]>>();
  const parameters = new Map<number, number[]>();
  facts.declarations.forEach((declaration, index) => {
    if (declaration.scope === 'parameter' && declaration.name !== 'this') {
      const list = parameters.get(declaration.parent);
      if (list) list.push(index);
      else parameters.set(declaration.parent, [index]);
      return;
    }
    if (declaration.scope !== 'member' && declaration.scope !== 'module') return;
    let byName = members.get(declaration.parent);
    if (!byName) members.set(declaration.parent, (byName = new Map()));
    const list = byName.get(declaration.name);
    if (list) list.push(index);
    else byName.set(declaration.name, [index]);
  });
  const exportsByName = new Map<string, ExportFact[]>();
  const starExports: ExportFact[] = [];
  for (const fact of facts.exports) {
    if (fact.style === 'reexport-all') {
      starExports.push(fact);
      continue;
    }
    const list = exportsByName.get(fact.exported);
    if (list) list.push(fact);
    else exportsByName.set(fact.exported, [fact]);
  }
  return {
    path: facts.path, facts, members, parameters, exportsByName, starExports,
    importTargets: new Array(facts.imports.length),
  };
}

/**
 * The unit of the same facts for another file set or other manifests: the lookup tables depend
 * on the facts alone and are shared (nothing writes them after makeFileUnit), the import targets
 * start empty (what an import resolves to depends on the files and manifests around it).
 */
export function unitWithNewResolution(unit: FileUnit): FileUnit {
  return { ...unit, importTargets: new Array(unit.facts.imports.length) };
}

/** All files of one language family, with that family's module resolution. */
export class Program {
  readonly files = new Map<string, FileUnit>();
  readonly resolver: SpecifierResolver;

  constructor(units: FileUnit[], resolver: SpecifierResolver) {
    for (const unit of units) this.files.set(unit.path, unit);
    this.resolver = resolver;
  }

  /** Resolves a specifier written in `unit` (cached per import index when given). */
  resolveSpecifier(unit: FileUnit, specifier: string): ResolvedModule {
    return this.resolver.resolve(unit.path, specifier);
  }

  /** The module an import of `unit` names. */
  importTarget(unit: FileUnit, importIndex: number): ResolvedModule {
    let target = unit.importTargets[importIndex];
    if (!target) {
      target = this.resolver.resolve(unit.path, unit.facts.imports[importIndex]!.specifier);
      unit.importTargets[importIndex] = target;
    }
    return target;
  }

  /** The file unit a resolved module names, if it is part of this program. */
  unitOf(target: ResolvedModule): FileUnit | undefined {
    return target.kind === 'file' ? this.files.get(target.path) : undefined;
  }
}
