/**
 * @repograph/graph: admission, organize -> bind -> resolve -> assemble, digest. Pure over facts;
 * no I/O (the engine reads files and hands their facts and manifests over).
 */
export { buildGraph, type GraphInput, type GraphOutput, type GraphFileInput, type HashedGroup } from './build.js';
export { assignIds, type PathGroup, type IdTable } from './assemble.js';
export { GraphSession, type GraphChange, type GraphUpdate } from './graph-session.js';
export { admitPath, excludedDirectoryReason, looksMinified, isResolutionManifest, MAX_PARSE_BYTES, type AdmissionDecision, type AdmissionAction } from './admission.js';
export { parsePolicyFile, policyFingerprint, decideByTags, directoryTags, fileTags, filePathTags, formatTag, excludingDirectoryTag, DEFAULT_MATERIAL_POLICY, MATERIAL_TAGS, FORMAT_TAGS, PATH_TAGS, POLICY_FILE_NAME, type MaterialPolicy, type MaterialTag, type FormatTag, type PathTag } from './material.js';
export { GRAPH_RULES_VERSION } from './rules-version.js';
export { chargeMaterials, chargePublication, selectForPublication, type PolicySelection } from './stage-budgets.js';
export { selectGraph, type Selection } from './selection.js';
export { GitignoreRules, GitignoreStack } from './gitignore.js';
export { canonicalJson, graphDigest, groupHash } from './digest.js';
export { ModuleResolver, packageNameOf, type ResolvedModule } from './module-resolution.js';
export { readManifests, parseLenientJson, isJsManifest, type ManifestText } from './manifests.js';
export type { LanguageBinder, Entity, Resolution } from './language-binder.js';
