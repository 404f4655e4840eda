// Invariant 2 for files that come and go, at the graph level, in every language: a GraphSession
// given a seeded random sequence of removals, additions (a removed file back, a copy of a file
// under a new name beside it) and content swaps, one or several per update, binds only what
// depends on the change (mode `incremental`) and gives after every update the digest of
// buildGraph over the same files from scratch; so does a fork of a session (what a baseline
// build starting from the worktree's bound tree updates), while the session it came from goes on
// with changes of its own. A failure names its seed and step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GraphSession, isResolutionManifest } from '../../packages/graph/dist/index.js';
import { freshGraph, graphInput, inputOf } from '../helpers/graph-tree.mjs';
import { goModule } from '../helpers/go-project.mjs';
import { goTypingProject } from '../helpers/go-typing-project.mjs';
import { javaProject } from '../helpers/java-project.mjs';
import { shopMaven } from '../helpers/java-shop-project.mjs';
import { pythonFlowProject } from '../helpers/python-flow-project.mjs';
import { pythonProject } from '../helpers/python-project.mjs';
import { random } from '../helpers/random.mjs';
import { sampleProject } from '../helpers/sample-project.mjs';

const syntaxProject = {
  'lib/format.rb': 'def render_table(rows)\n  rows.join("\\n")\nend\n',
  'lib/pad.rb': 'def pad(text)\n  render_table([text])\nend\n',
  'app/main.rb': 'def main\n  render_table([1, 2])\n  pad("x")\nend\n',
  'src/codec.rs': 'pub fn encode(x: u8) -> u8 { x }\n',
  'src/other.rs': 'pub fn decode(x: u8) -> u8 { x + 1 }\n',
  'src/store.rs': 'use crate::codec::encode;\npub fn put() { encode(1); decode(2); }\n',
};

const PROJECTS = {
  typescript: sampleProject, python: pythonProject, 'python-flow': pythonFlowProject, go: goModule, 'go-typing': goTypingProject,
  java: javaProject, 'java-shop': shopMaven, syntax: syntaxProject,
};
const STEPS = 20;
const SEEDS = [1, 2, 3];

for (const [name, project] of Object.entries(PROJECTS)) {
  test(`${name}: files added and removed bind incrementally and equal a fresh build`, () => {
    for (const seed of SEEDS.map((each) => each * 7919 + name.length)) run(name, project, seed);
  });
  test(`${name}: a fork updated alone equals a fresh build, whatever the session it came from does`, () => {
    for (const seed of SEEDS.map((each) => each * 104729 + name.length)) run(name, project, seed, { fork: true });
  });
}

function run(name, project, seed, { fork = false } = {}) {
  {
    const next = random(seed);
    const pick = (list) => list[Math.floor(next() * list.length)];
    const tree = new Map(Object.entries(project).filter(([path]) => !path.startsWith('node_modules/') && !path.includes('fixtures/')));
    const sources = [...tree.keys()].filter((path) => !isResolutionManifest(path) && inputOf(path, tree.get(path)).facts !== null);
    const removed = new Map();
    const created = GraphSession.create(graphInput(tree));
    const session = fork ? created.fork() : created;
    if (fork) {
      // The session forked from goes on alone: a file removed, another's content swapped.
      const [gone, swapped, model] = [pick(sources), pick(sources), pick(sources)];
      created.update({ upserts: swapped === gone ? [] : [inputOf(swapped, tree.get(model))], removed: [gone] });
    }
    let incremental = 0;
    for (let step = 0; step < STEPS; step++) {
      const upserts = new Map();
      const gone = new Set();
      for (let change = 0; change < 1 + Math.floor(next() * 2); change++) {
        const present = sources.filter((path) => tree.has(path) && !gone.has(path) && !upserts.has(path));
        const roll = next();
        if (roll < 0.35 && present.length > 2) {
          const path = pick(present);
          removed.set(path, tree.get(path));
          tree.delete(path);
          gone.add(path);
        } else if (roll < 0.6 && removed.size > 0) {
          const [path, text] = pick([...removed]);
          removed.delete(path);
          tree.set(path, text);
          gone.delete(path);
          upserts.set(path, text);
        } else if (roll < 0.85 && present.length > 0) {
          const source = pick(present);
          const copy = source.replace(/(\.\w+)$/, `_copy${step}$1`);
          const text = tree.get(source);
          tree.set(copy, text);
          upserts.set(copy, text);
        } else if (present.length > 1) {
          const [a, b] = [pick(present), pick(present)];
          if (a === b) continue;
          const text = tree.get(b);
          tree.set(a, text);
          upserts.set(a, text);
        }
      }
      const result = session.update({ upserts: [...upserts].map(([path, text]) => inputOf(path, text)), removed: [...gone] });
      if (result.mode === 'incremental') incremental++;
      assert.equal(result.output.digest, freshGraph(tree).digest, `${name} (seed ${seed}) step ${step}: +${[...upserts.keys()].join(', ')} -${[...gone].join(', ')}`);
    }
    assert.ok(incremental >= STEPS / 2, `${name} (seed ${seed}): most updates were incremental (${incremental} of ${STEPS})`);
  }
}

test('a fork whose first change is a content edit re-binds the readers of the edited file\'s group', () => {
  for (const [project, path, from, to] of [
    [syntaxProject, 'lib/format.rb', 'def render_table', 'def render_rows'],
    [javaProject, Object.keys(javaProject).find((each) => each.endsWith('.java') && /public\s+\w+\s+\w+\s*\(/.test(javaProject[each])), null, null],
  ]) {
    const tree = new Map(Object.entries(project).filter(([each]) => !each.startsWith('node_modules/') && !each.includes('fixtures/')));
    const session = GraphSession.create(graphInput(tree)).fork();
    const text = tree.get(path);
    // Renames the edited file's first method (Java) or the given definition (Ruby): its readers' calls now dangle.
    const edited = from !== null ? text.replace(from, to) : text.replace(/(public\s+\w+\s+)(\w+)(\s*\()/, '$1$2Renamed$3');
    assert.notEqual(edited, text, path);
    tree.set(path, edited);
    const result = session.update({ upserts: [inputOf(path, edited)], removed: [] });
    assert.equal(result.output.digest, freshGraph(tree).digest, `${path}: the fork's content edit equals a fresh build`);
  }
});
