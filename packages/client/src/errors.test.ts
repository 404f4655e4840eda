// The error band as a client sees it: every code lies outside JSON-RPC's reserved range (so it
// never collides with vscode-jsonrpc's own -32001 UnknownErrorCode or -32002
// ServerNotInitialized), and a ResponseError becomes a RepographRequestError carrying the band's
// stable name, from `data.code` or, when a server sent no data, from the number alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc';
import { ERROR_BAND, ERROR_BAND_BOTTOM, ERROR_BAND_TOP, ERROR_CODE_NAMES, errorNameOf } from '@repograph/protocol';
import { toRequestError } from './errors.js';

test('every band code lies in -33000..-33099, outside JSON-RPC reserved -32768..-32000, and no two share a number', () => {
  const numbers = ERROR_CODE_NAMES.map((name) => ERROR_BAND[name]);
  for (const [index, code] of numbers.entries()) {
    assert.ok(code <= ERROR_BAND_TOP && code >= ERROR_BAND_BOTTOM, `${ERROR_CODE_NAMES[index]} is ${code}`);
    assert.ok(code < -32768 || code > -32000, `${ERROR_CODE_NAMES[index]} (${code}) is in the reserved range`);
  }
  assert.equal(new Set(numbers).size, numbers.length);
});

test('a band error keeps its name, with or without data.code; vscode-jsonrpc codes are not mistaken for ours', () => {
  const named = toRequestError(new ResponseError(ERROR_BAND.SymbolNotFound, 'no such symbol', { code: 'SymbolNotFound', id: 'a.ts#x' }), 'symbols.card', '/s');
  assert.equal(named.codeName, 'SymbolNotFound');
  assert.equal(named.code, -33002);
  assert.equal(named.data.id, 'a.ts#x');
  const bare = toRequestError(new ResponseError(ERROR_BAND.WorkspaceInUse, 'in use'), 'workspace.delete', '/s');
  assert.equal(bare.codeName, 'WorkspaceInUse');
  // -32001 and -32002 are vscode-jsonrpc's UnknownErrorCode and ServerNotInitialized, not NotIndexed and SymbolNotFound.
  assert.equal(errorNameOf(-32001), 'Internal');
  assert.equal(errorNameOf(-32002), 'Internal');
  assert.equal(errorNameOf(-33001), 'NotIndexed');
  assert.equal(errorNameOf(-32602), 'InvalidParams');
});
