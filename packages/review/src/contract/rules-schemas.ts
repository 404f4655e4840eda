/**
 * The rules of schemas, wherever one is met (a parameter, a request or response body, a header,
 * and everything nested in them), in two directions as oasdiff has them: what a request accepts
 * may widen but not narrow, what a response returns may narrow but not widen (a client that
 * validates, or switches over an enum, breaks on a value it never saw). The choices beyond that:
 *   - A response schema becoming nullable breaks clients that do not expect null; it becoming
 *     not nullable is breaking too, as the issue asks: generated clients change the field's type.
 *   - Removing any property is breaking in both directions; a response property becoming
 *     optional is breaking (clients stop getting it), becoming required is not.
 *   - A readOnly property does not travel in requests, a writeOnly one in responses (OpenAPI
 *     3.0's Schema Object: for a readOnly property `required` applies to responses only, and
 *     the reverse): removing one, or changing whether it is required, where it does not travel
 *     is non-breaking.
 *   - additionalProperties allowed in a response is not breaking (tolerant readers ignore
 *     unknown fields, as with a new response property); restricted in a request is.
 *   - `const` reads as a one-value enum; a 3.1 `type: [x, "null"]` as type x and nullable.
 *   - Fallbacks: other validation keywords (not, if/then/else, prefixItems, readOnly,
 *     writeOnly, patternProperties, dependentRequired...) are `*-schema-constraint-changed`,
 *     breaking, since an unread constraint may narrow anything; annotations (xml, externalDocs,
 *     $comment, x- extensions) are `schema-annotation-changed`, informational.
 */
import type { ContractRule } from './model.js';
import { expandDirectional, rule, type DirectionalRule } from './rule-builders.js';
import { BOUND_FAMILIES } from './schema-bounds.js';

const B = 'breaking';
const N = 'non-breaking';

function schemaRule(suffix: string, kind: string, action: DirectionalRule['action'], request: DirectionalRule['request'], response: DirectionalRule['response'], describe: DirectionalRule['describe']): DirectionalRule {
  return { suffix, area: 'schemas', kind, action, request, response, describe };
}

const BOUND_TEMPLATES: DirectionalRule[] = BOUND_FAMILIES.flatMap((family) => {
  const set = family.upper ? 'set or lowered' : 'set or raised';
  const unset = family.upper ? 'removed or raised' : 'removed or lowered';
  return [
    schemaRule(`schema-${family.kind}-tightened`, family.kind, 'modified', B, N,
      (w) => `A ${w.side} schema's ${family.keyword} ${set}: fewer values allowed; ${w.direction === 'request' ? 'clients sending values outside it are refused' : 'clients still get values they handle'}.`),
    schemaRule(`schema-${family.kind}-loosened`, family.kind, 'modified', N, B,
      (w) => `A ${w.side} schema's ${family.keyword} ${unset}: more values allowed; ${w.direction === 'request' ? 'old clients send values still accepted' : 'clients may get values they never handled'}.`),
  ];
});

