// The contract axis end to end on realistic spec pairs, one per format (Swagger 2.0 in JSON,
// OpenAPI 3.0 in YAML, OpenAPI 3.1 in JSON; test/fixtures/contract/, invented APIs): the head of
// each makes breaking, non-breaking and informational changes on a branch, and the review finds
// every one expected with its rule and severity (as RULES.md documents them) and the line that
// shows it (the head's, or the base's for a removal); every change is classified by a documented
// rule and has evidence inside its file; the axis fails before any decision and lists the changes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, projectRoot, writeFiles } from '../helpers/repo.mjs';

const fixture = (name) => readFileSync(new URL(`../fixtures/contract/${name}`, import.meta.url), 'utf8');

/** RULES.md's table: rule id to severity. */
const RULE_SEVERITY = new Map(readFileSync(`${projectRoot}packages/review/src/contract/RULES.md`, 'utf8').split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .map((cells) => [cells[1].replaceAll('`', ''), cells[6]]));

/**
 * One expected change: [ruleId, severity, operation ('' for the document), location, evidence],
 * the evidence naming the side and the text of the line (the first holding it, after the first
 * line holding `after` when given; `offset` moves from there, e.g. to the `{` opening a JSON array
 * member).
 */
const change = (ruleId, severity, operation, location, evidence) => ({ ruleId, severity, operation, location, evidence });
const head = (text, more = {}) => ({ side: 'head', text, ...more });
const base = (text, more = {}) => ({ side: 'base', text, ...more });
const JSON_BODY = '/requestBody/content/application~1json/schema';
const json200 = (status = '200') => `/responses/${status}/content/application~1json/schema`;

