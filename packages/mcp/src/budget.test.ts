// fitAnswer: records are kept while they fit and cut at a record boundary with a cursor that
// continues at the first record left out; a record larger than the budget is clipped rather than
// dropped; the footer's savings are the evidence's tokens minus the final text's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fitAnswer } from './budget.js';
import { decodeCursor } from './cursor.js';
import { EvidenceFiles } from './evidence.js';
import type { Answer } from './tool-kit.js';
import { countTokens } from './tokens.js';

const meta = { generation: 7, workspace: 'default', semanticLevel: 'full' as const, timings: { totalMs: 1 } };

function answer(records: string[]): Answer<string> {
  return {
    meta, head: `${records.length} lines:`, records, renderRecord: (record) => record,
    build: (kept) => ({ lines: kept }), evidence: ['a.txt'], noun: 'lines',
  };
}

test('records are cut at a boundary; the cursor continues at the first one left out', () => {
  const root = mkdtempSync(join(tmpdir(), 'mcp-budget-'));
  try {
    writeFileSync(join(root, 'a.txt'), 'word '.repeat(5000));
    const evidence = new EvidenceFiles(root);
    const records = Array.from({ length: 400 }, (_, index) => `record number ${index} with a few words in it`);
    const first = fitAnswer(answer(records), { tool: 'demo', args: { q: 1 }, offset: 0, maxTokens: 500, firstGeneration: null, evidence });
    assert.ok(countTokens(first.text) <= 500, `${countTokens(first.text)} tokens`);
    assert.equal(first.structured.truncated, true);
    const kept = (first.structured.result as { lines: string[] }).lines;
    assert.ok(kept.length > 5 && kept.length < 400);
    assert.deepEqual(kept, records.slice(0, kept.length));
    const state = decodeCursor(first.structured.cursor as string, 'demo');
    assert.ok(!(state instanceof Error));
    assert.equal(state.offset, kept.length);
    assert.deepEqual(state.args, { q: 1 });
    assert.equal(first.structured.answerTokens, countTokens(first.text));
    assert.equal(first.structured.tokensSaved, (first.structured.baselineTokens as number) - countTokens(first.text));
    const second = fitAnswer(answer(records), { tool: 'demo', args: { q: 1 }, offset: state.offset, maxTokens: 500, firstGeneration: 7, evidence });
    assert.deepEqual((second.structured.result as { lines: string[] }).lines[0], records[kept.length]);
    assert.equal(second.structured.generationMoved, false);
    assert.ok(decodeCursor('x', 'demo') instanceof Error);
    assert.match((decodeCursor(first.structured.cursor as string, 'other') as Error).message, /continues demo/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a record larger than the whole budget is clipped, not dropped; a small answer is whole', () => {
  const root = mkdtempSync(join(tmpdir(), 'mcp-budget-'));
  try {
    const evidence = new EvidenceFiles(root);
    const huge = fitAnswer(answer(['x y '.repeat(5000)]), { tool: 'demo', args: {}, offset: 0, maxTokens: 300, firstGeneration: null, evidence });
    assert.ok(countTokens(huge.text) <= 300);
    assert.equal(huge.structured.truncated, true);
    assert.equal(huge.structured.cursor, undefined);
    const small = fitAnswer(answer(['one', 'two']), { tool: 'demo', args: {}, offset: 0, maxTokens: 4000, firstGeneration: null, evidence });
    assert.equal(small.structured.truncated, false);
    assert.match(small.text, /gen 7 · default · full/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
