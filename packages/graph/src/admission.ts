/**
 * Admission: decides per file, before any parsing, whether it is parsed as source, kept as a
 * Document (a file node without symbols) or excluded, and why: the material tags and policy
 * of material.ts, plus the size rule (oversized source files are kept as Documents). Test
 * fixtures (`testdata`, `fixtures`, `__fixtures__`) hold deliberately broken or foreign code; Go's own tools skip `testdata` too.
 */

import { decideByTags, excludingDirectoryTag, DEFAULT_MATERIAL_POLICY, type MaterialPolicy } from './material.js';

/** What happens to a file. */
export type AdmissionAction = 'parse' | 'document' | 'exclude';

export interface AdmissionDecision {
  action: AdmissionAction;
  /** Why a file is not parsed: a tag name such as `dependency`, `build_output`, `minified`, `too_large`. */
  reason?: string;
}

/** Files larger than this are kept as Documents and never parsed. */
export const MAX_PARSE_BYTES = 1024 * 1024;

/** The reason (a path tag) a directory is excluded under `policy`, or null when it is walked. */
export function excludedDirectoryReason(name: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): string | null {
  return excludingDirectoryTag(name, policy);
}

/**
 * Decides from the path alone (the tags of every ancestor folder and of the file itself, see
 * material.ts) and the size, under `policy` (the default policy when omitted).
 */
export function admitPath(path: string, size: number, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): AdmissionDecision {
  const decision = decideByTags(path, policy);
  if (decision.action === 'parse' && size > MAX_PARSE_BYTES) return { action: 'document', reason: 'too_large' };
  return decision;
}

/**
 * True when the text looks minified: very long lines that make up most of the file. Checked on
 * a prefix, so it costs the same for every file.
 */
export function looksMinified(text: string): boolean {
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  if (sample.length < 2048) return false;
  let longest = 0;
  let lines = 0;
  let start = 0;
  for (let i = 0; i <= sample.length; i++) {
    if (i === sample.length || sample.charCodeAt(i) === 10) {
      longest = Math.max(longest, i - start);
      lines++;
      start = i + 1;
    }
  }
  return longest > 5000 || sample.length / lines > 300;
}

/** True for manifests that steer module resolution (of any language family). */
export function isResolutionManifest(path: string): boolean {
  return /(^|\/)(package\.json|tsconfig(\.[\w-]+)?\.json|jsconfig\.json|go\.mod|go\.work|pyproject\.toml|setup\.cfg)$/.test(path);
}
