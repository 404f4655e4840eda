/**
 * The block an MCP client needs to start the bridge (`repograph mcp --print-config`): the
 * `mcpServers` entry Claude Code (`.mcp.json`), Claude Desktop and Cursor (`mcp.json`) read,
 * with absolute paths so it works from any directory.
 */
export function mcpClientConfig(options: { node: string; bin: string; repoRoot: string; workspace?: string }): Record<string, unknown> {
  return {
    mcpServers: {
      repograph: {
        type: 'stdio',
        command: options.node,
        args: [options.bin, 'mcp', '--repo', options.repoRoot, ...(options.workspace ? ['--workspace', options.workspace] : [])],
      },
    },
  };
}
