/**
 * What a stored graph was built by and under: the extractor version, the graph rules version and
 * the policy's fingerprint, as one short string kept in every snapshot's meta and in baseline
 * keys. A snapshot whose fingerprint differs is never reused as is (the one-shot shortcut and
 * the live "nothing changed" check rebuild; a baseline of another fingerprint has another key).
 * Owns that string.
 */
import { EXTRACTOR_VERSION } from '@repograph/extract';
import { GRAPH_RULES_VERSION, policyFingerprint, type MaterialPolicy } from '@repograph/graph';

/** `x<extractor>r<rules>`, plus `-<policy fingerprint>` under a policy other than the default. */
export function buildFingerprint(policy: MaterialPolicy): string {
  const fingerprint = policyFingerprint(policy);
  return `x${EXTRACTOR_VERSION}r${GRAPH_RULES_VERSION}${fingerprint === '' ? '' : `-${fingerprint}`}`;
}
