/**
 * Reads a JUnit XML report (surefire, pytest's junitxml, go-junit-report, gotestsum, jest-junit,
 * vitest) into flat test cases with fast-xml-parser. Owns the reading only, never matching.
 *   - Roots: `<testsuites>` (suites inside, nested to any depth the parser allows) or a bare
 *     `<testsuite>`; cases directly under either root count too.
 *   - State: a `<failure>` or `<error>` child is `failed` (surefire's `flakyFailure` alone is not,
 *     since the rerun passed), else a `<skipped>` child is `skipped`, else `passed`.
 *   - A case's suite is the nearest enclosing suite with a name; its file is its own `file`
 *     attribute, else the nearest enclosing suite's.
 *   - Never throws: a malformed document, one over JUNIT_MAX_BYTES, one with an external entity
 *     or a runaway internal one, gives one diagnostic naming the source and zero cases. External
 *     entities are never fetched (the parser refuses them) and internal DTD entities are bounded.
 */
import { xmlLibrary } from '../libraries.js';
import type { JUnitCase, JUnitCaseState, JUnitParse } from './shapes.js';

/** The largest document read (20 MiB of UTF-8); a larger one is refused with a diagnostic. */
export const JUNIT_MAX_BYTES = 20 * 1024 * 1024;

/** Parses one JUnit XML document; `source` names it in every diagnostic. */
export function parseJUnit(xml: string, source: string): JUnitParse {
  if (typeof xml !== 'string') return refused(`${source}: JUnit XML must be a string`);
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > JUNIT_MAX_BYTES) {
    return refused(`${source}: JUnit XML is ${bytes} bytes, over the ${JUNIT_MAX_BYTES}-byte limit; not read`);
  }
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const validity = xmlLibrary().XMLValidator.validate(text);
  if (validity !== true) {
    const { msg, line, col } = validity.err;
    return refused(`${source}: malformed JUnit XML at line ${line}${col ? `, column ${col}` : ''}: ${msg}`);
  }
  let root: XmlNode;
  try {
    root = asNode(new (xmlLibrary().XMLParser)(PARSER_OPTIONS).parse(text));
  } catch (error) {
    return refused(`${source}: JUnit XML could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const roots = [...childNodes(root, 'testsuites'), ...childNodes(root, 'testsuite')];
  if (roots.length === 0) {
    const found = Object.keys(root).filter((key) => !key.startsWith('?') && !key.startsWith('#'));
    return refused(`${source}: not a JUnit report: the root is <${found[0] ?? '?'}>, not <testsuites> or <testsuite>`);
  }
  const walk: Walk = { cases: [], unnamed: 0 };
  for (const node of roots) visitSuite(node, { suite: '', file: undefined }, walk);
  const diagnostics: string[] = [];
  if (walk.unnamed > 0) diagnostics.push(`${source}: ${walk.unnamed} <testcase> elements without a name were ignored`);
  if (walk.cases.length === 0 && walk.unnamed === 0) diagnostics.push(`${source}: the JUnit report holds no <testcase> elements`);
  return { cases: walk.cases, diagnostics };
}

type XmlNode = Record<string, unknown>;

interface Enclosing {
  suite: string;
  file: string | undefined;
}

interface Walk {
  cases: JUnitCase[];
  unnamed: number;
}

const ATTRIBUTE_PREFIX = '@_';
const ARRAY_TAGS = new Set(['testsuites', 'testsuite', 'testcase', 'failure', 'error', 'skipped']);

const PARSER_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Decodes numeric character references (`&#10;`) besides XML's five named entities.
  htmlEntities: true,
  // Internal DTD entities stay bounded; external ones make the parser throw, never fetch.
  processEntities: { enabled: true, maxEntityCount: 16, maxEntitySize: 1024, maxExpandedLength: 65_536 },
  isArray: (tagName: string, _path: unknown, _leaf: boolean, isAttribute: boolean): boolean =>
    !isAttribute && ARRAY_TAGS.has(tagName),
};

function visitSuite(node: XmlNode, enclosing: Enclosing, walk: Walk): void {
  const here: Enclosing = {
    suite: attribute(node, 'name') ?? enclosing.suite,
    file: attribute(node, 'file') ?? enclosing.file,
  };
  for (const testcase of childNodes(node, 'testcase')) {
    const junitCase = readCase(testcase, here);
    if (junitCase) walk.cases.push(junitCase);
    else walk.unnamed++;
  }
  for (const child of childNodes(node, 'testsuite')) visitSuite(child, here, walk);
  for (const child of childNodes(node, 'testsuites')) visitSuite(child, here, walk);
}

function readCase(node: XmlNode, enclosing: Enclosing): JUnitCase | undefined {
  const name = attribute(node, 'name');
  if (name === undefined || name === '') return undefined;
  const junitCase: JUnitCase = {
    suite: enclosing.suite,
    classname: attribute(node, 'classname') ?? '',
    name,
    state: caseState(node),
  };
  const file = attribute(node, 'file') ?? enclosing.file;
  if (file !== undefined && file !== '') junitCase.file = file;
  const durationMs = milliseconds(attribute(node, 'time'));
  if (durationMs !== undefined) junitCase.durationMs = durationMs;
  return junitCase;
}

function caseState(node: XmlNode): JUnitCaseState {
  if (Object.hasOwn(node, 'failure') || Object.hasOwn(node, 'error')) return 'failed';
  if (Object.hasOwn(node, 'skipped')) return 'skipped';
  return 'passed';
}

/** Seconds as reports write them (`0.012`, surefire's `1,234.5`) to milliseconds. */
function milliseconds(time: string | undefined): number | undefined {
  if (time === undefined) return undefined;
  const seconds = Number(time.replaceAll(',', '').trim());
  if (time.trim() === '' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.round(seconds * 1_000_000) / 1000;
}

function refused(diagnostic: string): JUnitParse {
  return { cases: [], diagnostics: [diagnostic] };
}

function asNode(value: unknown): XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : {};
}

/** The element children of a tag (an empty element parses as '', read as a node without parts). */
function childNodes(node: XmlNode, tag: string): XmlNode[] {
  const value = Object.hasOwn(node, tag) ? node[tag] : undefined;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(asNode);
}

function attribute(node: XmlNode, name: string): string | undefined {
  const value = node[ATTRIBUTE_PREFIX + name];
  return typeof value === 'string' ? value : undefined;
}
