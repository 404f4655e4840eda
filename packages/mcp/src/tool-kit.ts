/**
 * What a tool is: a name (snake_case, no dots), a description an agent reads to choose it, its
 * arguments (zod, strict: a misspelt argument is refused by name), the schema of its result, and
 * `run`, which calls protocol methods through the DaemonLink and returns an Answer: a head line,
 * the records a budget may cut, how to render one record, how to build the structured result
 * from the records kept, the files its evidence lies in, and the answer's `meta`.
 */
import { z, type ZodRawShape, type ZodTypeAny } from 'zod';
import type { Meta } from '@repograph/protocol';
import type { DaemonLink } from './daemon-link.js';

export interface ToolContext {
  link: DaemonLink;
  /** The workspace a tool reads when the agent names none (the bridge's `--workspace`, default `default`). */
  workspace: string;
}

export interface Answer<R = unknown> {
  meta: Meta | null;
  /** The first lines of the text rendering (before the records). */
  head: string;
  /** The records a budget may cut, in order. */
  records: R[];
  renderRecord: (record: R) => string;
  /** The structured result with the records kept (all of them, or a cut). */
  build: (kept: R[]) => Record<string, unknown>;
  /** Repository-relative files that hold the head's evidence (the savings baseline reads them whole). */
  evidence: string[];
  /** The files that hold one record's evidence (counted only for the records kept). */
  evidenceOf?: (record: R) => string[];
  /** What a record is called in "N more <noun> left out". */
  noun: string;
}

export interface ToolSpec<Shape extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** The schema of `result` in structuredContent (loose: extra fields pass). */
  result: ZodTypeAny;
  readOnly: boolean;
  /** True when the answer's records can be paged with a cursor. */
  pages: boolean;
  /** False for a tool that answers without the daemon (the guide). */
  usesDaemon?: boolean;
  run: (context: ToolContext, args: z.infer<z.ZodObject<Shape>>) => Promise<Answer<any>>;
}

export function defineTool<Shape extends ZodRawShape>(spec: ToolSpec<Shape>): ToolSpec<Shape> {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(spec.name)) throw new Error(`tool name ${spec.name} must be snake_case under 64 characters`);
  return spec;
}

/** An Answer with no records: one block of text and one structured result. */
export function single(meta: Meta | null, text: string, result: Record<string, unknown>, evidence: string[] = []): Answer<unknown> {
  return { meta, head: text, records: [], renderRecord: () => '', build: () => result, evidence, noun: 'records' };
}

// ---- argument helpers (clear messages for the usual mistakes) ----

/** A boolean that refuses the strings "true"/"false" with a message saying how to send it. */
export function flag(description: string) {
  return z.boolean({ invalid_type_error: 'expected a JSON boolean (true or false, without quotes)' }).optional().describe(description);
}

export function count(description: string, max: number) {
  return z.number({ invalid_type_error: 'expected a JSON number (without quotes)' }).int('expected a whole number').min(1).max(max).optional().describe(description);
}

export const workspaceArg = z.string().min(1).max(200).optional().describe('Workspace id (default: the bridge\'s).');

/** A symbol: an id (`src/a.ts#Foo.bar`, from an earlier answer) or a name (resolved when it names one symbol). */
export const symbolArg = z.string().min(1).max(2000)
  .describe('A symbol id such as `src/a.ts#Foo.bar` (from an earlier answer), or a name (`Foo.bar`, `bar`) that names one symbol.');

/** The common arguments every tool takes. */
export const budgetArgs = {
  maxTokens: z.number({ invalid_type_error: 'expected a JSON number (without quotes)' }).int().min(200).max(100_000).optional()
    .describe('Answer budget in tokens (default 4000).'),
};
export const cursorArgs = {
  cursor: z.string().min(1).max(100_000).optional().describe('A cut answer\'s cursor: fetches the rest (alone).'),
};

/** The structured envelope every tool answers with. */
export function envelopeShape(result: ZodTypeAny) {
  return {
    result,
    generation: z.number().nullable(),
    workspace: z.string().nullable(),
    semanticLevel: z.enum(['full', 'partial', 'syntax']).nullable(),
    tokensSaved: z.number(),
    answerTokens: z.number(),
    baselineTokens: z.number(),
    truncated: z.boolean(),
    omitted: z.object({ count: z.number(), what: z.string() }).optional(),
    cursor: z.string().optional(),
    generationMoved: z.boolean().optional(),
  };
}

/** A loose object schema: the named fields, anything else passes. */
export function loose(shape: ZodRawShape) {
  return z.object(shape).passthrough();
}
