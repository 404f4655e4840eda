// Budgets (invariant 5): `budgets` in .repograph.json limits each stage; a build that would pass
// a limit fails with BudgetExceeded naming stage, unit, used, adding and limit, and the last
// published graph stays readable, unchanged. Covered: materials, analysis, selection and
// publication on a full build; analysis on an incremental refresh (the next good refresh starts
// over and equals a fresh build); the query limits (results, depth, work); excluded files never
// count; and the CLI's message and exit code.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { openRepository } from '../../packages/engine/dist/index.js';
import { gitRepo, repograph, tempDir } from '../helpers/repo.mjs';

const files = {
  'package.json': '{"name": "budgets", "version": "1.0.0"}\n',
  'src/a.ts': "import { b } from './b';\nexport function a(): number {\n  return b() + 1;\n}\n",
  'src/b.ts': 'export function b(): number {\n  const local = () => 2;\n  return local();\n}\n',
  'src/c.ts': 'export class C {\n  field = 1;\n  read(): number {\n    return this.field;\n  }\n}\n',
  'vendor/big/lib.ts': `export const big = ${JSON.stringify('x'.repeat(5000))};\n`,
};

function writePolicy(root, policy) {
  writeFileSync(join(root, '.repograph.json'), JSON.stringify(policy));
}

/** A repository indexed once under the defaults, then reopened under `policy`. */
async function withPreviousGraph(policy, run) {
  const repo = tempDir();
  const home = tempDir();
  gitRepo(repo.dir, files);
  let repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
  const previous = await repository.refresh('default');
  await repository.close();
  writePolicy(repo.dir, policy);
  repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
  try {
    await run(repository, previous, repo.dir);
  } finally {
    await repository.close();
    repo.cleanup();
    home.cleanup();
  }
}

/** The BudgetExceeded error of `promise`, checked for shape. */
async function budgetError(promise, stage, unit) {
  let caught;
  await assert.rejects(promise, (error) => { caught = error; return true; });
  assert.equal(caught.code, 'BudgetExceeded', caught.message);
  assert.equal(caught.data.stage, stage);
  assert.equal(caught.data.unit, unit);
  assert.ok(caught.data.used + caught.data.adding > caught.data.limit, 'the hit passes the limit');
  assert.match(caught.message, new RegExp(`${stage}\\.${unit}`));
  assert.match(caught.message, /\.repograph\.json/);
  return caught;
}

/** The published generation still answers as before the failed build. */
function assertPreviousGraphStays(repository, previous) {
  const session = repository.query('default');
  try {
    assert.equal(session.generation, previous.generation, 'no new generation was published');
    assert.equal(session.info.report.digest, previous.digest);
    assert.equal(session.search({ query: 'a' }).symbols[0]?.id, 'src/a.ts#a');
  } finally {
    session.close();
  }
}

