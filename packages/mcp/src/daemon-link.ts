/**
 * The bridge's one connection to the repository's daemon: opened on the first tool call (the
 * daemon auto-started by the `connect` the command line hands in), dropped when the daemon goes
 * away, and opened again by the next call. A read-only call that loses its daemon mid-call is
 * sent once more on a new connection; a write is never repeated (it may have landed), so its
 * caller gets an error saying so. Every call has a deadline, so a hung daemon never hangs an agent.
 */
import { isRepographRequestError, RepographRequestError, type RepographClient } from '@repograph/client';

export type Connector = () => Promise<RepographClient>;

/** How long one protocol call may take before the bridge gives up on it (a review compute is the longest). */
export const CALL_TIMEOUT_MS = 10 * 60_000;

/** The waits between attempts to connect while the daemon is unavailable (about 3 s in all). */
const CONNECT_RETRIES_MS = [50, 150, 300, 600, 900, 1000];
/** Fresh connections a read-only call may take when the daemon goes away under it. */
const READ_RETRIES = 3;

export class DaemonLink {
  private client: RepographClient | null = null;
  private connecting: Promise<RepographClient> | null = null;
  private closed = false;

  /** `onConnected` runs on every new connection before any call is sent on it (the bridge binds its workspace there). */
  constructor(
    private readonly connector: Connector,
    private readonly onConnected: (client: RepographClient) => Promise<void> = async () => {},
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {}

  /** Connects when not connected (running `onConnected`); a failure is the connection's error. */
  async ready(): Promise<void> {
    await this.connected();
  }

  /** Sends `method`; a read-only one is retried once on a fresh connection when the daemon went away. */
  async call<R = unknown>(method: string, params: object, options: { readOnly: boolean }): Promise<R> {
    try {
      return await this.once<R>(method, params);
    } catch (error) {
      if (!isDaemonGone(error)) throw error;
      this.drop();
      if (!options.readOnly) {
        throw RepographRequestError.of('DaemonUnavailable',
          `The repograph daemon went away during ${method}; the call was not repeated because it may have written. ` +
          'Check the state (workspace_list, index_status) and call again: the next call starts the daemon anew.');
      }
      // A daemon killed a moment ago can accept and then close: try a few fresh connections.
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.once<R>(method, params);
        } catch (again) {
          if (!isDaemonGone(again) || attempt >= READ_RETRIES) throw again;
          this.drop();
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    }
  }

  /** Closes the connection; later calls fail. */
  close(): void {
    this.closed = true;
    this.drop();
  }

  private async once<R>(method: string, params: object): Promise<R> {
    const client = await this.connected();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(RepographRequestError.of('DaemonUnavailable',
        `The repograph daemon did not answer ${method} within ${Math.round(this.timeoutMs / 1000)} s; ` +
        'it may be stuck (see `repograph ps` and its log). The connection was dropped; the next call reconnects.')), this.timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([client.requestByName(method, params) as Promise<R>, deadline]);
    } catch (error) {
      if (isDaemonGone(error) || client.closed || isBrokenPipe(error)) {
        this.drop();
        throw isDaemonGone(error) ? error : RepographRequestError.of('DaemonUnavailable',
          `The connection to the repograph daemon broke during ${method} (${(error as Error).message}).`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async connected(): Promise<RepographClient> {
    if (this.closed) throw RepographRequestError.of('DaemonUnavailable', 'The bridge is shutting down.');
    if (this.client && !this.client.closed) return this.client;
    this.connecting ??= this.connectWithRetries().then(async (client) => {
      try {
        await this.onConnected(client);
      } catch (error) {
        client.close();
        throw error;
      }
      this.client = client;
      client.onClose(() => {
        if (this.client === client) this.client = null;
      });
      return client;
    }).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /**
   * The connector, tried again a few times while the daemon is unavailable: a daemon killed a
   * moment ago can still hold its socket while its last threads exit (it accepts, then closes),
   * and a daemon started by another bridge at the same time may not listen yet.
   */
  private async connectWithRetries(): Promise<RepographClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.connector();
      } catch (error) {
        if (!isDaemonGone(error) || attempt >= CONNECT_RETRIES_MS.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRIES_MS[attempt]));
      }
    }
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    if (client && !client.closed) client.close();
  }
}

/** A socket write or read that failed because the other end went away. */
function isBrokenPipe(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  return /^(EPIPE|ECONNRESET|ECONNREFUSED|ENOTCONN|ERR_STREAM_DESTROYED|ERR_STREAM_WRITE_AFTER_END)$/.test(code) ||
    /\b(EPIPE|ECONNRESET|ECONNREFUSED|ENOTCONN)\b|ended by the other party|socket hang up|write after end/i.test((error as Error)?.message ?? '');
}

/** True when the error means the daemon is gone (not a refusal by a live daemon). */
function isDaemonGone(error: unknown): boolean {
  return isRepographRequestError(error) && error.data.code === 'DaemonUnavailable';
}
