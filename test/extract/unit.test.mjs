// Direct assertions on the extractor: masking keeps positions, bad input never throws, and the
// small public helpers. Snapshot coverage of the facts themselves is in snapshots.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTRACTOR_VERSION, isGeneratedFile, languageOfPath } from '@repograph/extract';
import { extractFile } from '@repograph/extract/in-process';
import extractBatch from '@repograph/extract/worker';
import { maskUnsupportedSyntax } from '../../packages/extract/dist/js/mask.js';
import { brokenTemplateTypeStarts, maskTemplateSyntax } from '../../packages/extract/dist/js/mask-templates.js';
import { random } from '../helpers/random.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const inputs = join(here, '../fixtures/extract/input');
const encode = (text) => new TextEncoder().encode(text);

function assertWellFormed(facts) {
  assert.equal(typeof facts.path, 'string');
  assert.equal(facts.extractorVersion, EXTRACTOR_VERSION);
  for (const key of ['declarations', 'imports', 'exports', 'references', 'diagnostics']) assert.ok(Array.isArray(facts[key]), key);
  for (const decl of facts.declarations) {
    assert.ok(decl.parent >= -1 && decl.parent < facts.declarations.length);
    assert.ok(decl.range.start.line >= 1 && decl.selection.start.column >= 1);
  }
  for (const ref of facts.references) assert.ok(ref.from >= -1 && ref.from < facts.declarations.length);
  assert.ok(!facts.diagnostics.some((d) => d.code === 'extractor_failure' && d.severity === 'error'),
    JSON.stringify(facts.diagnostics));
}

test('masking keeps length, line breaks and every identifier in place', () => {
  const source = [
    'export interface A<in out T, out U> {',
    '  readonly a: T',
    '  <C>(x: C): C',
    '  (y: number): U',
    '}',
    'type F<const in K> = {',
    '  b: K',
    '  /** doc */',
    '  <',
    '    Z',
    '  >(z: Z): Z',
    '}',
  ].join('\n');
  const rows = new Set(source.split('\n').map((_, row) => row));
  const masked = maskUnsupportedSyntax(source, rows);
  assert.notEqual(masked, source);
  assert.equal(masked.length, source.length);
  for (let i = 0; i < source.length; i++) {
    if (source[i] === masked[i]) continue;
    const maskedKeyword = masked[i] === ' ' && /[inout]/.test(source[i]);
    const insertedSeparator = masked[i] === ';' && (source[i] === ' ' || source[i] === '\t');
    assert.ok(maskedKeyword || insertedSeparator, `offset ${i}: ${JSON.stringify(source[i])} -> ${JSON.stringify(masked[i])}`);
  }
  const identifiers = (text) => [...text.matchAll(/[A-Za-z_$][\w$]*/g)]
    .filter((m) => m[0] !== 'in' && m[0] !== 'out').map((m) => `${m.index}:${m[0]}`);
  assert.deepEqual(identifiers(masked), identifiers(source));
  assert.equal(maskUnsupportedSyntax(source, new Set()), source, 'rows without errors are never touched');
});

test('masked files report true positions', () => {
  const text = readFileSync(join(inputs, 'masking-variance.ts'), 'utf8');
  const lines = text.split('\n');
  const facts = extractFile('masking-variance.ts', encode(text));
  assert.ok(facts.diagnostics.some((d) => d.code === 'masked_syntax'));
  assert.equal(facts.partial, false);
  for (const decl of facts.declarations) {
    const { line, column } = decl.selection.start;
    assert.equal(lines[line - 1].slice(column - 1, column - 1 + decl.name.length), decl.name, decl.qualifiedName);
  }
});

