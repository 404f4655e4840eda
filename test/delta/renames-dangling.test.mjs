// Renames and dangling callers through the real daemon, in TypeScript, Python and Go: a function
// renamed without updating its caller (in another, untouched file) leaves that caller dangling
// with `renamedTo`; a caller updated in the same edit.apply does not dangle; a rename declared
// with edit.apply `renames` holds even when the body changed too; and two unrelated empty classes
// (one removed, one added) are never taken for a rename, while a class with members is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief, deltaSession, replace, siteOf, write } from '../helpers/delta.mjs';

const LANGUAGES = [
  {
    language: 'TypeScript',
    names: 'src/names.ts',
    files: {
      'src/names.ts': [
        'export function greet(name: string): string {',
        '  return `Hello, ${name}!`;',
        '}',
        '',
        'export function farewell(name: string): string {',
        '  const trimmed = name.trim();',
        "  return 'Goodbye, ' + trimmed;",
        '}',
        '',
        'export function shout(text: string): string {',
        '  return text.toUpperCase();',
        '}',
        '',
      ].join('\n'),
      'src/greeter.ts': "import { greet } from './names.js';\n\nexport function greetOne(name: string): string {\n  return greet(name);\n}\n",
      'src/parting.ts': "import { farewell } from './names.js';\n\nexport function leave(name: string): string {\n  return farewell(name);\n}\n",
      'src/loud.ts': "import { shout } from './names.js';\n\nexport function announce(text: string): string {\n  return shout(text) + '!';\n}\n",
    },
    greet: { old: 'function greet', new: 'function welcome', id: 'src/names.ts#greet', renamed: 'src/names.ts#welcome' },
    greetCaller: { path: 'src/greeter.ts', id: 'src/greeter.ts#greetOne', call: 'greet(name)' },
    farewell: { old: 'function farewell', new: 'function goodbye', id: 'src/names.ts#farewell', renamed: 'src/names.ts#goodbye' },
    farewellCaller: {
      path: 'src/parting.ts',
      updated: "import { goodbye } from './names.js';\n\nexport function leave(name: string): string {\n  return goodbye(name);\n}\n",
    },
    shout: {
      old: 'export function shout(text: string): string {\n  return text.toUpperCase();\n}',
      new: "export function yell(text: string): string {\n  const loud = text.toUpperCase();\n  return loud + '!!';\n}",
      id: 'src/names.ts#shout', renamed: 'src/names.ts#yell',
    },
    shoutCaller: { path: 'src/loud.ts', id: 'src/loud.ts#announce', call: 'shout(text)' },
  },
  {
    language: 'Python',
    names: 'app/names.py',
    files: {
      'app/__init__.py': '',
      'app/names.py': [
        'def greet(name):',
        '    return f"Hello, {name}!"',
        '',
        '',
        'def farewell(name):',
        '    trimmed = name.strip()',
        '    return "Goodbye, " + trimmed',
        '',
        '',
        'def shout(text):',
        '    return text.upper()',
        '',
      ].join('\n'),
      'app/greeter.py': 'from .names import greet\n\n\ndef greet_one(name):\n    return greet(name)\n',
      'app/parting.py': 'from .names import farewell\n\n\ndef leave(name):\n    return farewell(name)\n',
      'app/loud.py': 'from .names import shout\n\n\ndef announce(text):\n    return shout(text) + "!"\n',
    },
    greet: { old: 'def greet', new: 'def welcome', id: 'app/names.py#greet', renamed: 'app/names.py#welcome' },
    greetCaller: { path: 'app/greeter.py', id: 'app/greeter.py#greet_one', call: 'greet(name)' },
    farewell: { old: 'def farewell', new: 'def goodbye', id: 'app/names.py#farewell', renamed: 'app/names.py#goodbye' },
    farewellCaller: {
      path: 'app/parting.py',
      updated: 'from .names import goodbye\n\n\ndef leave(name):\n    return goodbye(name)\n',
    },
    shout: {
      old: 'def shout(text):\n    return text.upper()',
      new: 'def yell(text):\n    loud = text.upper()\n    return loud + "!!"',
      id: 'app/names.py#shout', renamed: 'app/names.py#yell',
    },
    shoutCaller: { path: 'app/loud.py', id: 'app/loud.py#announce', call: 'shout(text)' },
  },
  {
    language: 'Go',
    names: 'names/names.go',
    files: {
      'go.mod': 'module example.com/app\n\ngo 1.21\n',
      'names/names.go': [
        'package names',
        '',
        'import "strings"',
        '',
        'func Greet(name string) string {',
        '\treturn "Hello, " + name + "!"',
        '}',
        '',
        'func Farewell(name string) string {',
        '\ttrimmed := strings.TrimSpace(name)',
        '\treturn "Goodbye, " + trimmed',
        '}',
        '',
        'func Shout(text string) string {',
        '\treturn strings.ToUpper(text)',
        '}',
        '',
      ].join('\n'),
      'greeter/greeter.go': 'package greeter\n\nimport "example.com/app/names"\n\nfunc GreetOne(name string) string {\n\treturn names.Greet(name)\n}\n',
      'parting/parting.go': 'package parting\n\nimport "example.com/app/names"\n\nfunc Leave(name string) string {\n\treturn names.Farewell(name)\n}\n',
      'loud/loud.go': 'package loud\n\nimport "example.com/app/names"\n\nfunc Announce(text string) string {\n\treturn names.Shout(text) + "!"\n}\n',
    },
    greet: { old: 'func Greet', new: 'func Welcome', id: 'names/names.go#Greet', renamed: 'names/names.go#Welcome' },
    greetCaller: { path: 'greeter/greeter.go', id: 'greeter/greeter.go#GreetOne', call: 'Greet(name)' },
    farewell: { old: 'func Farewell', new: 'func Goodbye', id: 'names/names.go#Farewell', renamed: 'names/names.go#Goodbye' },
    farewellCaller: {
      path: 'parting/parting.go',
      updated: 'package parting\n\nimport "example.com/app/names"\n\nfunc Leave(name string) string {\n\treturn names.Goodbye(name)\n}\n',
    },
    shout: {
      old: 'func Shout(text string) string {\n\treturn strings.ToUpper(text)\n}',
      new: 'func Yell(text string) string {\n\tloud := strings.ToUpper(text)\n\treturn loud + "!!"\n}',
      id: 'names/names.go#Shout', renamed: 'names/names.go#Yell',
    },
    shoutCaller: { path: 'loud/loud.go', id: 'loud/loud.go#Announce', call: 'Shout(text)' },
  },
];

