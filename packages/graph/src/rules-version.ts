/**
 * The version of the graph rules: binding, resolution, assembly and selection. Bump it whenever
 * the same facts and policy would give different records (a graph built under other rules must
 * not be read as this one's: a stored baseline would make `check` report differences that are
 * only the rules'). Owns the number only.
 *
 * 2: Python `from pkg import sub` imports the submodule; the analysis preset; excluded_material
 *    per excluded file.
 * 3: issue 16: JSDoc and richer TypeScript types, Python overloads, branches and value types, Go
 *    chains, multi-value results and element types.
 * 4: issue 18: Java and the syntax tier's fourteen languages admitted as source and bound.
 * 5: issue 17: architecture facts bound onto the file symbol (`surfaces`, `mounts`).
 */
export const GRAPH_RULES_VERSION = 5;