test('template masking blanks only the escapes of the broken template type and the type arguments of a tagged template', () => {
  const source = [
    'type M<U extends string> = `Missing \\`Self\\` use \\`${U}<Self>\\``', // row 0
    'const rows = sql<{ id: string;',                                  // row 1
    '  name: string }>`SELECT id FROM users WHERE a = ${"\\`"}`',        // row 2
    'const same = tag<Row>`untouched: row 3 has no error`',            // row 3
    'const cmp = a < b && c >`no tag`',                                // row 4
  ].join('\n');
  const masked = maskTemplateSyntax(source, new Set([1, 2, 4]), [source.indexOf('`')]);
  assert.equal(masked.length, source.length);
  assert.deepEqual([...masked].map((ch, i) => (ch === '\n') === (source[i] === '\n')).filter((same) => !same), []);
  const lines = masked.split('\n');
  assert.equal(lines[0], 'type M<U extends string> = `Missing   Self   use   ${U}<Self>  `');
  assert.equal(lines[1], `const rows = sql${' '.repeat('<{ id: string;'.length)}`);
  const sourceLines = source.split('\n');
  const typeArguments = '  name: string }>'.length;
  assert.equal(lines[2], ' '.repeat(typeArguments) + sourceLines[2].slice(typeArguments), 'a template expression\'s escapes are kept');
  assert.equal(lines[3], source.split('\n')[3], 'a row without an error is never touched');
  assert.equal(lines[4], source.split('\n')[4], 'a comparison is no tag: a space before `<`');
  assert.equal(maskTemplateSyntax(source, new Set(), []), source);
});

test('only the first broken template type is taken in a round: after it, backticks pair wrongly', () => {
  const text = 'type A = `a\\`b`;\ntype B = `c\\`d`;\n';
  const nodes = [
    { startIndex: text.lastIndexOf('type B') + 9, endIndex: text.lastIndexOf('type B') + 13, hasError: true },
    { startIndex: 9, endIndex: 13, hasError: false },
  ];
  assert.deepEqual(brokenTemplateTypeStarts(nodes, text), [9]);
  assert.deepEqual(brokenTemplateTypeStarts([{ startIndex: 9, endIndex: 12, hasError: false }], 'type A = `ab`;'), []);
});

test('a file whose template type, tagged template or `export type *` broke the parse keeps everything after it', () => {
  const text = readFileSync(join(inputs, 'masking-templates.ts'), 'utf8');
  const lines = text.split('\n');
  const facts = extractFile('masking-templates.ts', encode(text));
  assert.deepEqual(facts.diagnostics.map((d) => d.code), ['masked_syntax']);
  const names = facts.declarations.map((decl) => decl.name);
  for (const name of ['loadUser', 'latest', 'setName', 'User', 'first']) assert.ok(names.includes(name), name);
  for (const decl of facts.declarations) {
    const { line, column } = decl.selection.start;
    assert.equal(lines[line - 1].slice(column - 1, column - 1 + decl.name.length), decl.name, decl.qualifiedName);
  }
  const sqlCalls = facts.references.filter((ref) => ref.kind === 'call' && ref.name === 'sql').map((ref) => ref.line);
  assert.deepEqual(sqlCalls, [13, 16]);
  const starExports = facts.exports.filter((entry) => entry.specifier === './db.js').map((entry) => `${entry.style}@${entry.line}:${entry.column}`);
  assert.deepEqual(starExports, ['reexport-all@39:13', 'reexport-namespace@40:18'], '`export type *` is a star re-export');
});

test('a NUL byte in the first 8 KiB makes a binary file with no facts', () => {
  const bytes = encode('export function f() {}\n');
  const withNul = new Uint8Array([...bytes, 0, 1, 2]);
  const facts = extractFile('blob.ts', withNul);
  assert.deepEqual(facts.diagnostics.map((d) => d.code), ['binary_file']);
  assert.equal(facts.declarations.length, 0);
  const late = new Uint8Array(9000).fill(0x20);
  late.set(bytes, 0);
  late[8500] = 0;
  assert.ok(!extractFile('late.ts', late).diagnostics.some((d) => d.code === 'binary_file'), 'a NUL after 8 KiB is not binary');
});

test('never throws on 200 random buffers', () => {
  const next = random(1234);
  const alphabet = 'abcxyz(){}[]<>;:,.=+-*/!?&|"\'`\\ \n\t@#$0123456789 function class const let import export return =>';
  for (let i = 0; i < 200; i++) {
    const length = Math.floor(next() * 3000);
    let bytes;
    if (i % 2 === 0) {
      bytes = new Uint8Array(length).map(() => Math.floor(next() * 256));
    } else {
      let text = '';
      while (text.length < length) text += alphabet[Math.floor(next() * alphabet.length)];
      bytes = encode(text);
    }
    const path = ['r.ts', 'r.tsx', 'r.js', 'r.jsx'][i % 4];
    assertWellFormed(extractFile(path, bytes));
  }
});