for (const lang of LANGUAGES) {
  test(`${lang.language}: a rename leaves its untouched caller dangling with renamedTo; an updated caller does not dangle`, { timeout: 60_000 }, async (t) => {
    const { apply } = await deltaSession(t, lang.files);

    // 1. The function is renamed; its caller, in another file, is not touched.
    const renamed = await apply([replace(lang.names, lang.greet.old, lang.greet.new)]);
    assert.deepEqual(renamed.reparsed, [lang.names], brief(renamed));
    assert.deepEqual(renamed.symbols.renamed, [{ old: lang.greet.id, new: lang.greet.renamed, path: lang.names }], brief(renamed));
    assert.ok(!renamed.symbols.removed.includes(lang.greet.id) && !renamed.symbols.added.includes(lang.greet.renamed), brief(renamed));
    const caller = lang.greetCaller;
    assert.deepEqual(renamed.danglingCallers, [{
      caller: caller.id,
      ...siteOf(caller.path, lang.files[caller.path], caller.call),
      target: lang.greet.id,
      renamedTo: lang.greet.renamed,
    }], brief(renamed));

    // 2. Another function renamed, and its caller updated in the same edit.apply: nothing dangles.
    const updated = await apply([
      replace(lang.names, lang.farewell.old, lang.farewell.new),
      write(lang.farewellCaller.path, lang.farewellCaller.updated),
    ]);
    assert.deepEqual(updated.reparsed, [lang.names, lang.farewellCaller.path].sort(), brief(updated));
    assert.deepEqual(updated.symbols.renamed, [{ old: lang.farewell.id, new: lang.farewell.renamed, path: lang.names }], brief(updated));
    assert.deepEqual(updated.danglingCallers, [], brief(updated));

    // 3. A rename that also rewrites the body is no rename by shape; declared, it is one, and
    //    the untouched caller dangles with renamedTo.
    const declared = await apply([replace(lang.names, lang.shout.old, lang.shout.new)], {
      renames: [{ old: lang.shout.id, new: lang.shout.renamed }],
    });
    assert.deepEqual(declared.symbols.renamed, [{ old: lang.shout.id, new: lang.shout.renamed, path: lang.names }], brief(declared));
    assert.deepEqual(declared.symbols.added, [], brief(declared));
    assert.deepEqual(declared.symbols.removed, [], brief(declared));
    assert.deepEqual(declared.danglingCallers, [{
      caller: lang.shoutCaller.id,
      ...siteOf(lang.shoutCaller.path, lang.files[lang.shoutCaller.path], lang.shoutCaller.call),
      target: lang.shout.id,
      renamedTo: lang.shout.renamed,
    }], brief(declared));
  });
}

