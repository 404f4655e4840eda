import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupCohorts } from './group.js';
import { changed, deltaOf, fileSymbols, graphOf, rel, reviewOf, sym } from './fixtures.js';

const layout = (cohorts: ReturnType<typeof groupCohorts>): string[] =>
  cohorts.map((cohort) => `${cohort.basis}:${cohort.files.join(',')}`);

test('a changed symbol calling a changed symbol in another file ties the two files', () => {
  const symbols = [...fileSymbols('src/a.ts', 'src/b.ts', 'src/d.ts', 'lib/c.ts'),
    sym('src/a.ts#f'), sym('src/b.ts#g'), sym('src/d.ts#h'), sym('lib/c.ts#k')];
  const graph = graphOf(symbols, [rel('calls', 'src/a.ts#f', 'src/b.ts#g'), rel('calls', 'src/d.ts#h', 'src/a.ts#unchanged')]);
  const input = reviewOf({
    files: [changed('src/a.ts'), changed('src/b.ts'), changed('src/d.ts'), changed('lib/c.ts')],
    delta: deltaOf({ changed: ['src/a.ts#f', 'src/b.ts#g', 'src/d.ts#h', 'lib/c.ts#k'] }),
    base: graph,
    head: graph,
  });
  const cohorts = groupCohorts(input);
  assert.deepEqual(layout(cohorts), ['path:lib/c.ts', 'graph:src/a.ts,src/b.ts', 'path:src/d.ts']);
  assert.deepEqual(cohorts[1]!.symbols, ['src/a.ts#f', 'src/b.ts#g']);
});

test('two files using the same changed symbol, or sharing a container, tie', () => {
  const head = graphOf(
    [...fileSymbols('x.ts', 'y.ts', 'z.ts', 'p/one.go', 'p/two.go'),
      sym('x.ts#h'), sym('y.ts#k'), sym('z.ts#t'),
      sym('p/one.go#A', { container: 'p' }), sym('p/two.go#B', { container: 'p' })],
    [rel('calls', 'x.ts#h', 'z.ts#t'), rel('references', 'y.ts#k', 'z.ts#t')],
  );
  const input = reviewOf({
    files: ['x.ts', 'y.ts', 'z.ts', 'p/one.go', 'p/two.go'].map((path) => changed(path)),
    delta: deltaOf({ added: ['x.ts#h', 'y.ts#k', 'p/one.go#A', 'p/two.go#B'], changed: ['z.ts#t'] }),
    head,
  });
  assert.deepEqual(layout(groupCohorts(input)), ['graph:p/one.go,p/two.go', 'graph:x.ts,y.ts,z.ts']);
});

test('a removed symbol ties through its base relations; a cross-file rename ties both files', () => {
  const base = graphOf(
    [...fileSymbols('a.ts', 'b.ts', 'm/old.ts', 'n/new.ts'), sym('a.ts#gone'), sym('b.ts#g'), sym('m/old.ts#f')],
    [rel('calls', 'a.ts#gone', 'b.ts#g')],
  );
  const head = graphOf([...fileSymbols('a.ts', 'b.ts', 'm/old.ts', 'n/new.ts'), sym('b.ts#g'), sym('n/new.ts#f')]);
  const input = reviewOf({
    files: ['a.ts', 'b.ts', 'm/old.ts', 'n/new.ts'].map((path) => changed(path)),
    delta: deltaOf({ removed: ['a.ts#gone'], changed: ['b.ts#g'], renamed: [{ old: 'm/old.ts#f', new: 'n/new.ts#f', path: 'n/new.ts' }] }),
    base,
    head,
  });
  const cohorts = groupCohorts(input);
  assert.deepEqual(layout(cohorts), ['graph:a.ts,b.ts', 'graph:m/old.ts,n/new.ts']);
  assert.deepEqual(cohorts[1]!.symbols, ['n/new.ts#f'], 'the renamed-from id is not listed');
});

test('an added file imported by a module-level change ties to the importer', () => {
  const base = graphOf(fileSymbols('app.ts'), []);
  const head = graphOf(fileSymbols('app.ts', 'util/new.ts'), [rel('imports', 'app.ts', 'util/new.ts')]);
  const input = reviewOf({
    files: [changed('app.ts'), changed('util/new.ts', { status: 'added' })],
    delta: deltaOf({ added: ['util/new.ts'] }),
    base,
    head,
  });
  const cohorts = groupCohorts(input);
  assert.deepEqual(layout(cohorts), ['graph:app.ts,util/new.ts']);
  assert.deepEqual(cohorts[0]!.symbols, ['app.ts', 'util/new.ts']);
});

