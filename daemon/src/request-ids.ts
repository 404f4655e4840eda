/**
 * The ids of the requests in flight on one connection. vscode-jsonrpc keys its request queue by
 * `'req-' + id`, so two requests with one id (or with 77 and "77") in its queue at once lose all
 * but one answer. Each admitted request therefore gets an internal id unique on the connection,
 * and its answer goes out under the client's id again; an id already in flight (by type and
 * value: 77 and "77" differ) is not admitted. Owns that mapping only.
 */

/** A JSON-RPC request id as the client sent it. */
export type ClientRequestId = number | string;

export class RequestIds {
  private nextInternal = 1;
  private readonly byClientKey = new Map<string, number>();
  private readonly byInternal = new Map<number, ClientRequestId>();

  /** Requests admitted and not yet answered. */
  get size(): number {
    return this.byInternal.size;
  }

  /** The internal id of a newly admitted request, or null when its id is already in flight. */
  admit(id: ClientRequestId): number | null {
    const key = keyOf(id);
    if (this.byClientKey.has(key)) return null;
    const internal = this.nextInternal++;
    this.byClientKey.set(key, internal);
    this.byInternal.set(internal, id);
    return internal;
  }

  /** The internal id of a request in flight, by the client's id (to forward a cancellation). */
  internalOf(id: unknown): number | undefined {
    return typeof id === 'number' || typeof id === 'string' ? this.byClientKey.get(keyOf(id)) : undefined;
  }

  /** The request was answered: frees its id and returns it, or undefined when not in flight. */
  release(internal: unknown): ClientRequestId | undefined {
    if (typeof internal !== 'number') return undefined;
    const id = this.byInternal.get(internal);
    if (id === undefined) return undefined;
    this.byInternal.delete(internal);
    this.byClientKey.delete(keyOf(id));
    return id;
  }
}

function keyOf(id: ClientRequestId): string {
  return `${typeof id}:${id}`;
}
