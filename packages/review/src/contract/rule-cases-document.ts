/**
 * Rule cases for security and the document's metadata: for each rule a small base and head
 * document whose diff is exactly that rule. Test data only.
 */
import { INFO, oas30, withOperation, withSecurity, type Doc, type RuleCase } from './test-fixtures.js';

const paths = { '/pets': { get: { responses: { '200': { description: 'ok' } } } } };
const doc = (extra: Doc): Doc => oas30(paths, extra);
const info = (fields: Doc): Doc => doc({ info: { ...INFO, ...fields } });
const servers = (...list: Doc[]): Doc => doc({ servers: list });
const tags = (...list: Doc[]): Doc => doc({ tags: list });
const schemas = (names: string[]): Doc => doc({ components: { schemas: Object.fromEntries(names.map((name) => [name, { type: 'object' }])) } });
const oauth = (scopes: Doc, fields: Doc = {}): Doc => ({
  oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes } }, ...fields },
});
const schemeDoc = (schemes: Doc): Doc => withOperation({}, { extra: { components: { securitySchemes: schemes } } });
const twoKeys = { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, other: { type: 'http', scheme: 'bearer' } };

export const SECURITY_RULE_CASES: RuleCase[] = [
  { rule: 'endpoint-security-added', severity: 'breaking', base: withSecurity(undefined), head: withSecurity([{ key: [] }]) },
  { rule: 'endpoint-security-removed', severity: 'non-breaking', base: withSecurity([{ key: [] }]), head: withSecurity([]) },
  { rule: 'endpoint-security-alternative-added', severity: 'non-breaking', base: withSecurity([{ key: [] }], twoKeys), head: withSecurity([{ key: [] }, { other: [] }], twoKeys) },
  { rule: 'endpoint-security-alternative-removed', severity: 'breaking', base: withSecurity([{ key: [] }, { other: [] }], twoKeys), head: withSecurity([{ key: [] }], twoKeys) },
  { rule: 'endpoint-security-scope-added', severity: 'breaking', base: withSecurity([{ oauth: ['read'] }], oauth({ read: 'r', write: 'w' })), head: withSecurity([{ oauth: ['read', 'write'] }], oauth({ read: 'r', write: 'w' })) },
  { rule: 'endpoint-security-scope-removed', severity: 'non-breaking', base: withSecurity([{ oauth: ['read', 'write'] }], oauth({ read: 'r', write: 'w' })), head: withSecurity([{ oauth: ['read'] }], oauth({ read: 'r', write: 'w' })) },
  { rule: 'security-scheme-added', severity: 'non-breaking', base: schemeDoc({}), head: schemeDoc({ other: twoKeys.other }) },
  { rule: 'security-scheme-removed', severity: 'non-breaking', base: schemeDoc({ other: twoKeys.other }), head: schemeDoc({}) },
  { rule: 'security-scheme-changed', severity: 'breaking', base: schemeDoc({ key: { type: 'apiKey', in: 'header', name: 'X-Key' } }), head: schemeDoc({ key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } }) },
  { rule: 'security-scheme-scope-added', severity: 'non-breaking', base: schemeDoc(oauth({ read: 'r' })), head: schemeDoc(oauth({ read: 'r', write: 'w' })) },
  { rule: 'security-scheme-scope-removed', severity: 'breaking', base: schemeDoc(oauth({ read: 'r', write: 'w' })), head: schemeDoc(oauth({ read: 'r' })) },
  { rule: 'security-scheme-description-changed', severity: 'informational', base: schemeDoc(oauth({ read: 'r' })), head: schemeDoc(oauth({ read: 'r' }, { description: 'Client credentials.' })) },
];

export const METADATA_RULE_CASES: RuleCase[] = [
  { rule: 'info-title-changed', severity: 'informational', base: info({}), head: info({ title: 'Pet store' }) },
  { rule: 'info-version-changed', severity: 'informational', base: info({}), head: info({ version: '1.1.0' }) },
  { rule: 'info-description-changed', severity: 'informational', base: info({}), head: info({ description: 'All the pets.' }) },
  { rule: 'info-other-changed', severity: 'informational', base: info({}), head: info({ contact: { email: 'api@example.com' } }) },
  { rule: 'server-added', severity: 'non-breaking', base: servers({ url: 'https://a.example.com' }), head: servers({ url: 'https://a.example.com' }, { url: 'https://b.example.com' }) },
  { rule: 'server-removed', severity: 'breaking', base: servers({ url: 'https://a.example.com' }, { url: 'https://b.example.com' }), head: servers({ url: 'https://a.example.com' }) },
  { rule: 'server-description-changed', severity: 'informational', base: servers({ url: 'https://a.example.com' }), head: servers({ url: 'https://a.example.com', description: 'Production' }) },
  {
    rule: 'server-other-changed', severity: 'non-breaking',
    base: servers({ url: 'https://{region}.example.com', variables: { region: { default: 'eu' } } }),
    head: servers({ url: 'https://{region}.example.com', variables: { region: { default: 'us' } } }),
  },
  { rule: 'tag-added', severity: 'informational', base: tags({ name: 'pets' }), head: tags({ name: 'pets' }, { name: 'store' }) },
  { rule: 'tag-removed', severity: 'informational', base: tags({ name: 'pets' }, { name: 'store' }), head: tags({ name: 'pets' }) },
  { rule: 'tag-description-changed', severity: 'informational', base: tags({ name: 'pets' }), head: tags({ name: 'pets', description: 'Everything about pets.' }) },
  { rule: 'external-docs-changed', severity: 'informational', base: doc({}), head: doc({ externalDocs: { url: 'https://example.com/docs' } }) },
  { rule: 'spec-version-changed', severity: 'informational', base: doc({}), head: doc({ openapi: '3.0.4' }) },
  { rule: 'component-added', severity: 'informational', base: schemas(['Pet']), head: schemas(['Pet', 'Owner']) },
  { rule: 'component-removed', severity: 'informational', base: schemas(['Pet', 'Owner']), head: schemas(['Pet']) },
  { rule: 'document-other-changed', severity: 'informational', base: doc({}), head: doc({ 'x-logo': { url: 'https://example.com/logo.png' } }) },
];
