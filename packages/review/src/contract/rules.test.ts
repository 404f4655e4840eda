import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { diffContracts } from './diff.js';
import { MEDIA_TYPE_RULE_CASES, REQUEST_BODY_RULE_CASES, RESPONSE_RULE_CASES } from './rule-cases-content.js';
import { METADATA_RULE_CASES, SECURITY_RULE_CASES } from './rule-cases-document.js';
import { PARAMETER_RULE_CASES, PATH_RULE_CASES } from './rule-cases-operations.js';
import { SCHEMA_RULE_CASES } from './rule-cases-schemas.js';
import { renderRulesMarkdown } from './rules-doc.js';
import { CONTRACT_RULES } from './rules.js';
import { specText, type RuleCase } from './test-fixtures.js';

const ALL_CASES: RuleCase[] = [
  ...PATH_RULE_CASES,
  ...PARAMETER_RULE_CASES,
  ...REQUEST_BODY_RULE_CASES,
  ...MEDIA_TYPE_RULE_CASES,
  ...RESPONSE_RULE_CASES,
  ...SCHEMA_RULE_CASES,
  ...SECURITY_RULE_CASES,
  ...METADATA_RULE_CASES,
];

test('the rule set: at least 80 rules, unique kebab-case ids, each documented', () => {
  assert.ok(CONTRACT_RULES.length >= 80, `${CONTRACT_RULES.length} rules`);
  const ids = new Set<string>();
  for (const rule of CONTRACT_RULES) {
    assert.match(rule.id, /^[a-z0-9]+(-[a-z0-9]+)*$/, rule.id);
    assert.ok(!ids.has(rule.id), `duplicate ${rule.id}`);
    ids.add(rule.id);
    assert.ok(rule.description.length > 20 && rule.description.endsWith('.'), `${rule.id} needs a description sentence`);
    assert.ok(rule.kind.length > 0, rule.id);
  }
});

test('RULES.md lists every rule as the code has it', () => {
  const path = new URL('../../src/contract/RULES.md', import.meta.url);
  const regenerate = "node -e \"import('./dist/contract/rules-doc.js').then((m) => process.stdout.write(m.renderRulesMarkdown()))\" > src/contract/RULES.md (in packages/review, after a build)";
  assert.equal(readFileSync(path, 'utf8'), renderRulesMarkdown(), `RULES.md is stale: ${regenerate}`);
});

test('every rule has a case on a small spec pair', () => {
  const covered = new Set(ALL_CASES.map((ruleCase) => ruleCase.rule));
  const missing = CONTRACT_RULES.map((rule) => rule.id).filter((id) => !covered.has(id));
  assert.deepEqual(missing, []);
});

for (const ruleCase of ALL_CASES) {
  test(`rule ${ruleCase.rule} (${ruleCase.severity})`, async () => {
    const diff = await diffContracts([{ path: 'openapi.json', before: specText(ruleCase.base), after: specText(ruleCase.head) }]);
    assert.deepEqual(diff.problems, []);
    assert.deepEqual(diff.changes.map((change) => change.ruleId).sort(), [ruleCase.rule, ...(ruleCase.also ?? [])].sort(), JSON.stringify(diff.changes, null, 1));
    const change = diff.changes.find((found) => found.ruleId === ruleCase.rule);
    assert.equal(change?.severity, ruleCase.severity);
    assert.ok((change?.line ?? 0) >= 1);
    assert.ok(change?.message);
  });
}