test('never throws on random mutations of fixtures', () => {
  const next = random(99);
  const sources = ['declarations.ts', 'commonjs.js', 'component.tsx', 'references.ts'].map((name) => [name, readFileSync(join(inputs, name))]);
  for (let i = 0; i < 120; i++) {
    const [name, original] = sources[i % sources.length];
    const bytes = Array.from(original);
    const edits = 1 + Math.floor(next() * 8);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(next() * bytes.length);
      const op = next();
      if (op < 0.33) bytes.splice(at, 1 + Math.floor(next() * 20));
      else if (op < 0.66) bytes.splice(at, 0, ...'{(<`/*'.slice(0, 1 + Math.floor(next() * 5)).split('').map((c) => c.charCodeAt(0)));
      else bytes[at] = Math.floor(next() * 128);
    }
    assertWellFormed(extractFile(name, new Uint8Array(bytes)));
  }
});

test('deep nesting is truncated with a diagnostic instead of overflowing the stack', () => {
  const deep = `export const x = ${'['.repeat(5000)}${']'.repeat(5000)};\nexport const y = ${'a + '.repeat(20000)}a;\n`;
  const facts = extractFile('deep.ts', encode(deep));
  assertWellFormed(facts);
  assert.ok(facts.diagnostics.some((d) => d.code === 'extractor_failure' && d.severity === 'warning'));
  assert.deepEqual(facts.declarations.map((d) => d.name), ['x', 'y']);
});

test('extraction is deterministic', () => {
  const bytes = readFileSync(join(inputs, 'references.ts'));
  assert.equal(JSON.stringify(extractFile('a.ts', bytes)), JSON.stringify(extractFile('a.ts', bytes)));
});

test('languageOfPath', () => {
  assert.equal(languageOfPath('src/a.ts'), 'typescript');
  assert.equal(languageOfPath('types/index.d.ts'), 'typescript');
  assert.equal(languageOfPath('a.mts'), 'typescript');
  assert.equal(languageOfPath('a.cts'), 'typescript');
  assert.equal(languageOfPath('App.tsx'), 'tsx');
  assert.equal(languageOfPath('a.js'), 'javascript');
  assert.equal(languageOfPath('a.jsx'), 'javascript');
  assert.equal(languageOfPath('a.mjs'), 'javascript');
  assert.equal(languageOfPath('a.cjs'), 'javascript');
  assert.equal(languageOfPath('README.md'), null);
  assert.equal(languageOfPath('dir.ts/file'), null);
  assert.equal(languageOfPath('Makefile'), null);
});

test('an unsupported file name gives an extractor_failure diagnostic, not an exception', () => {
  const facts = extractFile('notes.txt', encode('hello'));
  assert.equal(facts.diagnostics[0].code, 'extractor_failure');
});

test('isGeneratedFile', () => {
  assert.equal(isGeneratedFile('src/api.generated.ts', ''), true);
  assert.equal(isGeneratedFile('dist/app.min.js', ''), true);
  assert.equal(isGeneratedFile('lib/app.min.mjs', ''), true);
  assert.equal(isGeneratedFile('src/Parser.g.ts', ''), true);
  assert.equal(isGeneratedFile('src/generator.ts', 'export const generator = 1;'), false);
  assert.equal(isGeneratedFile('a.ts', '// Code generated by tool. DO NOT EDIT.\nexport {};'), true);
  assert.equal(isGeneratedFile('a.ts', '/**\n * @generated by relay\n */\n'), true);
  assert.equal(isGeneratedFile('a.ts', '// <auto-generated />\n'), true);
  assert.equal(isGeneratedFile('a.ts', '// see foo@generated and x@generated\n'), false);
  assert.equal(isGeneratedFile('a.ts', 'const banner = "// @generated";\n'), false, 'a banner in a string is not a comment');
  assert.equal(isGeneratedFile('a.ts', `${'\n'.repeat(70)}// @generated\n`), false, 'only the first 60 lines count');
});

test('the worker extracts a batch in order', async () => {
  const result = await extractBatch({ files: [
    { path: 'a.ts', bytes: encode('export const a = 1;') },
    { path: 'b.js', bytes: encode('module.exports = 2;') },
  ] });
  assert.deepEqual(result.facts.map((f) => f.path), ['a.ts', 'b.js']);
  assert.equal(result.facts[0].declarations[0].name, 'a');
  assert.equal(result.facts[1].exports[0].exported, '=');
});
