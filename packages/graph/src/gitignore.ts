/**
 * A .gitignore matcher for trees that are not git repositories (inside git, `git ls-files
 * --exclude-standard` applies the real rules). Supports the common grammar: comments, `!`
 * negation, leading and inner `/` anchoring, trailing `/` for directories, `*`, `?`, `**`.
 */

interface IgnoreRule {
  regex: RegExp;
  negate: boolean;
  directoryOnly: boolean;
}

/** The rules of one .gitignore file, anchored at `baseDir` (repository-relative). */
export class GitignoreRules {
  private readonly rules: IgnoreRule[] = [];
  private readonly baseDir: string;

  constructor(baseDir: string, text: string) {
    this.baseDir = baseDir;
    for (const rawLine of text.split(/\r?\n/)) {
      let line = rawLine.replace(/(?<!\\)\s+$/, '');
      if (line === '' || line.startsWith('#')) continue;
      let negate = false;
      if (line.startsWith('!')) { negate = true; line = line.slice(1); }
      if (line.startsWith('\\')) line = line.slice(1);
      let directoryOnly = false;
      if (line.endsWith('/')) { directoryOnly = true; line = line.slice(0, -1); }
      const anchored = line.includes('/');
      if (line.startsWith('/')) line = line.slice(1);
      const body = globToRegex(line);
      const regex = new RegExp(anchored ? `^${body}$` : `(^|/)${body}$`);
      this.rules.push({ regex, negate, directoryOnly });
    }
  }

  /** Decides for a path under baseDir: true ignored, false re-included, null no rule matched. */
  match(path: string, isDirectory: boolean): boolean | null {
    const relative = this.baseDir === '' ? path : path.startsWith(`${this.baseDir}/`) ? path.slice(this.baseDir.length + 1) : null;
    if (relative === null) return null;
    let result: boolean | null = null;
    for (const rule of this.rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.regex.test(relative)) result = !rule.negate;
    }
    return result;
  }
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        out += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else {
        out += '[^/]*';
      }
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) { out += '\\['; continue; }
      out += `[${glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
      i = close;
    } else {
      out += ch.replace(/[.+^${}()|\\]/g, '\\$&');
    }
  }
  return out;
}

/** The stack of .gitignore files that apply while walking down a tree. */
export class GitignoreStack {
  private readonly layers: GitignoreRules[] = [];

  push(rules: GitignoreRules): void { this.layers.push(rules); }
  pop(): void { this.layers.pop(); }

  /** True when the deepest matching rule ignores the path. */
  ignores(path: string, isDirectory: boolean): boolean {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const result = this.layers[i]!.match(path, isDirectory);
      if (result !== null) return result;
    }
    return false;
  }
}
