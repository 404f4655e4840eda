/**
 * Security on both sides: an operation's effective requirements (alternatives of schemes with
 * scopes), and the document's security schemes. Going from anonymous-only to authenticated is
 * one change (endpoint-security-added), not a removal plus an addition; the reverse likewise.
 * Owns these comparisons.
 */
import { sameJson, shown } from './json-value.js';
import { note, noteFieldChange, type DiffScope } from './changes.js';
import type { LoadedSpec } from './load.js';
import { joinPointer } from './pointer.js';
import { offeredScopes, schemeMechanics, securitySchemes } from './security-view.js';
import type { SecurityAlternative, SpecOperation } from './spec-view.js';

function alternativeText(alternative: SecurityAlternative): string {
  return alternative.key === '' ? 'anonymous' : alternative.key;
}

function listText(alternatives: SecurityAlternative[]): string {
  return alternatives.map(alternativeText).join(' or ');
}

function compareScopes(scope: DiffScope, before: SecurityAlternative, after: SecurityAlternative, location: string, sources: { base: string; head: string }): void {
  for (const [scheme, scopesAfter] of after.schemes) {
    const scopesBefore = new Set(before.schemes.get(scheme) ?? []);
    const now = new Set(scopesAfter);
    for (const name of scopesAfter) {
      if (!scopesBefore.has(name)) note(scope, 'endpoint-security-scope-added', joinPointer(location, scheme, name), `scope '${name}' of ${scheme} now required`, sources);
    }
    for (const name of scopesBefore) {
      if (!now.has(name)) note(scope, 'endpoint-security-scope-removed', joinPointer(location, scheme, name), `scope '${name}' of ${scheme} no longer required`, sources);
    }
  }
}

/** Compares the effective security of an operation present on both sides. */
export function compareEndpointSecurity(scope: DiffScope, base: SpecOperation, head: SpecOperation): void {
  const location = '/security';
  const sources = { base: joinPointer(base.source, 'security'), head: joinPointer(head.source, 'security') };
  const before = new Map(base.security.map((alternative) => [alternative.key, alternative]));
  const after = new Map(head.security.map((alternative) => [alternative.key, alternative]));
  const anonymousOnly = (alternatives: Map<string, SecurityAlternative>): boolean => alternatives.size === 1 && alternatives.has('');
  if (anonymousOnly(before) !== anonymousOnly(after)) {
    const secured = anonymousOnly(before);
    const message = secured ? `authentication now required (${listText(head.security)})` : `authentication no longer required (was ${listText(base.security)})`;
    return note(scope, secured ? 'endpoint-security-added' : 'endpoint-security-removed', location, message, sources);
  }
  for (const [key, alternative] of after) {
    const match = before.get(key);
    const at = joinPointer(location, alternativeText(alternative));
    if (match) compareScopes(scope, match, alternative, at, sources);
    else if (key === '') note(scope, 'endpoint-security-removed', at, 'anonymous access now allowed', sources);
    else note(scope, 'endpoint-security-alternative-added', at, `security alternative ${alternativeText(alternative)} added`, sources);
  }
  for (const [key, alternative] of before) {
    if (after.has(key)) continue;
    const at = joinPointer(location, alternativeText(alternative));
    if (key === '') note(scope, 'endpoint-security-added', at, 'anonymous access no longer allowed', sources);
    else note(scope, 'endpoint-security-alternative-removed', at, `security alternative ${alternativeText(alternative)} removed`, sources);
  }
}

/** Compares the security schemes of two documents. */
export function compareSecuritySchemes(scope: DiffScope, base: LoadedSpec, head: LoadedSpec): void {
  const before = securitySchemes(base);
  const after = securitySchemes(head);
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const name of names) {
    const was = before.get(name);
    const now = after.get(name);
    const location = joinPointer('/components/securitySchemes', name);
    if (!was || !now) {
      if (now) note(scope, 'security-scheme-added', location, `security scheme '${name}' added`, { head: now.source });
      if (was) note(scope, 'security-scheme-removed', location, `security scheme '${name}' removed`, { base: was.source });
      continue;
    }
    const sources = { base: was.source, head: now.source };
    noteFieldChange(scope, 'security-scheme-description-changed', was.node, now.node, 'description', location, sources);
    const [mechanicsBefore, mechanicsAfter] = [schemeMechanics(was.node), schemeMechanics(now.node)];
    if (!sameJson(mechanicsBefore, mechanicsAfter)) {
      note(scope, 'security-scheme-changed', location, `security scheme '${name}' changed from ${shown(mechanicsBefore)} to ${shown(mechanicsAfter)}`, sources);
    }
    // Each scope's line is where it is written (in its flow's `scopes`), not the scheme's.
    const [scopesBefore, scopesAfter] = [offeredScopes(was.node), offeredScopes(now.node)];
    for (const [offered, at] of [...scopesAfter].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!scopesBefore.has(offered)) note(scope, 'security-scheme-scope-added', joinPointer(location, 'scopes', offered), `scope '${offered}' offered by '${name}'`, { head: now.source + at });
    }
    for (const [offered, at] of [...scopesBefore].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!scopesAfter.has(offered)) note(scope, 'security-scheme-scope-removed', joinPointer(location, 'scopes', offered), `scope '${offered}' no longer offered by '${name}'`, { base: was.source + at });
    }
  }
}
