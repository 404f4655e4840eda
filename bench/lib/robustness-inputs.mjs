// The fuzzer's inputs, drawn from a seeded random generator: malformed frames for raw sockets
// (bad headers, bad lengths, bad JSON, JSON that is not JSON-RPC, batches, huge and duplicate ids)
// and well-formed requests to every method protocol/ declares, with mutated params (wrong types,
// missing and extra fields, huge and 1 MiB strings, deep objects, absolute and `..` paths, NUL
// bytes, negative and huge numbers, unicode). Every input carries a short `label` naming its
// shape, so findings deduplicate by (method, label). Owns no socket and no classification.
import { frame } from './robustness-wire.mjs';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Methods never sent: they stop the run (see bench/README.md). */
export const EXCLUDED_METHODS = ['daemon.shutdown', 'index.removeRepo'];

const SYMBOL_KINDS = ['file', 'directory', 'module', 'class', 'interface', 'function', 'method', 'variable', 'constant'];
const RELATION_KINDS = ['contains', 'imports', 'calls', 'references', 'extends', 'implements'];
const TOPICS = ['index.progress', 'graph.delta', 'workspace.changed'];

/**
 * Facts about the corpus the valid values come from: `ids` (symbol ids), `files` (repository-
 * relative files), `dirs`, `repo` (the worktree), `outside` (a folder beside it, outside the
 * repository and the data root), `head` (the commit sha), `protocolVersion`.
 */
