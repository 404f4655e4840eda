/**
 * Go build constraints, evaluated for one default configuration (linux/amd64, gc, cgo, every
 * go1.N release tag): the `//go:build` expression the extractor recorded and the GOOS/GOARCH
 * suffixes of the file name. Owns this evaluation only; binding uses it to prefer, among files of
 * a package that redeclare a name, the one a default build compiles. Every file stays indexed.
 */

const KNOWN_OS = new Set([
  'aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd',
  'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos',
]);
const KNOWN_ARCH = new Set([
  '386', 'amd64', 'amd64p32', 'arm', 'armbe', 'arm64', 'arm64be', 'loong64', 'mips', 'mipsle', 'mips64', 'mips64le',
  'mips64p32', 'mips64p32le', 'ppc', 'ppc64', 'ppc64le', 'riscv', 'riscv64', 's390', 's390x', 'sparc', 'sparc64', 'wasm',
]);
const TRUE_TAGS = new Set(['linux', 'amd64', 'unix', 'gc', 'cgo']);

function tagHolds(tag: string): boolean {
  return TRUE_TAGS.has(tag) || /^go1\.\d+$/.test(tag);
}

/** True when a default build compiles the file (name suffixes and constraint both allow it). */
export function buildSatisfied(path: string, constraint: string | undefined): boolean {
  return fileNameSatisfied(path) && (constraint === undefined || expressionHolds(constraint));
}

function fileNameSatisfied(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.go$/, '').replace(/_test$/, '');
  const parts = base.split('_');
  if (parts.length < 2) return true;
  const last = parts[parts.length - 1]!;
  const previous = parts.length >= 3 ? parts[parts.length - 2]! : undefined;
  if (KNOWN_ARCH.has(last)) {
    if (previous !== undefined && KNOWN_OS.has(previous)) return tagHolds(previous) && tagHolds(last);
    return tagHolds(last);
  }
  if (KNOWN_OS.has(last)) return tagHolds(last);
  return true;
}

/** Evaluates a `//go:build` expression; an expression that does not parse holds. */
function expressionHolds(expression: string): boolean {
  const tokens = expression.match(/[A-Za-z0-9_.]+|&&|\|\||[!()]/g) ?? [];
  let position = 0;
  let failed = false;
  const parseOr = (): boolean => {
    let value = parseAnd();
    while (tokens[position] === '||') { position++; const right = parseAnd(); value = value || right; }
    return value;
  };
  const parseAnd = (): boolean => {
    let value = parseNot();
    while (tokens[position] === '&&') { position++; const right = parseNot(); value = value && right; }
    return value;
  };
  const parseNot = (): boolean => {
    const token = tokens[position++];
    if (token === '!') return !parseNot();
    if (token === '(') {
      const value = parseOr();
      if (tokens[position] === ')') position++;
      else failed = true;
      return value;
    }
    if (token === undefined || token === ')' || token === '&&' || token === '||') { failed = true; return true; }
    return tagHolds(token);
  };
  const result = parseOr();
  return failed || position < tokens.length ? true : result;
}