const FORMATS = [
  {
    format: 'Swagger 2.0 in JSON',
    path: 'services/inventory/swagger.json',
    files: ['inventory-swagger2-base.json', 'inventory-swagger2-head.json'],
    counts: { breaking: 7, 'non-breaking': 6, informational: 9 },
    expected: [
      change('endpoint-removed', 'breaking', 'DELETE /items/{sku}', '', base('"delete": {')),
      change('request-required-property-added', 'breaking', 'POST /items', `${JSON_BODY}/properties/supplierId`, head('"supplierId": {')),
      change('response-property-removed', 'breaking', 'GET /items/{sku}', `${json200()}/properties/tags`, base('"tags": { "type": "array"')),
      change('response-property-removed', 'breaking', 'GET /items', `${json200()}/properties/items/items/properties/tags`, base('"tags": { "type": "array"')),
      change('request-schema-max-tightened', 'breaking', 'GET /items', '/parameters/query/limit/schema/maximum', head('"maximum": 100,')),
      change('request-schema-enum-value-removed', 'breaking', 'POST /stock/adjustments', `${JSON_BODY}/properties/reason/enum/damaged`, base('"reason": {')),
      change('endpoint-added', 'non-breaking', 'GET /items/{sku}/history', '', head('"get": {', { after: '"/items/{sku}/history"' })),
      change('request-optional-parameter-added', 'non-breaking', 'GET /items', '/parameters/query/updatedSince', head('"name": "updatedSince"', { offset: -1 })),
      change('response-property-added', 'non-breaking', 'GET /warehouses', `${json200()}/items/properties/timezone`, head('"timezone": {')),
      // Narrowing a response is safe: clients stop getting "recalled" (the request side would break).
      change('response-schema-enum-value-removed', 'non-breaking', 'GET /items/{sku}', `${json200()}/properties/status/enum/recalled`, base('"status": {')),
      change('endpoint-summary-changed', 'informational', 'GET /items', '/summary', head('"summary": "List catalogue items"')),
      change('request-parameter-description-changed', 'informational', 'GET /items', '/parameters/query/cursor/description', head('"description": "Opaque cursor:')),
      change('info-description-changed', 'informational', '', '/info/description', head('their history, warehouses')),
      change('info-version-changed', 'informational', '', '/info/version', head('"version": "1.5.0"')),
      change('media-type-example-changed', 'informational', 'GET /items/{sku}', '/responses/200/content/application~1json/example', head('"name": "Framing hammer", "price": 14.25')),
      change('schema-example-changed', 'informational', 'GET /items/{sku}', `${json200()}/properties/name/example`, head('"example": "Framing hammer"')),
      change('component-added', 'informational', '', '/components/schemas/ItemHistoryEntry', head('"ItemHistoryEntry": {')),
    ],
  },
  {
    format: 'OpenAPI 3.0 in YAML',
    path: 'openapi.yaml',
    files: ['orders-openapi30-base.yaml', 'orders-openapi30-head.yaml'],
    counts: { breaking: 11, 'non-breaking': 16, informational: 7 },
    expected: [
      change('request-required-property-added', 'breaking', 'POST /orders', `${JSON_BODY}/properties/customerId`, head('customerId:')),
      change('request-schema-max-tightened', 'breaking', 'POST /orders', `${JSON_BODY}/properties/lines/items/properties/quantity/maximum`, head('maximum: 100', { after: '    OrderLine:' })),
      // Category's children are Category[]: the circular $ref reports the removal once per operation.
      change('response-property-removed', 'breaking', 'GET /categories/{categoryId}', `${json200()}/properties/slug`, base('slug:')),
      change('response-property-removed', 'breaking', 'GET /categories', `${json200()}/items/properties/slug`, base('slug:')),
      change('request-schema-enum-value-removed', 'breaking', 'GET /orders', '/parameters/query/status/schema/enum/cancelled', base('enum: [pending, paid, shipped, cancelled]', { after: '- name: status' })),
      change('response-schema-enum-value-added', 'breaking', 'GET /orders/{orderId}', `${json200()}/properties/status/enum/refunded`, head('enum: [pending, paid, shipped, cancelled, refunded]')),
      change('request-schema-max-length-tightened', 'breaking', 'POST /orders', `${JSON_BODY}/properties/couponCode/maxLength`, head('maxLength: 16')),
      change('response-property-removed', 'breaking', 'POST /subscriptions', `${json200('201')}/properties/createdAt`, base('createdAt:', { after: '    Subscription:' })),
      change('endpoint-added', 'non-breaking', 'GET /orders/{orderId}/invoice', '', head('get:', { after: '/orders/{orderId}/invoice:' })),
      change('request-optional-parameter-added', 'non-breaking', 'GET /orders', '/parameters/query/createdAfter', head('- name: createdAfter')),
      change('response-property-added', 'non-breaking', 'GET /orders/{orderId}', `${json200()}/properties/trackingNumber`, head('trackingNumber:')),
      change('response-non-success-status-added', 'non-breaking', 'POST /orders', '/responses/409', head("'409':", { after: 'operationId: createOrder' })),
      change('response-schema-max-tightened', 'non-breaking', 'GET /orders/{orderId}', `${json200()}/properties/lines/items/properties/quantity/maximum`, head('maximum: 100', { after: '    OrderLine:' })),
      // A readOnly property travels in responses only: the request side loses nothing.
      change('request-read-only-property-removed', 'non-breaking', 'POST /subscriptions', `${JSON_BODY}/properties/createdAt`, base('createdAt:', { after: '    Subscription:' })),
      change('request-read-only-property-became-required', 'non-breaking', 'POST /subscriptions', `${JSON_BODY}/properties/id`, head('id:', { after: '    Subscription:' })),
      change('response-property-added', 'non-breaking', 'GET /categories/{categoryId}', `${json200()}/properties/description`, head('description:', { after: '    Category:' })),
      change('endpoint-description-changed', 'informational', 'GET /orders', '/description', head('cancelled orders are not listed')),
      change('schema-example-changed', 'informational', 'GET /orders/{orderId}', `${json200()}/properties/createdAt/example`, head("example: '2025-01-15T14:05:00Z'")),
      change('tag-description-changed', 'informational', '', '/tags/orders/description', head('Placing, following and invoicing orders')),
      change('info-version-changed', 'informational', '', '/info/version', head('version: 2.2.0')),
    ],
  },
  {
    format: 'OpenAPI 3.1 in JSON',
    path: 'api/tracking.openapi.json',
    files: ['tracking-openapi31-base.json', 'tracking-openapi31-head.json'],
    counts: { breaking: 11, 'non-breaking': 9, informational: 8 },
    expected: [
      change('endpoint-removed', 'breaking', 'PATCH /shipments/{shipmentId}', '', base('"patch": {')),
      // 3.1's numeric exclusiveMaximum: `maximum: 70` to `exclusiveMaximum: 30` lowers the bound.
      change('request-schema-max-tightened', 'breaking', 'POST /shipments', `${JSON_BODY}/properties/weightKg/maximum`, head('"weightKg": {')),
      change('request-required-property-added', 'breaking', 'POST /shipments', `${JSON_BODY}/properties/serviceLevel`, head('"serviceLevel": {')),
      change('response-property-removed', 'breaking', 'GET /shipments/{shipmentId}', `${json200()}/properties/signature`, base('"signature": {')),
      // `"type": "string"` to `["string", "null"]`.
      change('response-schema-became-nullable', 'breaking', 'GET /shipments/{shipmentId}/events', `${json200()}/items/properties/location/nullable`, head('"location": {')),
      change('response-schema-enum-value-added', 'breaking', 'GET /shipments/{shipmentId}', `${json200()}/properties/carrier/enum/dpd`, head('"Carrier": {')),
      change('endpoint-security-scope-added', 'breaking', 'POST /shipments', '/security/oauth/oauth/labels:print', head('"shipments:write", "labels:print"')),
      change('endpoint-added', 'non-breaking', 'GET /shipments/{shipmentId}/label', '', head('"get": {', { after: '"/shipments/{shipmentId}/label"' })),
      change('request-optional-parameter-added', 'non-breaking', 'GET /shipments', '/parameters/query/status', head('"name": "status"', { offset: -1 })),
      change('request-schema-became-nullable', 'non-breaking', 'POST /shipments', `${JSON_BODY}/properties/reference/nullable`, head('"reference": { "type": ["string", "null"], "maxLength": 64 }')),
      change('response-property-added', 'non-breaking', 'GET /shipments/{shipmentId}', `${json200()}/properties/estimatedDelivery`, head('"estimatedDelivery": {')),
      // The same new enum value, read from a request: additive.
      change('request-schema-enum-value-added', 'non-breaking', 'POST /shipments', `${JSON_BODY}/properties/carrier/enum/dpd`, head('"Carrier": {')),
      change('security-scheme-scope-added', 'non-breaking', '', '/components/securitySchemes/oauth/scopes/labels:print', head('"scopes": {')),
      change('media-type-example-changed', 'informational', 'POST /shipments', '/requestBody/content/application~1json/examples', head('"examples": {')),
      change('schema-example-changed', 'informational', 'GET /shipments/{shipmentId}', `${json200()}/properties/id/examples`, head('"examples": ["shp_01HV9K2"]')),
      change('endpoint-summary-changed', 'informational', 'GET /shipments', '/summary', head('"summary": "List shipments of the account"')),
      change('document-other-changed', 'informational', '', '/webhooks', head('"webhooks": {')),
      change('info-other-changed', 'informational', '', '/info/summary', head('print their labels')),
      change('info-version-changed', 'informational', '', '/info/version', head('"version": "1.0.0"')),
    ],
  },
];

