/**
 * The binder of each language family, built from that family's files and the tree's manifests.
 * Owns the dispatch only. A family without its own binder yet gets the lexical binder: in-file
 * bindings resolve (the extractor already bound them), nothing crosses files.
 */
import type { LanguageId, ValueExpr } from '@repograph/core';
import { isSyntaxLanguage, languageFamily } from '@repograph/core';
import { JsBinder } from './js-binder.js';
import { createGoBinder } from './go/binder.js';
import { createJavaBinder } from './java/binder.js';
export { changesImportableTypes } from './java/signature-names.js';
import { createPythonBinder } from './python/index.js';
import { createSyntaxBinder } from './syntax/binder.js';
import type { LanguageBinder, Resolution } from './language-binder.js';
import { readManifests, type ManifestText } from './manifests.js';
import { ModuleResolver } from './module-resolution.js';
import { Program, type FileUnit } from './program.js';
import type { Diagnostic } from '@repograph/core';

export type LanguageFamily = ReturnType<typeof languageFamily>;

/** The family of a language (binding never crosses families). */
export function familyOf(language: LanguageId): LanguageFamily {
  return languageFamily(language);
}

/**
 * What a new binder may carry over from the family's last one: its resolutionState, and the
 * paths that came, went or changed since (the manifests the same).
 */
export interface CarriedResolution {
  state: unknown;
  changed: readonly string[];
}

/**
 * Builds the binder of one family; `diagnostics` collects manifest problems. With `carried`,
 * the JS family keeps each module resolution that none of the changed paths can alter
 * (ModuleResolver.carriedOver) and says which folders' imports it dropped; the Python and Go
 * families say which folders' imports the changed paths may move (python/moved-imports.ts,
 * GoBinder.movedImportFolders).
 */
export function createBinder(
  family: LanguageFamily, units: FileUnit[], manifests: ManifestText[], diagnostics: Diagnostic[], carried?: CarriedResolution,
): LanguageBinder {
  // Each syntax-tier language is its own family (core languageFamily): bound by name within it.
  if (family !== 'js' && isSyntaxLanguage(family)) return createSyntaxBinder(units);
  switch (family) {
    case 'js': {
      const { packages, tsconfigs, diagnostics: manifestDiagnostics } = readManifests(manifests);
      diagnostics.push(...manifestDiagnostics);
      const paths = new Set(units.map((unit) => unit.path));
      const resolver = carried?.state instanceof ModuleResolver
        ? ModuleResolver.carriedOver(carried.state, paths, carried.changed)
        : new ModuleResolver(paths, packages, tsconfigs);
      return new JsBinder(new Program(units, resolver));
    }
    case 'python':
      return createPythonBinder(units, manifests, carried?.changed);
    case 'go':
      return createGoBinder(units, manifests, diagnostics, carried?.changed);
    case 'java':
      return createJavaBinder(units);
    default:
      return new LexicalBinder();
  }
}

/**
 * dependentsReferencing's `givesAnew` over a session's units: the names a re-bound file gives a
 * new meaning, as its family's binder says (LanguageBinder.namesGivenAnew; null, without one:
 * every name it declares).
 */
export function namesGivenAnewThrough(
  binders: ReadonlyMap<LanguageFamily, LanguageBinder>, units: ReadonlyMap<string, FileUnit>,
): ((path: string, changed: ReadonlySet<string>) => Iterable<string> | null) | undefined {
  if (![...binders.values()].some((binder) => binder.namesGivenAnew)) return undefined;
  return (path, changed) => {
    const unit = units.get(path);
    const binder = unit ? binders.get(familyOf(unit.facts.language)) : undefined;
    return unit && binder?.namesGivenAnew ? binder.namesGivenAnew(unit, changed) : null;
  };
}

/** Resolves what the extractor bound inside the file; imports and members stay unresolved. */
class LexicalBinder implements LanguageBinder {
  resolve(unit: FileUnit, expr: ValueExpr): Resolution | null {
    return expr.k === 'decl' ? { entity: { t: 'decl', unit, index: expr.decl }, confidence: 'exact' } : null;
  }

  importedUnit(): FileUnit | undefined {
    return undefined;
  }

  dependencies(): Iterable<FileUnit> {
    return [];
  }
}
