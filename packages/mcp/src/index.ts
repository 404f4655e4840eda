/**
 * @repograph/mcp: the MCP stdio bridge for agents (`repograph mcp`): tools over the daemon's
 * protocol, bounded answers with cursors and token savings, and the client set-up block.
 * Imports @repograph/client and @repograph/protocol only.
 */
export { createBridge, runStdioBridge, BRIDGE_NAME, BRIDGE_VERSION, type Bridge, type BridgeOptions } from './bridge.js';
export { mcpClientConfig } from './client-config.js';
export { ALL_TOOLS } from './tools/all.js';
export { countTokens } from './tokens.js';
