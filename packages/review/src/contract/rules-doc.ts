/**
 * The rule set as a Markdown table (RULES.md beside this file is its output, kept equal by a
 * test). Owns the rendering only; the rules are rules.ts's.
 */
import type { ContractRule } from './model.js';
import { CONTRACT_RULES } from './rules.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function row(rule: ContractRule): string {
  return `| \`${rule.id}\` | ${rule.area} | ${rule.kind} | ${rule.action} | ${rule.direction ?? ''} | ${rule.severity} | ${cell(rule.description)} |`;
}

/** RULES.md's text. */
export function renderRulesMarkdown(rules: readonly ContractRule[] = CONTRACT_RULES): string {
  const counts = (['breaking', 'non-breaking', 'informational'] as const).map((severity) => `${rules.filter((rule) => rule.severity === severity).length} ${severity}`);
  return [
    '# API contract rules',
    '',
    'Every change the contract axis reports is classified by exactly one of these rules (modelled on',
    "oasdiff's taxonomy: area, kind, action, direction). Generated from the rule files by",
    '`renderRulesMarkdown()` in rules-doc.ts; rules.test.ts checks this file is up to date and says how',
    'to regenerate it.',
    '',
    `${rules.length} rules: ${counts.join(', ')}.`,
    '',
    '| id | area | kind | action | direction | severity | description |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rules.map(row),
    '',
  ].join('\n');
}
