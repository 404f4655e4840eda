/**
 * `repo.export`, streamed: the server sends `repo.exportChunk` notifications carrying JSONL
 * lines of the export format (symbols first, then relations, deterministic order; PROTOCOL.md
 * "Export"), then answers the request with the totals. Every chunk of one export is written
 * before its response, so a client that has the response has every line.
 */
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type { QueryScope, WithMeta } from './shapes.js';

export interface RepoExportParams extends QueryScope {
  format: 'jsonl';
  /**
   * Names this export's chunks. A client sets it (unique per connection) so it can route
   * chunks that arrive before the response; when absent the server picks one.
   */
  exportId?: string;
}

export interface RepoExportPayload {
  exportId: string;
  /** Lines sent of each type. */
  symbols: number;
  relations: number;
}
export type RepoExportResult = WithMeta<RepoExportPayload>;

export const RepoExportMethod = 'repo.export';
export const RepoExportRequest = new RequestType<RepoExportParams, RepoExportResult, ErrorData>(RepoExportMethod);

/** One chunk: each line is one JSON object (`{"type":"symbol",...}` or `{"type":"edge",...}`) without its newline. */
export interface RepoExportChunk {
  exportId: string;
  lines: string[];
}

export const RepoExportChunkMethod = 'repo.exportChunk';
export const RepoExportChunkNotification = new NotificationType<RepoExportChunk>(RepoExportChunkMethod);
