/**
 * How a failed tool call reads to an agent: an MCP tool result with `isError: true`, the error's
 * stable name first (`SymbolNotFound: ...`), the daemon's message (which says what to do), and
 * the details as JSON on a second line for programs. (No structuredContent: clients check it
 * against the tool's output schema even on an error.)
 */
import { isRepographRequestError } from '@repograph/client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export class ToolUsageError extends Error {
  constructor(readonly code: string, message: string, readonly details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ToolUsageError';
  }
}

export function toolError(error: unknown): CallToolResult {
  let code = 'InternalError';
  let message = error instanceof Error ? error.message : String(error);
  let details: Record<string, unknown> = {};
  if (isRepographRequestError(error)) {
    code = error.data.code;
    const { code: _name, ...rest } = error.data;
    details = rest;
  } else if (error instanceof ToolUsageError) {
    code = error.code;
    details = error.details;
  } else {
    message = `the bridge failed: ${message}. This is a bug in repograph's MCP bridge; the call can be retried.`;
  }
  const detail = Object.keys(details).length > 0 ? `\n${JSON.stringify(details).slice(0, 2000)}` : '';
  return { content: [{ type: 'text', text: `${code}: ${message}${detail}` }], isError: true };
}
