/**
 * The closed vocabularies of the graph: symbol kinds, relation kinds, reference kinds and
 * confidences. Owns the names only; what each stage does with them lives with that stage.
 */

/** Every kind of node the graph can hold (PROTOCOL.md "Kinds"). */
export const SYMBOL_KINDS = [
  'file', 'directory', 'module', 'package', 'namespace', 'class', 'interface', 'struct', 'enum',
  'trait', 'union', 'type_alias', 'function', 'method', 'constructor', 'property', 'field',
  'variable', 'constant', 'parameter',
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** Every kind of edge the graph can hold (PROTOCOL.md "Kinds"). */
export const RELATION_KINDS = [
  'contains', 'imports', 'exports', 'calls', 'instantiates', 'references', 'reads', 'writes',
  'extends', 'implements', 'decorates', 'type_of',
] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** How a reference appears at its site, as the extractor saw it. */
export const REFERENCE_KINDS = [
  'call', 'new', 'read', 'write', 'type', 'extends', 'implements', 'decorate', 'import',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * How sure a resolved relation is. `exact`: a lexical or import binding. `typed`: the receiver's
 * type is known (annotation, `new X()`, `this` inside a class, the inheritance chain).
 * `heuristic`: the only candidate by name.
 */
export const CONFIDENCES = ['exact', 'typed', 'heuristic'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** The relation kind that a reference of the given kind becomes once resolved. */
export function relationKindOfReference(kind: ReferenceKind): RelationKind {
  switch (kind) {
    case 'call': return 'calls';
    case 'new': return 'instantiates';
    case 'read': return 'reads';
    case 'write': return 'writes';
    case 'type': return 'references';
    case 'extends': return 'extends';
    case 'implements': return 'implements';
    case 'decorate': return 'decorates';
    case 'import': return 'imports';
  }
}

/**
 * Languages of the syntax tier: definitions, imports and references by name from the grammar alone
 * (packages/extract/src/syntax/), bound by name within the language (confidence `heuristic` where
 * only the name decides); every answer about such a file says `semanticLevel: "syntax"`.
 */
export const SYNTAX_LANGUAGE_IDS = [
  'rust', 'csharp', 'ruby', 'php', 'c', 'cpp', 'kotlin', 'swift', 'dart', 'zig', 'lua', 'scala', 'r', 'bash',
] as const;
export type SyntaxLanguageId = (typeof SYNTAX_LANGUAGE_IDS)[number];

/** The file extensions (lower case, without the dot) of each syntax-tier language. */
export const SYNTAX_EXTENSIONS: Readonly<Record<SyntaxLanguageId, readonly string[]>> = {
  rust: ['rs'], csharp: ['cs'], ruby: ['rb', 'rake', 'gemspec'], php: ['php'], c: ['c', 'h'],
  cpp: ['cc', 'cpp', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'ipp'], kotlin: ['kt', 'kts'], swift: ['swift'],
  dart: ['dart'], zig: ['zig'], lua: ['lua'], scala: ['scala', 'sc'], r: ['r'], bash: ['sh', 'bash'],
};

/** Each syntax-tier extension's language (the first language listing it). */
const SYNTAX_LANGUAGE_BY_EXTENSION: ReadonlyMap<string, SyntaxLanguageId> = (() => {
  const byExtension = new Map<string, SyntaxLanguageId>();
  for (const language of SYNTAX_LANGUAGE_IDS) {
    for (const extension of SYNTAX_EXTENSIONS[language]) if (!byExtension.has(extension)) byExtension.set(extension, language);
  }
  return byExtension;
})();

/** The syntax-tier language of a path by its extension, or null for any other file. */
export function syntaxLanguageOfPath(path: string): SyntaxLanguageId | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  return SYNTAX_LANGUAGE_BY_EXTENSION.get(path.slice(dot + 1).toLowerCase()) ?? null;
}

/** Languages the extractors know. */
export const LANGUAGE_IDS = ['typescript', 'tsx', 'javascript', 'python', 'go', 'java', ...SYNTAX_LANGUAGE_IDS] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** The language family whose names may bind to each other (no cross-language binding). */
export function languageFamily(language: LanguageId): 'js' | 'python' | 'go' | 'java' | SyntaxLanguageId {
  if (isSyntaxLanguage(language)) return language;
  if (language === 'python') return 'python';
  if (language === 'go') return 'go';
  if (language === 'java') return 'java';
  return 'js';
}

/** Whether a language is of the syntax tier (each one its own family: names bind only within it). */
export function isSyntaxLanguage(language: LanguageId): language is SyntaxLanguageId {
  return (SYNTAX_LANGUAGE_IDS as readonly string[]).includes(language);
}