test('files in an unparsed language and binary files group by folder, even when ids would tie them', () => {
  const head = graphOf([...fileSymbols('src/a.ts', 'src/b.ts'), sym('src/a.ts#f'), sym('src/b.ts#g')],
    [rel('calls', 'src/a.ts#f', 'src/b.ts#g')]);
  const input = reviewOf({
    files: [
      changed('src/a.ts'), changed('src/b.ts', { language: null }),
      changed('src/logo.png', { binary: true, language: null, linesAdded: 0 }),
      changed('docs/guide.md', { language: null }), changed('docs/api.md', { language: null }),
    ],
    delta: deltaOf({ changed: ['src/a.ts#f', 'src/b.ts#g'] }),
    head,
  });
  assert.deepEqual(layout(groupCohorts(input)), ['path:docs/api.md,docs/guide.md', 'path:src/a.ts,src/b.ts,src/logo.png']);
});

test('an unindexed repository gets only path cohorts', () => {
  const head = graphOf([...fileSymbols('a.ts', 'b.ts'), sym('a.ts#f'), sym('b.ts#g')], [rel('calls', 'a.ts#f', 'b.ts#g')]);
  const input = reviewOf({
    files: [changed('a.ts'), changed('b.ts'), changed('sub/c.ts')],
    delta: deltaOf({ changed: ['a.ts#f', 'b.ts#g'] }),
    head,
    indexed: false,
  });
  assert.deepEqual(layout(groupCohorts(input)), ['path:a.ts,b.ts', 'path:sub/c.ts']);
});

test('a changed test joins the cohort it reaches most, and never bridges two cohorts', () => {
  const head = graphOf(
    [...fileSymbols('src/a.ts', 'src/b.ts', 'lib/c.ts', 'lib/d.ts', 'test/a.test.ts', 'test/orphan.test.ts'),
      sym('src/a.ts#f'), sym('src/b.ts#g'), sym('lib/c.ts#k'), sym('lib/d.ts#m')],
    [rel('calls', 'src/a.ts#f', 'src/b.ts#g'), rel('calls', 'lib/c.ts#k', 'lib/d.ts#m'), rel('calls', 'test/a.test.ts', 'lib/c.ts#k')],
  );
  const input = reviewOf({
    files: ['src/a.ts', 'src/b.ts', 'lib/c.ts', 'lib/d.ts', 'test/a.test.ts', 'test/orphan.test.ts'].map((path) => changed(path)),
    delta: deltaOf(
      { changed: ['src/a.ts#f', 'src/b.ts#g', 'lib/c.ts#k', 'lib/d.ts#m'] },
      { testsReaching: [{ id: 'test/a.test.ts', path: 'test/a.test.ts', depth: 1, through: ['src/a.ts#f', 'src/b.ts#g'] }] },
    ),
    head,
  });
  const cohorts = groupCohorts(input);
  assert.deepEqual(layout(cohorts), ['graph:lib/c.ts,lib/d.ts', 'graph:src/a.ts,src/b.ts,test/a.test.ts', 'path:test/orphan.test.ts']);
  assert.deepEqual(cohorts[1]!.tests, ['test/a.test.ts']);
  assert.deepEqual(cohorts[0]!.tests, [], 'a direct call does not make a testsReaching entry');
});

test('a test reaching a lone changed file makes a graph cohort of the two', () => {
  const head = graphOf([...fileSymbols('src/a.ts', 'test/a_test.py'), sym('src/a.ts#f'), sym('test/a_test.py#test_f')],
    [rel('calls', 'test/a_test.py#test_f', 'src/a.ts#f')]);
  const input = reviewOf({
    files: [changed('src/a.ts'), changed('test/a_test.py', { language: 'python' })],
    delta: deltaOf({ changed: ['src/a.ts#f'] }, { testsReaching: [{ id: 'test/a_test.py#test_f', path: 'test/a_test.py', depth: 1, through: ['src/a.ts#f'] }] }),
    head,
  });
  const cohorts = groupCohorts(input);
  assert.deepEqual(layout(cohorts), ['graph:src/a.ts,test/a_test.py']);
  assert.deepEqual(cohorts[0]!.tests, ['test/a_test.py#test_f']);
});