describe('build budgets', () => {
  const stages = [
    ['materials', 'files', { budgets: { materials: { files: 3 } } }],
    ['materials', 'bytesPerFile', { budgets: { materials: { bytesPerFile: 40 } } }],
    ['materials', 'bytes', { budgets: { materials: { bytes: 200 } } }],
    ['analysis', 'entities', { budgets: { analysis: { entities: 3 } } }],
    ['analysis', 'relations', { budgets: { analysis: { relations: 5 } } }],
    ['selection', 'work', { preset: 'analysis', budgets: { selection: { work: 2 } } }],
    ['publication', 'nodes', { budgets: { publication: { nodes: 6 } } }],
  ];
  for (const [stage, unit, policy] of stages) {
    test(`${stage}.${unit}: the build fails naming the stage and the previous graph stays`, async () => {
      await withPreviousGraph(policy, async (repository, previous) => {
        await budgetError(repository.refresh('default'), stage, unit);
        assertPreviousGraphStays(repository, previous);
      });
    });
  }

  test('excluded material never counts: a vendored 5 kB file does not reach a 4 kB byte budget', async () => {
    await withPreviousGraph({ budgets: { materials: { bytes: 4000 } } }, async (repository) => {
      const result = await repository.refresh('default');
      assert.equal(result.report.materials.excluded.dependency, 1);
      assert.ok(result.report.materials.bytes < 4000);
    });
  });

  test('an incremental refresh over the analysis budget fails; removing the cause recovers to a fresh build', async () => {
    const repo = tempDir();
    const home = tempDir();
    gitRepo(repo.dir, files);
    writePolicy(repo.dir, { budgets: { analysis: { entities: 40 } } });
    const repository = await openRepository({ repoRoot: repo.dir, dataRoot: home.dir, threads: 1 });
    try {
      const previous = await repository.refresh('default');
      const many = Array.from({ length: 60 }, (_, i) => `export function f${i}(): number {\n  return ${i};\n}\n`).join('');
      writeFileSync(join(repo.dir, 'src/many.ts'), many);
      await budgetError(repository.refresh('default', { paths: ['src/many.ts'] }), 'analysis', 'entities');
      assertPreviousGraphStays(repository, previous);
      rmSync(join(repo.dir, 'src/many.ts'));
      const recovered = await repository.refresh('default', { paths: ['src/many.ts'] });
      assert.equal(recovered.digest, previous.digest, 'the tree is the one before: the same digest');
    } finally {
      await repository.close();
      repo.cleanup();
      home.cleanup();
    }
  });
});

describe('query budgets', () => {
  test('results, depth and work past their limits fail with BudgetExceeded; within them queries answer', async () => {
    await withPreviousGraph({ budgets: { queries: { results: 3, depth: 3 } } }, async (repository) => {
      await repository.refresh('default');
      const session = repository.query('default');
      try {
        assert.ok(session.search({ query: 'a', limit: 3 }).symbols.length > 0);
        await budgetError(Promise.resolve().then(() => session.search({ query: 'a', limit: 4 })), 'queries', 'results');
        assert.ok(session.callers({ id: 'src/b.ts#b', depth: 3 }).callers.length > 0);
        await budgetError(Promise.resolve().then(() => session.callees({ id: 'src/a.ts#a', depth: 4 })), 'queries', 'depth');
        assert.deepEqual((await session.refs({ id: 'src/c.ts#C.read' })).references, [], 'an answer with no results is within every budget');
      } finally {
        session.close();
      }
    });
    await withPreviousGraph({ budgets: { queries: { work: 5 } } }, async (repository) => {
      await repository.refresh('default');
      const session = repository.query('default');
      try {
        await budgetError(Promise.resolve().then(() => session.search({ query: 'a' })), 'queries', 'work');
      } finally {
        session.close();
      }
    });
  });
});

describe('budgets in .repograph.json', () => {
  test('the CLI names the stage and limit and exits 2; a bad limit is a usage error; unknown units warn', () => {
    const repo = tempDir();
    const home = tempDir();
    try {
      gitRepo(repo.dir, files);
      writePolicy(repo.dir, { budgets: { materials: { files: 2, colour: 1 } } });
      let result = repograph(['index', '--repo', repo.dir], { home: home.dir });
      assert.equal(result.status, 2);
      assert.match(result.stderr, /unknown key "budgets\.materials\.colour"/);
      assert.match(result.stderr, /budget exceeded: materials\.files is 2 and would grow by 1, over the limit of 2/);
      result = repograph(['index', '--repo', repo.dir, '--json'], { home: home.dir });
      const error = JSON.parse(result.stderr.trim().split('\n').at(-1)).error;
      assert.deepEqual({ code: error.code, ...error.data }, { code: 'BudgetExceeded', stage: 'materials', unit: 'files', used: 2, adding: 1, limit: 2 });
      writePolicy(repo.dir, { budgets: { analysis: { entities: -1 } } });
      result = repograph(['index', '--repo', repo.dir], { home: home.dir });
      assert.equal(result.status, 2);
      assert.match(result.stderr, /"budgets\.analysis\.entities" must be a positive integer/);
    } finally {
      repo.cleanup();
      home.cleanup();
    }
  });
});
