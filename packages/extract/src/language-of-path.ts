/**
 * Which extractor reads a file, by its name: the JavaScript family, Python, Go, Java or a
 * syntax-tier language. Owns the extension table of the languages with walkers of their own; the
 * syntax tier's extensions are core's (SYNTAX_EXTENSIONS), which the tier's specs use too.
 */
import { syntaxLanguageOfPath, type LanguageId } from '@repograph/core';

/** The language of a path by extension (`.d.ts` is TypeScript), or null when not JS/TS. */
export function languageOfPath(path: string): LanguageId | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  switch (path.slice(dot + 1).toLowerCase()) {
    case 'ts': case 'mts': case 'cts': return 'typescript';
    case 'tsx': return 'tsx';
    case 'js': case 'jsx': case 'mjs': case 'cjs': return 'javascript';
    case 'py': case 'pyi': return 'python';
    case 'go': return 'go';
    case 'java': return 'java';
    default: return syntaxLanguageOfPath(path);
  }
}
