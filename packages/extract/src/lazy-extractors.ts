/**
 * The walkers an extraction worker needs, loaded on first use: a worker that only ever sees
 * JavaScript never loads the Python, Go, Java and syntax-tier walkers (about half of this
 * package's modules, and its share of every worker's start). Owns the map from a language to the
 * module of its walker; the walkers themselves live in js/, python/, go/, java/ and syntax/.
 */
import { isSyntaxLanguage } from '@repograph/core';
import type { LanguageExtractors } from './extract-file.js';
import { languageOfPath } from './language-of-path.js';

const loaded: LanguageExtractors = {};

/** The walkers for `paths` (and any loaded before), loading the missing ones. */
export async function extractorsFor(paths: readonly string[]): Promise<LanguageExtractors> {
  for (const path of paths) {
    const family = familyOf(path);
    if (family !== null && loaded[family] === undefined) await load(family);
  }
  return loaded;
}

/** The walker family of a file, or null when no walker reads it (extractWith reports it). */
function familyOf(path: string): keyof LanguageExtractors | null {
  const language = languageOfPath(path);
  if (language === null) return null;
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') return 'js';
  if (language === 'python' || language === 'go' || language === 'java') return language;
  return isSyntaxLanguage(language) ? 'syntax' : null;
}

async function load(family: keyof LanguageExtractors): Promise<void> {
  switch (family) {
    case 'js': loaded.js = (await import('./js/extract.js')).extractJsText; break;
    case 'python': loaded.python = (await import('./python/extract.js')).extractPythonText; break;
    case 'go': loaded.go = (await import('./go/extract.js')).extractGoText; break;
    case 'java': loaded.java = (await import('./java/extract.js')).extractJavaText; break;
    case 'syntax': loaded.syntax = (await import('./syntax/extract.js')).extractSyntaxText; break;
  }
}
