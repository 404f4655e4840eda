/**
 * Rule cases for request bodies, media types and responses: for each rule a small base and
 * head document whose diff is exactly that rule. Test data only.
 */
import { withHeaders, withOperation, type Doc, type RuleCase } from './test-fixtures.js';

const json = { 'application/json': { schema: { type: 'object' } } };
const body = (fields: Doc = {}): Doc => withOperation({ requestBody: { content: json, ...fields } }, { method: 'post' });
const noBody = (): Doc => withOperation({}, { method: 'post' });
const bodyContent = (content: Doc): Doc => withOperation({ requestBody: { content } }, { method: 'post' });
const responses = (list: Doc): Doc => withOperation({ responses: list });
const answer = (fields: Doc = {}): Doc => responses({ '200': { description: 'ok', ...fields } });
const header = (fields: Doc = {}): Doc => ({ schema: { type: 'integer' }, ...fields });
const form = (encoding: Doc): Doc => bodyContent({ 'multipart/form-data': { schema: { type: 'object' }, encoding } });

export const REQUEST_BODY_RULE_CASES: RuleCase[] = [
  { rule: 'request-body-added', severity: 'non-breaking', base: noBody(), head: body() },
  { rule: 'request-required-body-added', severity: 'breaking', base: noBody(), head: body({ required: true }) },
  { rule: 'request-body-removed', severity: 'breaking', base: body(), head: noBody() },
  { rule: 'request-body-became-required', severity: 'breaking', base: body(), head: body({ required: true }) },
  { rule: 'request-body-became-optional', severity: 'non-breaking', base: body({ required: true }), head: body() },
  { rule: 'request-body-description-changed', severity: 'informational', base: body({ description: 'A pet.' }), head: body({ description: 'The pet to add.' }) },
  { rule: 'request-body-other-changed', severity: 'non-breaking', base: body(), head: body({ 'x-codegen-name': 'pet' }) },
];

export const MEDIA_TYPE_RULE_CASES: RuleCase[] = [
  { rule: 'request-media-type-added', severity: 'non-breaking', base: bodyContent(json), head: bodyContent({ ...json, 'application/xml': { schema: { type: 'object' } } }) },
  { rule: 'request-media-type-removed', severity: 'breaking', base: bodyContent({ ...json, 'application/xml': { schema: { type: 'object' } } }), head: bodyContent(json) },
  { rule: 'response-media-type-added', severity: 'non-breaking', base: answer({ content: json }), head: answer({ content: { ...json, 'text/csv': {} } }) },
  { rule: 'response-media-type-removed', severity: 'breaking', base: answer({ content: { ...json, 'text/csv': {} } }), head: answer({ content: json }) },
  { rule: 'request-media-type-encoding-changed', severity: 'breaking', base: form({ photo: { contentType: 'image/png' } }), head: form({ photo: { contentType: 'image/jpeg' } }) },
  { rule: 'media-type-example-changed', severity: 'informational', base: answer({ content: { 'application/json': { example: { id: 1 } } } }), head: answer({ content: { 'application/json': { example: { id: 2 } } } }) },
  { rule: 'media-type-other-changed', severity: 'non-breaking', base: answer({ content: { 'application/json': {} } }), head: answer({ content: { 'application/json': { 'x-cache': true } } }) },
];

export const RESPONSE_RULE_CASES: RuleCase[] = [
  { rule: 'response-success-status-removed', severity: 'breaking', base: responses({ '200': { description: 'ok' }, '201': { description: 'made' } }), head: responses({ '200': { description: 'ok' } }) },
  { rule: 'response-non-success-status-removed', severity: 'breaking', base: responses({ '200': { description: 'ok' }, '404': { description: 'none' } }), head: responses({ '200': { description: 'ok' } }) },
  { rule: 'response-success-status-added', severity: 'non-breaking', base: responses({ '200': { description: 'ok' } }), head: responses({ '200': { description: 'ok' }, '206': { description: 'part' } }) },
  { rule: 'response-non-success-status-added', severity: 'non-breaking', base: responses({ '200': { description: 'ok' } }), head: responses({ '200': { description: 'ok' }, default: { description: 'error' } }) },
  { rule: 'response-description-changed', severity: 'informational', base: answer(), head: answer({ description: 'The pets.' }) },
  { rule: 'response-header-added', severity: 'non-breaking', base: withHeaders({}), head: withHeaders({ 'X-Rate': header() }) },
  { rule: 'response-header-removed', severity: 'breaking', base: withHeaders({ 'X-Rate': header() }), head: withHeaders({}) },
  { rule: 'response-header-became-optional', severity: 'breaking', base: withHeaders({ 'X-Rate': header({ required: true }) }), head: withHeaders({ 'X-Rate': header() }) },
  { rule: 'response-header-became-required', severity: 'non-breaking', base: withHeaders({ 'X-Rate': header() }), head: withHeaders({ 'x-rate': header({ required: true }) }) },
  { rule: 'response-header-description-changed', severity: 'informational', base: withHeaders({ 'X-Rate': header() }), head: withHeaders({ 'X-Rate': header({ description: 'Calls left.' }) }) },
  { rule: 'response-header-deprecated', severity: 'informational', base: withHeaders({ 'X-Rate': header() }), head: withHeaders({ 'X-Rate': header({ deprecated: true }) }) },
  { rule: 'response-other-changed', severity: 'non-breaking', base: answer(), head: answer({ links: { owner: { operationId: 'getOwner' } } }) },
];
