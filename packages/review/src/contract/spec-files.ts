/**
 * Which files of a review are API specs the contract axis diffs: the six default names in any
 * folder, and any changed file whose name mentions openapi or swagger with a YAML or JSON
 * extension. Contracts inferred from handler code and GraphQL schemas are out of scope. Owns the
 * file test only.
 */

/** The names that are specs wherever they are, changed or not. */
export const DEFAULT_SPEC_NAMES: ReadonlySet<string> = new Set([
  'openapi.yaml',
  'openapi.yml',
  'openapi.json',
  'swagger.yaml',
  'swagger.yml',
  'swagger.json',
]);

const SPEC_EXTENSION = /\.(ya?ml|json)$/;

function baseName(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(slash + 1).toLowerCase();
}

/** True for one of the six default names, in any folder (compared case-insensitively). */
export function isDefaultSpecName(path: string): boolean {
  return DEFAULT_SPEC_NAMES.has(baseName(path));
}

/**
 * True when the contract axis diffs this file: a default name, or, for a file the review
 * changed, a name containing `openapi` or `swagger` (any case) ending in .yaml, .yml or .json.
 */
export function isSpecFile(path: string, changed: boolean): boolean {
  const name = baseName(path);
  if (DEFAULT_SPEC_NAMES.has(name)) return true;
  if (!changed || !SPEC_EXTENSION.test(name)) return false;
  return name.includes('openapi') || name.includes('swagger');
}
