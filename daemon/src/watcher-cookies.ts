/**
 * Sync cookies (watchman's barrier): one non-recursive fs.watch of a directory (the git dir, or
 * the root outside git) and the cookie files written into it; the same watch tells the watcher
 * about the git dir's own files (a moved HEAD). Owns the cookie names, their
 * creation, removal and time-out. Every fs.watch of this process reads one inotify queue in
 * order, so when the event of a cookie arrives, the events of every earlier write anywhere in the
 * watched tree have been dispatched already.
 */
import { watch as fsWatch } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export const COOKIE_PREFIX = '.repograph-cookie-';
let cookieCounter = 0;

/** True for the name of a cookie file (of any process), which is never reported. */
export function isCookiePath(path: string): boolean {
  return basename(path).startsWith(COOKIE_PREFIX);
}

export interface CookieBarrier {
  /** Writes a cookie and resolves when its event arrives; callers before that share one cookie. */
  wait(): Promise<void>;
  close(): void;
}

/**
 * Watches `directory` for cookies; `onOther` hears every other name the watch reports (the git
 * dir's HEAD, index, ORIG_HEAD...).
 */
export function createCookieBarrier(directory: string, timeoutMs: number, onError: (error: unknown) => void, onOther?: (name: string) => void): CookieBarrier {
  let pending: { name: string; seen: Promise<void>; finish(error?: Error): void } | null = null;
  const watcher = fsWatch(directory, { persistent: true }, (_event, name) => {
    if (typeof name !== 'string') return;
    if (name.startsWith(COOKIE_PREFIX)) {
      if (pending && name === pending.name) pending.finish();
    } else {
      onOther?.(name);
    }
  });
  watcher.on('error', onError);

  return {
    wait() {
      if (pending) return pending.seen;
      const name = `${COOKIE_PREFIX}${process.pid}-${++cookieCounter}`;
      const path = join(directory, name);
      let settle!: { resolve(): void; reject(error: Error): void };
      const seen = new Promise<void>((resolve, reject) => { settle = { resolve, reject }; });
      const timer = setTimeout(() => entry.finish(new Error(
        `watcher sync timed out after ${timeoutMs} ms: no event for its cookie file ${path}; does this file system deliver change events?`,
      )), timeoutMs);
      const entry = {
        name,
        seen,
        finish(error?: Error) {
          if (pending === entry) pending = null; // a later wait() needs a later cookie
          clearTimeout(timer);
          if (error) settle.reject(error);
          else settle.resolve();
          rm(path, { force: true }).catch(() => undefined);
        },
      };
      pending = entry;
      writeFile(path, '').catch((error: Error) => entry.finish(new Error(`watcher sync could not write its cookie ${path}: ${error.message}`)));
      return seen;
    },
    close() {
      watcher.close();
      pending?.finish(new Error('watcher sync: the watcher was closed'));
    },
  };
}