const CLASSES = [
  {
    language: 'TypeScript',
    path: 'src/shapes.ts',
    text: 'export class Marker {}\n\nexport class Box {\n  open(): number {\n    return 1;\n  }\n}\n',
    edits: [['class Marker {}', 'class Flag {}'], ['class Box', 'class Crate']],
    members: [['Box.open', 'Crate.open']],
  },
  {
    language: 'Python',
    path: 'app/shapes.py',
    text: 'class Marker:\n    pass\n\n\nclass Box:\n    def open(self):\n        return 1\n',
    edits: [['class Marker:', 'class Flag:'], ['class Box:', 'class Crate:']],
    members: [['Box.open', 'Crate.open']],
  },
  {
    language: 'Go',
    path: 'shapes/shapes.go',
    text: 'package shapes\n\ntype Marker struct{}\n\ntype Box struct{}\n\nfunc (b *Box) Open() int {\n\treturn 1\n}\n',
    edits: [['type Marker struct{}', 'type Flag struct{}'], ['type Box struct{}', 'type Crate struct{}'], ['(b *Box)', '(b *Crate)']],
    members: [['Box.Open', 'Crate.Open']],
  },
];

test('an unrelated empty class is not a rename (a removal and an addition); a class with members is', { timeout: 60_000 }, async (t) => {
  const files = { 'go.mod': 'module example.com/app\n\ngo 1.21\n', 'app/__init__.py': '' };
  for (const c of CLASSES) files[c.path] = c.text;
  const { apply } = await deltaSession(t, files);
  for (const c of CLASSES) {
    let text = c.text;
    for (const [old, now] of c.edits) text = text.replace(old, now);
    const delta = await apply([write(c.path, text)]);
    const id = (name) => `${c.path}#${name}`;
    assert.deepEqual(delta.symbols.removed, [id('Marker')], `${c.language}: ${brief(delta)}`);
    assert.deepEqual(delta.symbols.added, [id('Flag')], `${c.language}: ${brief(delta)}`);
    assert.deepEqual(delta.symbols.renamed, [
      { old: id('Box'), new: id('Crate'), path: c.path },
      ...c.members.map(([old, now]) => ({ old: id(old), new: id(now), path: c.path })),
    ], `${c.language}: ${brief(delta)}`);
    assert.deepEqual(delta.danglingCallers, [], `${c.language}: ${brief(delta)}`);
  }
});
