/**
 * The document around the operations on both sides: the spec version, info, servers (2.0
 * schemes, host and basePath as URLs; no servers at all is the one server `/`), top-level tags, externalDocs, component definitions
 * added or removed, security schemes, and the fallback for other top-level fields. Owns the
 * document-level comparison.
 */
import { arrayAt, isObject, objectAt, stringAt, type JsonObject } from './json-value.js';
import { note, noteFieldChange, noteOtherFields, type DiffScope } from './changes.js';
import { compareSecuritySchemes } from './compare-security.js';
import type { LoadedSpec } from './load.js';
import { joinPointer } from './pointer.js';
import { sourceOf } from './spec-view.js';

const INFO_FIELDS: ReadonlySet<string> = new Set(['title', 'version', 'description']);
const SERVER_FIELDS: ReadonlySet<string> = new Set(['url', 'description']);
const DOCUMENT_FIELDS: ReadonlySet<string> = new Set([
  'openapi', 'swagger', 'info', 'servers', 'host', 'basePath', 'schemes', 'paths', 'components', 'definitions', 'parameters',
  'responses', 'securityDefinitions', 'security', 'tags', 'externalDocs', 'consumes', 'produces',
]);

interface Entry {
  node: JsonObject;
  source: string;
}

/** Server URLs to their objects; a 2.0 document's schemes, host and basePath make its URLs. */
function servers(spec: LoadedSpec): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const document = spec.document;
  if (spec.version === '2.0') {
    const host = stringAt(document, 'host') ?? '';
    const basePath = stringAt(document, 'basePath') ?? '';
    const schemes = arrayAt(document, 'schemes').filter((scheme): scheme is string => typeof scheme === 'string');
    const source = document.basePath !== undefined ? '/basePath' : '/host';
    for (const scheme of schemes.length > 0 ? schemes : ['']) {
      const url = host ? `${scheme ? `${scheme}:` : ''}//${host}${basePath}` : basePath || '/';
      entries.set(url, { node: { url }, source });
    }
    return entries;
  }
  arrayAt(document, 'servers').forEach((server, index) => {
    const url = isObject(server) ? stringAt(server, 'url') : undefined;
    if (url !== undefined && isObject(server)) entries.set(url, { node: server, source: sourceOf(spec, server, joinPointer('/servers', index)) });
  });
  // Without servers, a 3.x document is served from `/` (as a 2.0 one without host and basePath).
  if (entries.size === 0) entries.set('/', { node: { url: '/' }, source: '' });
  return entries;
}

function tags(spec: LoadedSpec): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  arrayAt(spec.document, 'tags').forEach((tag, index) => {
    const name = isObject(tag) ? stringAt(tag, 'name') : undefined;
    if (name !== undefined && isObject(tag)) entries.set(name, { node: tag, source: joinPointer('/tags', index) });
  });
  return entries;
}

/** Component places by `/type/name` (2.0 definitions read as schemas) to their pointers; security schemes excluded. */
function components(spec: LoadedSpec): Map<string, string> {
  const document = spec.document;
  const holders: Array<[type: string, holder: unknown, pointer: string]> = spec.version === '2.0'
    ? [['schemas', document.definitions, '/definitions'], ['parameters', document.parameters, '/parameters'], ['responses', document.responses, '/responses']]
    : Object.entries(objectAt(document, 'components') ?? {})
      .filter(([type]) => type !== 'securitySchemes')
      .map(([type, holder]) => [type, holder, joinPointer('/components', type)]);
  const places = new Map<string, string>();
  for (const [type, holder, pointer] of holders) {
    for (const name of Object.keys(isObject(holder) ? holder : {})) places.set(joinPointer('', type, name), joinPointer(pointer, name));
  }
  return places;
}

function compareEntries(scope: DiffScope, kind: 'server' | 'tag', before: Map<string, Entry>, after: Map<string, Entry>, location: string): void {
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const was = before.get(key);
    const now = after.get(key);
    const at = joinPointer(location, key);
    if (was && now) {
      const sources = { base: was.source, head: now.source };
      if (kind === 'server') {
        noteFieldChange(scope, 'server-description-changed', was.node, now.node, 'description', at, sources);
        noteOtherFields(scope, 'server-other-changed', was.node, now.node, SERVER_FIELDS, at, sources);
      } else noteOtherFields(scope, 'tag-description-changed', was.node, now.node, new Set(['name']), at, sources);
    } else if (now) note(scope, `${kind}-added`, at, `${kind} '${key}' added`, { head: now.source });
    else if (was) note(scope, `${kind}-removed`, at, `${kind} '${key}' removed`, { base: was.source });
  }
}

/** Compares everything of two documents but their operations. */
export function compareDocuments(scope: DiffScope, base: LoadedSpec, head: LoadedSpec): void {
  const root = { base: '', head: '' };
  if (base.versionText !== head.versionText) {
    const field = (spec: LoadedSpec): string => (spec.version === '2.0' ? '/swagger' : '/openapi');
    const location = base.version === '2.0' || head.version === '2.0' ? '/swagger' : '/openapi';
    note(scope, 'spec-version-changed', location, `spec version changed from ${base.versionText} to ${head.versionText}`, { base: field(base), head: field(head) });
  }
  const infoBefore = objectAt(base.document, 'info') ?? {};
  const infoAfter = objectAt(head.document, 'info') ?? {};
  const infoSources = { base: '/info', head: '/info' };
  noteFieldChange(scope, 'info-title-changed', infoBefore, infoAfter, 'title', '/info', infoSources);
  noteFieldChange(scope, 'info-version-changed', infoBefore, infoAfter, 'version', '/info', infoSources);
  noteFieldChange(scope, 'info-description-changed', infoBefore, infoAfter, 'description', '/info', infoSources);
  noteOtherFields(scope, 'info-other-changed', infoBefore, infoAfter, INFO_FIELDS, '/info', infoSources);
  compareEntries(scope, 'server', servers(base), servers(head), '/servers');
  compareEntries(scope, 'tag', tags(base), tags(head), '/tags');
  noteFieldChange(scope, 'external-docs-changed', base.document, head.document, 'externalDocs', '', root);
  const [componentsBefore, componentsAfter] = [components(base), components(head)];
  for (const [place, pointer] of componentsAfter) {
    if (!componentsBefore.has(place)) note(scope, 'component-added', `/components${place}`, `component ${place.slice(1)} added`, { head: pointer });
  }
  for (const [place, pointer] of componentsBefore) {
    if (!componentsAfter.has(place)) note(scope, 'component-removed', `/components${place}`, `component ${place.slice(1)} removed`, { base: pointer });
  }
  compareSecuritySchemes(scope, base, head);
  noteOtherFields(scope, 'document-other-changed', base.document, head.document, DOCUMENT_FIELDS, '', root);
}
