/**
 * Builders the rule files share: one rule, and one rule for each direction of data flow (a
 * request rule and a response rule with their own severities). Owns construction only; the
 * rule set is rules.ts's.
 */
import type { ContractAction, ContractArea, ContractDirection, ContractRule, ContractSeverity } from './model.js';

export function rule(
  id: string,
  area: ContractArea,
  kind: string,
  action: ContractAction,
  severity: ContractSeverity,
  description: string,
  direction?: ContractDirection,
): ContractRule {
  return direction ? { id, area, kind, action, direction, severity, description } : { id, area, kind, action, severity, description };
}

/** The words a directional description uses for its side. */
export interface DirectionWords {
  direction: ContractDirection;
  /** "request" or "response". */
  side: string;
  /** Who produces the data: "clients" for a request, "the server" for a response. */
  sender: string;
  /** Who reads the data: "the server" for a request, "clients" for a response. */
  reader: string;
}

export const REQUEST_WORDS: DirectionWords = { direction: 'request', side: 'request', sender: 'clients', reader: 'the server' };
export const RESPONSE_WORDS: DirectionWords = { direction: 'response', side: 'response', sender: 'the server', reader: 'clients' };

/** A directional rule's template: `${direction}-${suffix}`, a severity per direction (null: none). */
export interface DirectionalRule {
  suffix: string;
  area: ContractArea;
  kind: string;
  action: ContractAction;
  request: ContractSeverity | null;
  response: ContractSeverity | null;
  describe: (words: DirectionWords) => string;
}

/** The request and response rules of each template (skipping a direction whose severity is null). */
export function expandDirectional(templates: readonly DirectionalRule[]): ContractRule[] {
  const rules: ContractRule[] = [];
  for (const template of templates) {
    for (const words of [REQUEST_WORDS, RESPONSE_WORDS]) {
      const severity = words.direction === 'request' ? template.request : template.response;
      if (severity === null) continue;
      rules.push(rule(`${words.direction}-${template.suffix}`, template.area, template.kind, template.action, severity, template.describe(words), words.direction));
    }
  }
  return rules;
}