const SCHEMA_TEMPLATES: DirectionalRule[] = [
  schemaRule('schema-type-changed', 'type', 'modified', B, B, (w) => `A ${w.side} schema's type changed to one that does not contain the old (string to integer): what ${w.sender} send no longer fits.`),
  schemaRule('schema-type-widened', 'type', 'modified', N, B, (w) => `A ${w.side} schema's type widened (integer to number, a type added to a 3.1 list, or the type removed): ${w.reader} may meet values of a type ${w.direction === 'request' ? 'it already accepts' : 'they never handled'}.`),
  schemaRule('schema-type-narrowed', 'type', 'modified', B, N, (w) => `A ${w.side} schema's type narrowed (number to integer, a type removed from a 3.1 list, or a type set where any was allowed).`),
  schemaRule('schema-format-changed', 'format', 'modified', B, B, (w) => `A ${w.side} schema's format changed (date to date-time, int32 to int64): ${w.sender} and ${w.reader} disagree on the value's form.`),
  schemaRule('schema-format-added', 'format', 'added', B, N, (w) => `A format set on a ${w.side} schema that had none: a narrowing.`),
  schemaRule('schema-format-removed', 'format', 'removed', N, B, (w) => `A ${w.side} schema's format removed: a widening.`),
  schemaRule('schema-enum-value-removed', 'enum-value', 'removed', B, N, (w) => `A value removed from a ${w.side} enum: ${w.direction === 'request' ? 'clients sending it are refused' : 'clients simply stop getting it'}.`),
  schemaRule('schema-enum-value-added', 'enum-value', 'added', N, B, (w) => `A value added to a ${w.side} enum: ${w.direction === 'request' ? 'additive' : 'clients switching over the enum meet a value they do not know'}.`),
  schemaRule('schema-enum-added', 'enum', 'added', B, N, (w) => `An enum (or const) set on a ${w.side} schema that allowed any value of its type: a narrowing.`),
  schemaRule('schema-enum-removed', 'enum', 'removed', N, B, (w) => `A ${w.side} schema's enum (or const) removed: any value of its type allowed, a widening.`),
  ...BOUND_TEMPLATES,
  schemaRule('schema-multiple-of-tightened', 'multiple-of', 'modified', B, N, (w) => `A ${w.side} schema's multipleOf set, or changed to a multiple of the old one: fewer values allowed.`),
  schemaRule('schema-multiple-of-loosened', 'multiple-of', 'modified', N, B, (w) => `A ${w.side} schema's multipleOf removed, or changed to a divisor of the old one: more values allowed.`),
  schemaRule('schema-multiple-of-changed', 'multiple-of', 'modified', B, B, (w) => `A ${w.side} schema's multipleOf changed to a value neither a multiple nor a divisor of the old one.`),
  schemaRule('schema-pattern-added', 'pattern', 'added', B, N, (w) => `A pattern set on a ${w.side} string schema that had none: a narrowing.`),
  schemaRule('schema-pattern-removed', 'pattern', 'removed', N, B, (w) => `A ${w.side} schema's pattern removed: a widening.`),
  schemaRule('schema-pattern-changed', 'pattern', 'modified', B, B, (w) => `A ${w.side} schema's pattern changed: values that matched may not match now, whichever way.`),
  schemaRule('schema-unique-items-enabled', 'unique-items', 'added', B, N, (w) => `uniqueItems turned on for a ${w.side} array: arrays with repeats no longer allowed.`),
  schemaRule('schema-unique-items-disabled', 'unique-items', 'removed', N, B, (w) => `uniqueItems turned off for a ${w.side} array: repeats allowed.`),
  schemaRule('schema-became-nullable', 'nullable', 'added', N, B, (w) => `A ${w.side} schema made nullable: ${w.direction === 'request' ? 'clients may send null, the server accepts it' : 'clients that do not expect null break'}.`),
  schemaRule('schema-became-not-nullable', 'nullable', 'removed', B, B, (w) => w.direction === 'request'
    ? 'A request schema no longer nullable: clients sending null are refused.'
    : 'A response schema no longer nullable: clients generated from the spec change the field\'s type (the issue counts it as a narrowing that breaks).'),
  schemaRule('property-added', 'property', 'added', N, N, (w) => w.direction === 'request' ? 'An optional property added to a request schema. Additive.' : 'A property added to a response schema. Additive for clients that ignore unknown fields.'),
  schemaRule('required-property-added', 'property', 'added', B, null, () => 'A required property added to a request schema (not readOnly): existing clients do not send it. A default does not save it: a request without it is invalid under the new contract.'),
  schemaRule('property-removed', 'property', 'removed', B, B, (w) => w.direction === 'request' ? 'A property removed from a request schema: clients sending it may be refused, and what it carried is dropped.' : 'A property removed from a response schema: clients reading it find nothing.'),
  schemaRule('read-only-property-removed', 'property', 'removed', N, null, () => 'A readOnly property removed from a request schema: clients never send it (the server sets it), so no request changes. Its removal from a response is response-property-removed.'),
  schemaRule('write-only-property-removed', 'property', 'removed', null, N, () => 'A writeOnly property removed from a response schema: the server never returns it, so no reader loses anything. Its removal from a request is request-property-removed.'),
  schemaRule('property-became-required', 'required', 'modified', B, N, (w) => w.direction === 'request' ? 'A request property made required: clients that leave it out are refused.' : 'A response property made required: clients get it always.'),
  schemaRule('property-became-optional', 'required', 'modified', N, B, (w) => w.direction === 'request' ? 'A request property made optional. Widens what is accepted.' : 'A response property made optional: clients that rely on it may not get it.'),
  schemaRule('read-only-property-became-required', 'required', 'modified', N, null, () => 'A readOnly property made required in a request schema: for a readOnly property required applies to responses only, so clients still leave it out.'),
  schemaRule('write-only-property-became-optional', 'required', 'modified', null, N, () => 'A writeOnly property made optional in a response schema: the server never returns it, so no client relied on getting it.'),
  schemaRule('schema-additional-properties-restricted', 'additional-properties', 'modified', B, N, (w) => `A ${w.side} object's additionalProperties narrowed (turned off, or given a schema where any was allowed).`),
  schemaRule('schema-additional-properties-allowed', 'additional-properties', 'modified', N, N, (w) => `A ${w.side} object's additionalProperties widened. ${w.direction === 'request' ? 'More is accepted.' : 'Clients that ignore unknown fields are unaffected, as with a new property.'}`),
  schemaRule('schema-variant-added', 'variant', 'added', N, B, (w) => `A branch added to a ${w.side} schema's oneOf or anyOf: ${w.direction === 'request' ? 'more shapes accepted' : 'clients may get a shape they cannot read'}.`),
  schemaRule('schema-variant-removed', 'variant', 'removed', B, N, (w) => `A branch removed from a ${w.side} schema's oneOf or anyOf: ${w.direction === 'request' ? 'clients sending that shape are refused' : 'clients stop getting that shape'}.`),
  schemaRule('schema-all-of-added', 'all-of', 'added', B, N, (w) => `A schema added to a ${w.side} schema's allOf: every value must fit one more schema, a narrowing.`),
  schemaRule('schema-all-of-removed', 'all-of', 'removed', N, B, (w) => `A schema removed from a ${w.side} schema's allOf: a widening.`),
  schemaRule('schema-discriminator-changed', 'discriminator', 'modified', B, B, (w) => `A ${w.side} schema's discriminator (property name or mapping) changed: ${w.reader} pick the wrong variant.`),
  schemaRule('schema-constraint-changed', 'constraint', 'modified', B, B, (w) => `Fallback of the ${w.side} schemas: any other validation keyword changed (not, if/then/else, prefixItems, readOnly, writeOnly, patternProperties...). Not read in detail, so it may narrow anything and needs a decision.`),
];

export const SCHEMA_RULES: readonly ContractRule[] = [
  ...expandDirectional(SCHEMA_TEMPLATES),
  rule('schema-default-changed', 'schemas', 'default', 'modified', 'non-breaking', 'A schema\'s default value added, removed or changed: behaviour for omitted values changes, the accepted values do not (oasdiff no longer fails on it).'),
  rule('schema-description-changed', 'schemas', 'description', 'modified', 'informational', 'A schema\'s description added, removed or reworded.'),
  rule('schema-title-changed', 'schemas', 'title', 'modified', 'informational', 'A schema\'s title changed.'),
  rule('schema-example-changed', 'schemas', 'example', 'modified', 'informational', 'A schema\'s example or examples changed.'),
  rule('schema-deprecated', 'schemas', 'deprecated', 'added', 'informational', 'A schema or property marked deprecated.'),
  rule('schema-deprecation-removed', 'schemas', 'deprecated', 'removed', 'informational', 'A schema or property no longer marked deprecated.'),
  rule('schema-annotation-changed', 'schemas', 'annotation', 'modified', 'informational', 'Fallback for annotations: xml, externalDocs, $comment or an x- extension of a schema changed.'),
];
