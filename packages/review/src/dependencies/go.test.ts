import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readGoMod, readGoSum } from './go-modules.js';
import type { DependencyReading, ReadOutcome } from './model.js';

function reading(outcome: ReadOutcome): DependencyReading {
  assert.ok(outcome.ok);
  return outcome.reading;
}

const GO_MOD = `module example.com/service

go 1.22

toolchain go1.22.3

require (
	github.com/spf13/cobra v1.8.0
	golang.org/x/sync v0.7.0 // indirect
	"gopkg.in/yaml.v3" v3.0.1
	golang.org/x/text v0.14.0 // indirect; used by cobra
)

require github.com/google/uuid v1.6.0

replace github.com/spf13/cobra => ../cobra

replace (
	golang.org/x/text v0.14.0 => golang.org/x/text v0.15.0
)

exclude golang.org/x/net v0.1.0
retract [v1.0.0, v1.0.5] // published by mistake
`;

test('go.mod: require lines and blocks, // indirect is transitive, replace kept as written', () => {
  const mod = reading(readGoMod(GO_MOD));
  assert.deepEqual(Object.fromEntries(mod.direct), {
    'github.com/spf13/cobra': 'v1.8.0', 'gopkg.in/yaml.v3': 'v3.0.1', 'github.com/google/uuid': 'v1.6.0',
  });
  assert.deepEqual([...mod.resolved.keys()].sort(), [
    'github.com/google/uuid', 'github.com/spf13/cobra', 'golang.org/x/sync', 'golang.org/x/text', 'gopkg.in/yaml.v3',
  ]);
  assert.deepEqual(Object.fromEntries(mod.replacements), {
    'github.com/spf13/cobra': '../cobra',
    'golang.org/x/text v0.14.0': 'golang.org/x/text v0.15.0',
  });
  assert.deepEqual(mod.diagnostics, []);
});

test('go.mod: a require without a version and an open block are diagnostics, not failures', () => {
  const mod = reading(readGoMod('module m\n\nrequire (\n\tgithub.com/a/b\n\tgithub.com/c/d v0.0.0-20240101120000-abcdef123456\n'));
  assert.deepEqual([...mod.resolved.keys()], ['github.com/c/d']);
  assert.equal(mod.diagnostics.length, 2);
  assert.match(mod.diagnostics[0] ?? '', /line 4/);
});

test('go.sum: module zip lines are versions in use, /go.mod lines are not', () => {
  const sum = reading(readGoSum([
    'github.com/spf13/cobra v1.7.0/go.mod h1:uLxZILRyS/50WlhOIKD7W6V5bgeIt+4sICxh6uRMrb0=',
    'github.com/spf13/cobra v1.8.0 h1:7aJaZx1B85qltLMc546zn58BxxfZdR/W22ej9CFoEf0=',
    'github.com/spf13/cobra v1.8.0/go.mod h1:WXLWApfZ71AjXPya3WOlMsY9yMs7YeiHhFVlvLyhcho=',
    'golang.org/x/sync v0.7.0 h1:YsImfSBoP9QPYL0xyKJPq0gcaJdG3rInoqxTWbfQu9M=',
    'garbage line',
    '',
  ].join('\n')));
  assert.deepEqual(Object.fromEntries([...sum.resolved].map(([name, versions]) => [name, [...versions]])), {
    'github.com/spf13/cobra': ['v1.8.0'], 'golang.org/x/sync': ['v0.7.0'],
  });
  assert.match(sum.diagnostics[0] ?? '', /1 line\(s\).*line 5/);
});
