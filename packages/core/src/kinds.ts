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

/** Languages the extractors know. */
export const LANGUAGE_IDS = ['typescript', 'tsx', 'javascript', 'python', 'go'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** The language family whose names may bind to each other (no cross-language binding). */
export function languageFamily(language: LanguageId): 'js' | 'python' | 'go' {
  if (language === 'python') return 'python';
  if (language === 'go') return 'go';
  return 'js';
}