/** The 1-based line of the evidence in `text` (it must be there). */
function evidenceLine(text, { text: needle, after, offset = 0 }) {
  const lines = text.split('\n');
  const from = after === undefined ? 0 : lines.findIndex((line) => line.includes(after));
  assert.ok(from >= 0, `no line holds ${JSON.stringify(after)}`);
  const index = lines.findIndex((line, at) => at >= from && line.includes(needle));
  assert.ok(index >= 0, `no line holds ${JSON.stringify(needle)}${after === undefined ? '' : ` after ${JSON.stringify(after)}`}`);
  return index + 1 + offset;
}

function countBySeverity(changes) {
  const counts = { breaking: 0, 'non-breaking': 0, informational: 0 };
  for (const { severity } of changes) counts[severity] += 1;
  return counts;
}

for (const { format, path, files, counts, expected } of FORMATS) {
  test(`the contract axis on a realistic ${format} pair: every change classified, with its line`, { timeout: 120_000 }, async (t) => {
    const [baseText, headText] = files.map(fixture);
    const s = scope(t);
    const repo = s.repo('api', { [path]: baseText, 'README.md': '# API\n' });
    git(repo, 'checkout', '-qb', 'feature');
    writeFiles(repo, { [path]: headText });
    git(repo, 'commit', '-qam', 'the next version of the API');
    git(repo, 'checkout', '-q', 'main');
    const daemon = await s.daemon(repo);
    const client = await daemon.client();
    const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
    const { contract } = await call(client, 'review_studio.get', { reviewId });
    assert.deepEqual(contract.problems, []);
    const rows = contract.changes.map((found) => `${found.severity} ${found.ruleId} ${found.operation ?? '-'} ${found.location}`);

    const sides = { base: baseText.split('\n'), head: headText.split('\n') };
    for (const found of contract.changes) {
      const what = `${found.ruleId} ${found.operation ?? '-'} ${found.location}`;
      assert.equal(RULE_SEVERITY.get(found.ruleId), found.severity, `${what}: classified by a documented rule, with its severity`);
      assert.equal(found.path, path, what);
      assert.match(found.id, /^[0-9a-f]{24}$/, what);
      assert.ok(found.message.length > 0, what);
      const side = found.action === 'removed' ? sides.base : sides.head;
      assert.ok(Number.isInteger(found.line) && found.line >= 1 && found.line <= side.length, `${what}: line ${found.line}`);
      assert.notEqual(side[found.line - 1].trim(), '', `${what}: line ${found.line} shows something`);
    }
    assert.deepEqual(countBySeverity(contract.changes), counts, rows.join('\n'));
    for (const severity of ['breaking', 'non-breaking', 'informational']) {
      assert.ok(expected.filter((wanted) => wanted.severity === severity).length >= 2, `the fixture exercises ${severity} changes`);
    }

    for (const wanted of expected) {
      const where = `${wanted.ruleId} ${wanted.operation || '-'} ${wanted.location}`;
      const found = contract.changes.find((candidate) => candidate.ruleId === wanted.ruleId
        && (candidate.operation ?? '') === wanted.operation && candidate.location === wanted.location);
      assert.ok(found, `expected ${where} among:\n${rows.join('\n')}`);
      assert.equal(found.severity, wanted.severity, where);
      assert.equal(RULE_SEVERITY.get(wanted.ruleId), wanted.severity, `${where}: RULES.md agrees`);
      const line = evidenceLine(wanted.evidence.side === 'base' ? baseText : headText, wanted.evidence);
      assert.equal(found.line, line, `${where}: the ${wanted.evidence.side} line ${line} (${sides[wanted.evidence.side][line - 1]?.trim()}), not ${found.line} (${sides[wanted.evidence.side][found.line - 1]?.trim()})`);
    }

    const axis = await call(client, 'review_studio.axis', { reviewId, axis: 'contract' });
    assert.equal(axis.result.state, 'fail', JSON.stringify(axis.result.reason));
    assert.equal(axis.result.reason, `${counts.breaking} breaking changes without a decision`);
    assert.deepEqual(axis.changes.map(({ decision, ...rest }) => rest), contract.changes);
    assert.ok(axis.changes.every((listed) => listed.decision === null), 'no decision yet');
    assert.equal((await call(client, 'review_studio.verdict', { reviewId })).verdict, 'Block');
  });
}