export function makeGenerator(random, facts) {
  const int = (n) => Math.floor(random() * n);
  const pick = (list) => list[int(list.length)];
  const chance = (p) => random() < p;
  let fuzzFile = 0;

  // ---- Values that break things, by the kind of field they replace. Each: [label, () => value].
  const deep = (depth) => {
    // Built as text would be too, but an object is what JSON.stringify needs.
    let value = { leaf: 1 };
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };
  const deepArray = (depth) => {
    let value = [];
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };
  const generic = [
    ['null', () => null], ['true', () => true], ['false', () => false], ['zero', () => 0], ['number', () => 42],
    ['negative', () => -1], ['float', () => 1.5], ['huge-number', () => 1e308], ['min-number', () => -1e308],
    ['2^53+2', () => 2 ** 53 + 2], ['2^31', () => 2 ** 31], ['empty-string', () => ''], ['string', () => 'fuzz'],
    ['empty-array', () => []], ['array', () => [1, 'a', null]], ['empty-object', () => ({})], ['object', () => ({ a: 1 })],
    ['deep-object(2000)', () => deep(2000)], ['deep-array(2000)', () => deepArray(2000)],
    ['long-array(20000)', () => Array.from({ length: 20000 }, (_, i) => `x${i}`)],
    ['proto-object', () => JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}')],
  ];
  const strings = [
    ['string(64KiB)', () => 'a'.repeat(64 * KIB)], ['string(1MiB)', () => 'b'.repeat(MIB)],
    ['nul', () => 'src/a\u0000b.ts'], ['unicode', () => '\u{1D518}n\u00EFc\u00F8d\u00E9\u202E\uFFFF\u0301'],
    ['lone-surrogate', () => 'x\uD800y'], ['newlines', () => 'a\r\nb\nc'], ['whitespace', () => '   '],
    ['regex-meta', () => pick(['*', '.*', '[', '(', '\\', '(a|a)+$', '(?<=x', '\\p{L}+', '^$', '|', 'a{99999}'])],
    ['proto-name', () => pick(['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'prototype'])],
    ['percent', () => '%00%2e%2e%2f'], ['long-unicode(256KiB)', () => '\u00E9'.repeat(128 * KIB)],
  ];
  const paths = () => [
    ['abs:/etc/passwd', () => '/etc/passwd'], ['abs:/', () => '/'], ['abs:/proc/self/environ', () => '/proc/self/environ'],
    ['abs:outside', () => `${facts.outside}/x.ts`], ['abs:repo-file', () => `${facts.repo}/${pick(facts.files)}`],
    ['dotdot:outside', () => '../outside/x.ts'], ['dotdot:deep', () => '../../../../../../../../etc/passwd'],
    ['dotdot:inner', () => `${pick(facts.dirs)}/../../outside/y.ts`], ['dotdot:self', () => './././.'],
    ['dot-git', () => pick(['.git/config', '.git/HEAD', '.git/hooks/pre-commit', '.git'])],
    ['dir-as-file', () => pick(facts.dirs)], ['missing-file', () => 'no/such/file.ts'], ['trailing-slash', () => `${pick(facts.dirs)}/`],
    ['backslashes', () => pick(facts.files).replace(/\//g, '\\')], ['double-slash', () => `${pick(facts.dirs)}//${pick(facts.files).split('/').pop()}`],
    ['tilde', () => '~/x.ts'], ['file-url', () => `file://${facts.repo}/${pick(facts.files)}`],
    ...(facts.links ? [
      ['link:dangling', () => 'fuzz-links/dangling.ts'], ['link:secret', () => 'fuzz-links/secret.ts'],
      ['link:outside-dir', () => pick(['fuzz-links/outdir/secret.txt', 'fuzz-links/outdir'])],
      ['link:git', () => pick(['fuzz-links/gitlink/config', 'fuzz-links/gitlink/HEAD', 'fuzz-links/gitlink'])], ['fifo', () => 'fuzz-links/pipe.ts'],
    ] : []),
  ];
  /** Write targets stay inside the scratch folder: `..` goes at most to `outside`. */
  const writePaths = () => [
    ['abs:outside', () => `${facts.outside}/w${int(1000)}.ts`], ['dotdot:outside', () => `../outside/w${int(1000)}.ts`],
    ['dotdot:inner', () => `fuzz/../../outside/w${int(1000)}.ts`], ['dot-git', () => pick(['.git/fuzz-config', '.git/hooks/fuzz-hook'])],
    ['dir-as-file', () => pick(facts.dirs)], ['nul', () => 'fuzz/a\u0000b.ts'], ['empty-string', () => ''],
    ['below-a-file', () => `${pick(facts.files)}/child.ts`], ['trailing-slash', () => 'fuzz/'], ['unicode', () => 'fuzz/\u00E9\u202E.ts'],
    ['long-name(300)', () => `fuzz/${'n'.repeat(300)}.ts`], ['long-path(5000)', () => `fuzz/${'d/'.repeat(2500)}x.ts`],
    ['abs:repo-file', () => `${facts.repo}/fuzz/abs.ts`], ['backslashes', () => 'fuzz\\back.ts'], ['dotdot:self', () => '.'],
    ...(facts.links ? [
      ['link:dangling', () => 'fuzz-links/dangling.ts'], ['link:outside-dir', () => `fuzz-links/outdir/w${int(1000)}.ts`],
      ['link:git', () => pick(['fuzz-links/gitlink/fuzz-config', 'fuzz-links/gitlink/hooks/fuzz-hook'])], ['fifo', () => 'fuzz-links/pipe.ts'],
    ] : []),
  ];
  const poolFor = (kind) => {
    switch (kind) {
      case 'path': return [...paths(), ...strings, ...generic];
      case 'writePath': return [...writePaths(), ...strings.filter(([l]) => !l.startsWith('string(1MiB)')), ...generic];
      case 'root': return [...paths(), ...strings, ...generic];
      case 'number': return [...generic, ['string-number', () => '12'], ['infinity-text', () => 'Infinity']];
      case 'bool': return [...generic, ['string-true', () => 'true'], ['one', () => 1]];
      default: return [...strings, ...generic, ...paths().slice(0, 4)];
    }
  };

  // ---- Valid params per method. Each field: kind (picks the mutation pool), valid(), required.
  const scope = {
    workspace: { kind: 'workspace', valid: () => (chance(0.8) ? 'default' : pick(facts.workspaces())), optional: true },
    sync: { kind: 'bool', valid: () => chance(0.2), optional: true },
  };
  const id = { kind: 'id', valid: () => pick(facts.ids) };
  // Mostly unknown review ids (ReviewNotFound), and the ids of reviews the fuzzer computed.
  const reviewId = { kind: 'string', valid: () => pick([...(facts.reviewIds ?? []), `r-${'0'.repeat(19)}${int(10)}`]) };
  const newFuzzPath = () => `fuzz/f${fuzzFile++ % 40}.ts`;
  const edit = () => {
    if (chance(0.6)) return { path: newFuzzPath(), content: `export function fuzzed${int(1e6)}(x: number) { return x + 1; }\n` };
    return { path: pick(facts.files), replace: { old: chance(0.5) ? 'export' : `never-there-${int(1e6)}`, new: 'export' } };
  };
  const SPECS = {
    'initialize': { clientName: { kind: 'string', valid: () => 'fuzzer' }, protocolVersion: { kind: 'string', valid: () => pick([facts.protocolVersion, facts.protocolVersion, '0.2.0', '1.0.0', '0']) } },
    'index.status': { ...scope },
    'index.ensureBaseline': { commit: { kind: 'commit', valid: () => pick(['HEAD', facts.head, facts.head.slice(0, 8)]), optional: true } },
    'index.listBaselines': {},
    'index.cleanup': { dryRun: { kind: 'bool', valid: () => chance(0.7), optional: true } },
    'index.report': { ...scope },
    'repo.export': { format: { kind: 'string', valid: () => 'jsonl' }, exportId: { kind: 'string', valid: () => `e${int(1e6)}`, optional: true }, ...scope },
    'symbols.search': {
      query: { kind: 'string', valid: () => pick(['Observable', 'map', 'sub', 'pipe', 'x', 'Subject', 'create']) },
      kinds: { kind: 'array', valid: () => [pick(SYMBOL_KINDS)], optional: true },
      path: { kind: 'path', valid: () => pick(facts.dirs), optional: true },
      limit: { kind: 'number', valid: () => 1 + int(50), optional: true }, ...scope,
    },
    'symbols.card': { id, ...scope },
    'symbols.context': { id, maxCallees: { kind: 'number', valid: () => int(10), optional: true }, ...scope },
    'code.span': {
      path: { kind: 'path', valid: () => pick(facts.files) },
      startLine: { kind: 'number', valid: () => 1 + int(20) }, endLine: { kind: 'number', valid: () => 20 + int(40) }, ...scope,
    },
    'code.searchText': {
      pattern: { kind: 'string', valid: () => pick(['subscribe', 'export', 'TODO', 'function', 'class ']) },
      regex: { kind: 'bool', valid: () => chance(0.3), optional: true },
      path: { kind: 'path', valid: () => pick(facts.dirs), optional: true },
      limit: { kind: 'number', valid: () => 1 + int(50), optional: true }, ...scope,
    },
    'refs.find': { id, kinds: { kind: 'array', valid: () => [pick(RELATION_KINDS)], optional: true }, ...scope },
    'graph.callers': { id, depth: { kind: 'number', valid: () => 1 + int(3), optional: true }, ...scope },
    'graph.callees': { id, depth: { kind: 'number', valid: () => 1 + int(3), optional: true }, ...scope },
    'workspace.create': {
      id: { kind: 'string', valid: () => `fz${int(8)}`, optional: true },
      root: { kind: 'root', valid: () => facts.repo, optional: true },
      baseCommit: { kind: 'commit', valid: () => 'HEAD', optional: true },
    },
    'workspace.list': {},
    'workspace.refresh': {
      id: { kind: 'workspace', valid: () => pick(facts.workspaces()) },
      paths: { kind: 'array', valid: () => [pick(facts.files)], optional: true },
      contents: { kind: 'object', valid: () => ({ [newFuzzPath()]: `export const unsaved${int(1e6)} = 1;\n` }), optional: true },
    },
    'workspace.reset': { id: { kind: 'workspace', valid: () => pick(facts.workspaces()) } },
    'workspace.delete': { id: { kind: 'workspace', valid: () => pick(facts.workspaces().filter((w) => w !== 'default').concat(['fz0'])) } },
    'edit.apply': {
      edits: { kind: 'edits', valid: () => Array.from({ length: 1 + int(2) }, edit) },
      dryRun: { kind: 'bool', valid: () => chance(0.5), optional: true }, ...scope,
    },
    'delta.since': { base: { kind: 'commit', valid: () => pick(['HEAD', facts.head]) }, ...scope },
    'index.diff': { base: { kind: 'commit', valid: () => pick(['HEAD', facts.head]) }, head: { kind: 'commit', valid: () => 'HEAD', optional: true } },
    'review_studio.compute': { base: { kind: 'commit', valid: () => pick(['HEAD', facts.head]) }, head: { kind: 'commit', valid: () => 'HEAD', optional: true } },
    'review_studio.watchCompute': { base: { kind: 'commit', valid: () => 'HEAD' }, head: { kind: 'commit', valid: () => 'HEAD', optional: true } },
    ...Object.fromEntries(['get', 'cohorts', 'dependencyDiffs', 'watchCohorts', 'watchDependencyDiffs'].map((name) => [`review_studio.${name}`, { reviewId }])),
    ...Object.fromEntries(['blastRadius', 'watchBlastRadius'].map((name) => [`review_studio.${name}`, { reviewId, depth: { kind: 'number', valid: () => 1 + int(8), optional: true } }])),
    ...Object.fromEntries(['cohortImpact', 'watchCohortImpact'].map((name) => [`review_studio.${name}`, { reviewId, key: { kind: 'string', valid: () => `c-${int(1e6)}` } }])),
    ...Object.fromEntries(['ciSignals', 'watchCiSignals'].map((name) => [`review_studio.${name}`, {
      reviewId,
      results: { kind: 'object', valid: () => ({ junit: [{ source: 'ci.xml', xml: '<testsuites><testsuite name="s"><testcase name="t"/></testsuite></testsuites>' }], pending: [{ name: 'ci', state: 'queued' }] }), optional: true },
    }])),
    'watch.subscribe': {
      topic: { kind: 'string', valid: () => pick(TOPICS) },
      params: { kind: 'object', valid: () => ({ workspace: 'default' }), optional: true },
      since: { kind: 'number', valid: () => int(5), optional: true },
    },
    'watch.unsubscribe': { subscriptionId: { kind: 'string', valid: () => `s${int(5)}` } },
    'daemon.stats': {},
  };
  // A method protocol/ declares that has no spec here yet is still fuzzed: with no known fields,
  // every mutation is an extra field or params that are not an object.
  const specified = Object.keys(SPECS);
  for (const method of facts.declared ?? []) SPECS[method] ??= {};
  /** How often each method is drawn (the expensive ones less). */
  const WEIGHTS = {
    'repo.export': 0.15, 'index.ensureBaseline': 0.5, 'delta.since': 0.6, 'edit.apply': 1.5, 'workspace.create': 0.7,
    'index.diff': 0.3, 'review_studio.compute': 0.3, 'review_studio.watchCompute': 0.2,
  };
  const methods = Object.keys(SPECS);
  const totalWeight = methods.reduce((sum, m) => sum + (WEIGHTS[m] ?? 1), 0);
  const pickMethod = () => {
    let roll = random() * totalWeight;
    for (const m of methods) {
      roll -= WEIGHTS[m] ?? 1;
      if (roll < 0) return m;
    }
    return methods[methods.length - 1];
  };

  const commitPool = [
    ['commit:HEAD~5', () => 'HEAD~5'], ['commit:option', () => '--output=/tmp/x'], ['commit:dash', () => '-'],
    ['commit:range', () => 'HEAD..HEAD'], ['commit:zeros', () => '0'.repeat(40)], ['commit:ref-escape', () => 'refs/../../x'],
    ['commit:1MiB', () => 'c'.repeat(MIB)], ['commit:64KiB', () => 'c'.repeat(64 * KIB)], ['commit:nul', () => 'HEAD\u0000'],
    ['commit:reflog', () => 'HEAD@{1}'], ['commit:colon-path', () => 'HEAD:package.json'], ['commit:space', () => 'HEAD HEAD'],
  ];
  /** A mutated edits list: the edit objects themselves broken. */
  const editMutations = [
    ['edits[0].path', () => { const [label, make] = pick(poolFor('writePath')); return [[{ path: make(), content: 'export const x = 1;\n' }], label]; }],
    ['edits[0].content', () => { const [label, make] = pick([...strings, ...generic]); return [[{ path: newFuzzPath(), content: make() }], label]; }],
    ['edits[0].replace', () => { const [label, make] = pick([...strings, ...generic]); return [[{ path: pick(facts.files), replace: make() }], label]; }],
    ['edits[0].replace.old', () => { const [label, make] = pick([...strings, ...generic]); return [[{ path: pick(facts.files), replace: { old: make(), new: 'x' } }], label]; }],
    ['edits[0]', () => { const [label, make] = pick(generic); return [[make()], label]; }],
    ['edits[0]{both}', () => [[{ path: newFuzzPath(), content: 'x', replace: { old: 'a', new: 'b' } }], 'content+replace']],
    ['edits[0]{neither}', () => [[{ path: newFuzzPath() }], 'no-content']],
    ['edits[1]', () => [[{ path: newFuzzPath(), content: 'export const ok = 1;\n' }, { path: pick(facts.dirs), content: 'x' }], 'second-is-dir']],
    ['edits[1]', () => [[{ path: newFuzzPath(), content: 'export const ok = 1;\n' }, { path: `../outside/w${int(100)}.ts`, content: 'x' }], 'second-outside']],
    ['edits', () => [Array.from({ length: 2000 }, (_, i) => ({ path: `fuzz/many${i}.ts`, content: '' })), 'array(2000)']],
    ['edits', () => [[], 'empty-array']],
    ['edits', () => [[{ path: 'fuzz/same.ts', content: 'a' }, { path: 'fuzz/same.ts', content: 'b' }], 'same-path-twice']],
  ];
  const contentsMutations = [
    ['contents{key}', () => { const [label, make] = pick(poolFor('path')); const key = make(); return [{ [typeof key === 'string' ? key : String(key)]: 'x' }, label]; }],
    ['contents{value}', () => { const [label, make] = pick([...strings, ...generic]); return [{ [newFuzzPath()]: make() }, label]; }],
    ['contents', () => [Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`fuzz/u${i}.ts`, ''])), 'keys(3000)']],
    ['contents', () => [{ 'fuzz/regex.ts': `// ${'a'.repeat(24)}!\n` }, 'backtracking-buffer']],
  ];

  /** One mutation of `params` (in place) for a field of `spec`; returns its label. */
  function mutate(method, spec, params) {
    const fields = Object.keys(spec);
    const roll = random();
    if (fields.length && roll < 0.7) {
      const field = pick(fields);
      const kind = spec[field].kind;
      if (kind === 'edits' && chance(0.6)) {
        const [where, make] = pick(editMutations);
        const [value, label] = make();
        params[field] = value;
        return `${where}=${label}`;
      }
      if (kind === 'object' && field === 'contents' && chance(0.6)) {
        const [where, make] = pick(contentsMutations);
        const [value, label] = make();
        params[field] = value;
        return `${where}=${label}`;
      }
      if (kind === 'array' && chance(0.5)) {
        const [label, make] = pick([...strings, ...generic]);
        params[field] = [make()];
        return `${field}[0]=${label}`;
      }
      const pool = kind === 'commit' ? [...commitPool, ...generic, ...strings.slice(0, 4)] : poolFor(kind);
      const [label, make] = pick(pool);
      params[field] = make();
      return `${field}=${label}`;
    }
    if (fields.length && roll < 0.82) {
      const field = pick(fields);
      delete params[field];
      return `-${field}`;
    }
    const extra = pick(['extra', '__proto__', 'constructor', 'jsonrpc', 'id', 'x'.repeat(1000)]);
    const [label, make] = pick([...generic, ...strings.slice(0, 3)]);
    if (extra === '__proto__') Object.defineProperty(params, '__proto__', { value: make(), enumerable: true, writable: true, configurable: true });
    else params[extra] = make();
    return `+${extra.length > 20 ? `${extra.slice(0, 8)}...(${extra.length})` : extra}=${label}`;
  }

  /** A well-formed request: {kind:'request', method, params, label}. */
  function request() {
    const method = pickMethod();
    const spec = SPECS[method];
    const params = {};
    for (const [field, f] of Object.entries(spec)) if (!f.optional || chance(0.5)) params[field] = f.valid();
    const roll = random();
    if (roll < 0.08) return { kind: 'request', method, params, label: 'valid' };
    if (roll < 0.14) {
      const [label, make] = pick([['absent', () => undefined], ['null', () => null], ['array', () => [params]],
        ['string', () => 'params'], ['number', () => 7], ['empty-array', () => []]]);
      return { kind: 'request', method, params: make(), label: `params=${label}` };
    }
    const labels = [mutate(method, spec, params)];
    if (chance(0.25)) labels.push(mutate(method, spec, params));
    return { kind: 'request', method, params, label: labels.join(' ') };
  }

  // ---- Malformed frames for a fresh raw socket. Each: bytes (one write, or a list of writes),
  // `answers` (how many responses a correct daemon sends: 0 when closing or ignoring is fine).
  const body = (object) => JSON.stringify(object);
  const req = (idValue, method = 'index.status', params = {}) => `{"jsonrpc":"2.0","id":${idValue},"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`;
  const FRAMES = [
    ['no-header', () => ({ bytes: Buffer.from('hello world\r\n\r\n'), answers: 0 })],
    ['header-no-colon', () => ({ bytes: Buffer.from(`Content-Length 20\r\n\r\n${req(1)}`), answers: 0 })],
    ['length-text', () => ({ bytes: Buffer.from(`Content-Length: abc\r\n\r\n${req(1)}`), answers: 0 })],
    ['length-negative', () => ({ bytes: Buffer.from(`Content-Length: -5\r\n\r\n${req(1)}`), answers: 0 })],
    ['length-huge', () => ({ bytes: Buffer.from('Content-Length: 99999999999999\r\n\r\n{'), answers: 0 })],
    ['length-2^53', () => ({ bytes: Buffer.from('Content-Length: 9007199254740993\r\n\r\n{'), answers: 0 })],
    ['length-float', () => ({ bytes: Buffer.from(`Content-Length: 3.5\r\n\r\n${req(1)}`), answers: 0 })],
    ['length-short', () => { const b = req(1); return { bytes: Buffer.from(`Content-Length: ${b.length - 7}\r\n\r\n${b}`), answers: 0 }; }],
    ['length-long', () => { const b = req(1); return { bytes: Buffer.from(`Content-Length: ${b.length + 50}\r\n\r\n${b}`), answers: 0 }; }],
    ['length-zero', () => ({ bytes: Buffer.from(`Content-Length: 0\r\n\r\n`), answers: 0 })],
    ['two-lengths', () => { const b = req(1); return { bytes: Buffer.from(`Content-Length: ${b.length}\r\nContent-Length: 3\r\n\r\n${b}`), answers: 0 }; }],
    ['header-lowercase', () => { const b = req(1); return { bytes: Buffer.from(`content-length: ${b.length}\r\n\r\n${b}`), answers: 1 }; }],
    ['header-content-type', () => { const b = req(1); return { bytes: Buffer.from(`Content-Length: ${b.length}\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n${b}`), answers: 0 }; }],
    ['header-odd-charset', () => { const b = req(1); return { bytes: Buffer.from(`Content-Length: ${b.length}\r\nContent-Type: text/x; charset=utf-32\r\n\r\n${b}`), answers: 0 }; }],
    ['header-lf-only', () => { const b = req(1); return { bytes: Buffer.from(`Content-Length: ${b.length}\n\n${b}`), answers: 0 }; }],
    ['header-16KiB', () => ({ bytes: Buffer.from(`X-Pad: ${'p'.repeat(16 * KIB)}\r\n\r\n`), answers: 0 })],
    ['header-7KiB', () => { const b = req(1); return { bytes: Buffer.from(`X-Pad: ${'p'.repeat(7 * KIB)}\r\nContent-Length: ${b.length}\r\n\r\n${b}`), answers: 0 }; }],
    ['bad-json', () => ({ bytes: frame('{"jsonrpc":"2.0","id":1,'), answers: 0 })],
    ['bad-json-trailing', () => ({ bytes: frame(`${req(1)} garbage`), answers: 0 })],
    ['invalid-utf8', () => ({ bytes: frame(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), answers: 0 })],
    ['empty-body', () => ({ bytes: frame(''), answers: 0 })],
    ['json-number', () => ({ bytes: frame('42'), answers: 0 })],
    ['json-string', () => ({ bytes: frame('"index.status"'), answers: 0 })],
    ['json-null', () => ({ bytes: frame('null'), answers: 0 })],
    ['json-object-not-rpc', () => ({ bytes: frame(body({ hello: 'world' })), answers: 0 })],
    ['batch-empty', () => ({ bytes: frame('[]'), answers: 0 })],
    ['batch', () => ({ bytes: frame(`[${req(1)},${req(2)}]`), answers: 0 })],
    ['response-to-server', () => ({ bytes: frame(body({ jsonrpc: '2.0', id: 5, result: { x: 1 } })), answers: 0 })],
    ['error-to-server', () => ({ bytes: frame(body({ jsonrpc: '2.0', id: 5, error: { code: 1, message: 'x' } })), answers: 0 })],
    ['no-jsonrpc-field', () => ({ bytes: frame(body({ id: 1, method: 'index.status', params: {} })), answers: 0 })],
    ['jsonrpc-1.0', () => ({ bytes: frame(body({ jsonrpc: '1.0', id: 1, method: 'index.status', params: {} })), answers: 0 })],
    ['method-number', () => ({ bytes: frame(body({ jsonrpc: '2.0', id: 1, method: 42 })), answers: 0 })],
    ['method-missing', () => ({ bytes: frame(body({ jsonrpc: '2.0', id: 1, params: {} })), answers: 0 })],
    ['method-unknown', () => ({ bytes: frame(req(1, pick(['nope', 'index.nope', '', '$/x', 'rpc.discover', '__proto__', 'constructor', 'toString', 'index.status ', 'INDEX.STATUS']))), answers: 1, unknownMethod: true })],
    ['id-huge-number', () => ({ bytes: frame(req('1e308')), answers: 1 })],
    ['id-2^64', () => ({ bytes: frame(req('18446744073709551616')), answers: 1 })],
    ['id-negative', () => ({ bytes: frame(req(-7)), answers: 1 })],
    ['id-float', () => ({ bytes: frame(req(1.25)), answers: 1 })],
    ['id-string-64KiB', () => ({ bytes: frame(req(JSON.stringify('i'.repeat(64 * KIB)))), answers: 1 })],
    ['id-empty-string', () => ({ bytes: frame(req('""')), answers: 1 })],
    ['id-object', () => ({ bytes: frame(req('{"a":1}')), answers: 0 })],
    ['id-array', () => ({ bytes: frame(req('[1]')), answers: 0 })],
    ['id-null', () => ({ bytes: frame(req('null')), answers: 0 })],
    ['id-bool', () => ({ bytes: frame(req('true')), answers: 0 })],
    ['duplicate-ids', () => ({ bytes: Buffer.concat(Array.from({ length: 5 }, () => frame(req(77, 'code.searchText', { pattern: 'subscribe', limit: 5 })))), answers: 5, duplicate: true })],
    ['duplicate-ids-sequential-ok', () => ({ bytes: frame(req(78)), answers: 1 })],
    ['cancel-weird', () => ({ bytes: Buffer.concat([frame(body({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: pick([null, {}, 'x', -1, 1e308]) } })), frame(req(3))]), answers: 1 })],
    ['notification-bad-params', () => ({ bytes: Buffer.concat([frame(body({ jsonrpc: '2.0', method: pick(['code.span', 'edit.apply', 'index.status', 'nope']), params: pick([null, 5, 'x', [1]]) })), frame(req(4))]), answers: 1 })],
    ['params-scalar', () => ({ bytes: frame(`{"jsonrpc":"2.0","id":9,"method":"symbols.search","params":${pick(['5', '"q"', 'true', 'null'])}}`), answers: 1 })],
    ['deep-json(100000)', () => ({ bytes: frame(`{"jsonrpc":"2.0","id":10,"method":"index.status","params":{"a":${'['.repeat(100000)}${']'.repeat(100000)}}}`), answers: 1 })],
    ['split-writes', () => { const f = frame(req(11)); const cut = 1 + int(f.length - 2); return { bytes: [f.subarray(0, cut), f.subarray(cut)], answers: 1 }; }],
    ['random-bytes', () => ({ bytes: Buffer.from(Array.from({ length: 1 + int(2048) }, () => int(256))), answers: 0 })],
    ['random-bytes-framed', () => ({ bytes: frame(Buffer.from(Array.from({ length: 1 + int(512) }, () => int(256)))), answers: 0 })],
    ['valid-then-garbage', () => ({ bytes: Buffer.concat([frame(req(12)), Buffer.from('\x00\x01garbage\r\n\r\n')]), answers: 1 })],
    ['many-small-frames', () => ({ bytes: Buffer.concat(Array.from({ length: 50 }, (_, i) => frame(req(100 + i, 'daemon.stats')))), answers: 50 })],
  ];

  /** A malformed frame: {kind:'frame', method:'(frame)', label, bytes, answers, ...}. */
  function badFrame() {
    const [label, make] = pick(FRAMES);
    return { kind: 'frame', method: '(frame)', label, ...make() };
  }

  return {
    methods,
    /** The methods whose fields this file knows. */
    specified,
    /** The next input: a malformed frame with probability `frameShare`, else a mutated request. */
    next(frameShare) {
      return random() < frameShare ? badFrame() : request();
    },
  };
}
