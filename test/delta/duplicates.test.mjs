// New duplicates through the real daemon, in TypeScript, Python and Go: a helper pasted under a
// new name (its locals renamed, its literals changed: the skeleton is the same) is an `exact`
// duplicate whose original is the existing function, whether pasted into another file or beside
// the original; a pasted function below the size threshold (15 AST nodes) is not reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief, deltaSession, TS_SUMMARIZE, write } from '../helpers/delta.mjs';

const TS_HELPER = TS_SUMMARIZE;

const PY_HELPER = [
  'def summarize(values, limit):',
  '    total = 0',
  '    parts = []',
  '    for value in values:',
  '        if value < 0:',
  '            continue',
  '        total += value',
  '        if len(parts) < limit:',
  '            parts.append(str(value))',
  '    return ", ".join(parts) + " = " + str(total)',
  '',
].join('\n');

const GO_HELPER = [
  'func Summarize(values []int, limit int) string {',
  '\ttotal := 0',
  '\tparts := []string{}',
  '\tfor _, value := range values {',
  '\t\tif value < 0 {',
  '\t\t\tcontinue',
  '\t\t}',
  '\t\ttotal += value',
  '\t\tif len(parts) < limit {',
  '\t\t\tparts = append(parts, strconv.Itoa(value))',
  '\t\t}',
  '\t}',
  '\treturn strings.Join(parts, ", ") + " = " + strconv.Itoa(total)',
  '}',
  '',
].join('\n');

const GO_HEADER = 'package stats\n\nimport (\n\t"strconv"\n\t"strings"\n)\n\n';
const TINY_TS = 'export function twice(x: number): number {\n  return x * 2;\n}\n';

const FILES = {
  'go.mod': 'module example.com/app\n\ngo 1.21\n',
  'src/report.ts': `${TS_HELPER}\n${TINY_TS}`,
  'app/__init__.py': '',
  'app/report.py': PY_HELPER,
  'stats/report.go': GO_HEADER + GO_HELPER,
};

/** The helper pasted: renamed, its locals renamed and its literals changed (the skeleton stays). */
function pasted(text, from, to) {
  return text.replace(from, to).replaceAll('parts', 'pieces').replaceAll('" = "', '" => "').replaceAll("' = '", "' => '");
}

test('a helper pasted under a new name is a new exact duplicate of the existing one (TypeScript, Python, Go)', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);

  // TypeScript: pasted into a new file.
  const ts = await apply([write('src/digest.ts', pasted(TS_HELPER, 'summarize', 'digest'))]);
  assert.deepEqual(ts.symbols.added, ['src/digest.ts', 'src/digest.ts#digest'], brief(ts));
  assert.deepEqual(ts.newDuplicates, [{ symbol: 'src/digest.ts#digest', original: 'src/report.ts#summarize', similarity: 1, kind: 'exact' }], brief(ts));

  // Python: pasted beside the original, in the same file.
  const py = await apply([write('app/report.py', `${PY_HELPER}\n\n${pasted(PY_HELPER, 'summarize', 'digest')}`)]);
  assert.deepEqual(py.symbols.added, ['app/report.py#digest'], brief(py));
  assert.deepEqual(py.symbols.renamed, [], brief(py));
  assert.deepEqual(py.newDuplicates, [{ symbol: 'app/report.py#digest', original: 'app/report.py#summarize', similarity: 1, kind: 'exact' }], brief(py));

  // Go: pasted into another file of the package.
  const go = await apply([write('stats/digest.go', GO_HEADER + pasted(GO_HELPER, 'Summarize', 'Digest'))]);
  assert.deepEqual(go.newDuplicates, [{ symbol: 'stats/digest.go#Digest', original: 'stats/report.go#Summarize', similarity: 1, kind: 'exact' }], brief(go));
});

test('a pasted function below the size threshold is not a duplicate', { timeout: 60_000 }, async (t) => {
  const { apply } = await deltaSession(t, FILES);
  const delta = await apply([write('src/small.ts', TINY_TS.replace('twice', 'double'))]);
  assert.deepEqual(delta.symbols.added, ['src/small.ts', 'src/small.ts#double'], brief(delta));
  assert.deepEqual(delta.newDuplicates, [], brief(delta));
});
