/**
 * Fitting an Answer into a token budget: the head, then records while they fit, cut at a record
 * boundary, and a footer with the answer's generation, workspace, semantic level and tokens saved
 * (or what was left out and the cursor that fetches it). Counted with the real tokenizer; the
 * answer's own tokens are counted on the final text.
 */
import { encodeCursor } from './cursor.js';
import type { EvidenceFiles } from './evidence.js';
import type { Answer } from './tool-kit.js';
import { countTokens } from './tokens.js';

export const DEFAULT_MAX_TOKENS = 4000;
/** Kept free for the footer (the cursor line is the longest part). */
const FOOTER_RESERVE = 120;

export interface Fitted {
  text: string;
  structured: Record<string, unknown>;
}

export interface FitOptions {
  tool: string;
  /** The arguments the records were computed from (what a cursor repeats). */
  args: Record<string, unknown>;
  offset: number;
  maxTokens: number;
  /** The generation of the first page, when this is a later one. */
  firstGeneration: number | null;
  evidence: EvidenceFiles;
  /** A write's kept answer: its cursor names the answer, not the arguments. */
  answerKey?: string;
}

export function fitAnswer<R>(answer: Answer<R>, options: FitOptions): Fitted {
  const limit = Math.max(options.maxTokens - FOOTER_RESERVE, 50);
  const head = clip(answer.head, limit);
  let used = countTokens(head.text);
  const rest = answer.records.slice(options.offset);
  const kept: R[] = [];
  const lines: string[] = [];
  let clippedRecord = false;
  for (const record of rest) {
    const line = answer.renderRecord(record);
    const tokens = countTokens(line) + 1;
    if (used + tokens > limit) {
      if (kept.length === 0) {
        // One record larger than the whole budget: show what fits of it rather than nothing.
        const clipped = clip(line, Math.max(limit - used, 20));
        lines.push(clipped.text);
        kept.push(record);
        clippedRecord = clipped.cut;
      }
      break;
    }
    used += tokens;
    kept.push(record);
    lines.push(line);
  }
  // The footer (the cursor above all) is counted too: drop records until the whole text fits.
  let rendered = render(answer, options, head, rest, kept, lines, clippedRecord);
  while (rendered.answerTokens > options.maxTokens && kept.length > 1) {
    kept.pop();
    lines.pop();
    rendered = render(answer, options, head, rest, kept, lines, clippedRecord);
  }
  const { text, answerTokens, baselineTokens, left, cursor, truncated, moved, generation } = rendered;
  const structured: Record<string, unknown> = {
    result: answer.build(kept),
    generation,
    workspace: answer.meta?.workspace ?? null,
    semanticLevel: answer.meta?.semanticLevel ?? null,
    tokensSaved: baselineTokens - answerTokens,
    answerTokens,
    baselineTokens,
    truncated,
    ...(left > 0 ? { omitted: { count: left, what: answer.noun }, cursor } : {}),
    ...(options.firstGeneration !== null ? { generationMoved: moved } : {}),
  };
  return { text, structured };
}

/** The text of an answer with `kept` records, its footer, and the figures the footer shows. */
function render<R>(answer: Answer<R>, options: FitOptions, head: { text: string; cut: boolean }, rest: R[], kept: R[], lines: string[], clippedRecord: boolean) {
  const left = rest.length - kept.length;
  const generation = answer.meta?.generation ?? null;
  const truncated = left > 0 || head.cut || clippedRecord;
  const cursor = left > 0 ? encodeCursor({
    tool: options.tool, args: options.args, offset: options.offset + kept.length, generation: options.firstGeneration ?? generation,
    ...(options.answerKey ? { answerKey: options.answerKey } : {}),
  }) : undefined;
  const body = [head.text, ...lines].filter((line) => line.length > 0).join('\n');
  const evidencePaths = [...answer.evidence, ...kept.flatMap((record) => answer.evidenceOf?.(record) ?? [])];
  const baselineTokens = options.evidence.baselineTokens(evidencePaths);
  const moved = options.firstGeneration !== null && generation !== null && generation !== options.firstGeneration;
  const notes: string[] = [];
  if (left > 0) notes.push(`truncated: ${left} more ${answer.noun}; ${options.tool} {"cursor": "${cursor}"} for the rest`);
  else if (head.cut || clippedRecord) notes.push('truncated: the text was cut to the budget; raise maxTokens or narrow the request');
  if (moved) notes.push(`the graph moved on since the first page (generation ${options.firstGeneration} -> ${generation})`);
  const meta = answer.meta ? `gen ${answer.meta.generation} · ${answer.meta.workspace} · ${answer.meta.semanticLevel}` : 'no index read';
  // The answer's tokens include its footer, whose size depends on the savings figure: two passes settle it.
  let answerTokens = countTokens(`${body}\n${footer(meta, baselineTokens, 0, notes)}`);
  let text = `${body}\n${footer(meta, baselineTokens, baselineTokens - answerTokens, notes)}`;
  answerTokens = countTokens(text);
  text = `${body}\n${footer(meta, baselineTokens, baselineTokens - answerTokens, notes)}`;
  return { text, answerTokens, baselineTokens, left, cursor, truncated, moved, generation };
}

function footer(meta: string, baseline: number, saved: number, notes: string[]): string {
  const savings = baseline > 0 ? ` · saved ${saved} of ${baseline} tokens` : '';
  return [`— ${meta}${savings}`, ...notes.map((note) => `— ${note}`)].join('\n');
}

/** `text` cut (at a line end where it can) to at most `limit` tokens. */
function clip(text: string, limit: number): { text: string; cut: boolean } {
  if (countTokens(text) <= limit) return { text, cut: false };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(text.slice(0, middle)) + 2 <= limit) low = middle;
    else high = middle - 1;
  }
  const lineEnd = text.lastIndexOf('\n', low);
  const end = lineEnd > low / 2 ? lineEnd : low;
  return { text: `${text.slice(0, end)}\n…`, cut: true };
}
