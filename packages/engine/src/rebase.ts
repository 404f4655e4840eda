/**
 * Re-basing cached facts onto another path: the fact cache is keyed by content, so the facts of
 * a blob first seen at `a.ts` serve `b.ts` too (a copy, a move). Owns which fields depend on the
 * path: the path itself, the diagnostics' paths and the path part of generated-file detection.
 */
import type { FileFacts } from '@repograph/core';
import { isGeneratedFile } from '@repograph/extract';

/** The facts as if extracted at `path`. Returns the same object when the path is unchanged. */
export function rebaseFacts(facts: FileFacts, path: string): FileFacts {
  if (facts.path === path) return facts;
  // `generated` is (path pattern OR content banner); keep the banner part, recompute the path part.
  const bannerOnly = facts.generated && !isGeneratedFile(facts.path, '');
  return {
    ...facts,
    path,
    generated: bannerOnly || isGeneratedFile(path, ''),
    diagnostics: facts.diagnostics.map((d) => ({ ...d, path })),
  };
}
