/**
 * Backpressure for stdio: while more than a bound of answers waits in stdout unread, the bridge
 * stops reading stdin, so an MCP client that sends and never reads cannot make the bridge buffer
 * without end. Reading resumes when stdout drains; nothing is dropped. Owns that bound only.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Bytes of unread answers past which the bridge stops reading requests. */
export const OUTPUT_BACKLOG_LIMIT = 8 * 1024 * 1024;

/** The SDK's stdio transport, pausing its input while its output is backlogged. */
export class BoundedStdioTransport extends StdioServerTransport {
  private paused = false;

  constructor(
    private readonly input: NodeJS.ReadStream = process.stdin,
    private readonly output: NodeJS.WriteStream = process.stdout,
    private readonly limit = OUTPUT_BACKLOG_LIMIT,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {
    super(input, output);
  }

  override send(message: JSONRPCMessage): Promise<void> {
    const sent = super.send(message);
    if (!this.paused && this.output.writableLength > this.limit) {
      this.paused = true;
      this.input.pause();
      this.log(`repograph mcp: ${this.output.writableLength} bytes of answers are unread; reading requests again once the client reads them.`);
      this.output.once('drain', () => {
        this.paused = false;
        this.input.resume();
      });
    }
    return sent;
  }
}
