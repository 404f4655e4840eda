import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkApproval, visualAxis, type VisualAxisInput } from './axis.js';
import { compareGolden, type Snapshot } from './compare.js';
import type { FlutterProbe, GoldenHarness } from './harness.js';
import { UNAVAILABLE_REASONS } from './render-path.js';
import { BLUE, corruptPng, RED, solidPng } from './png-fixtures.js';

const noFlutter: FlutterProbe = { hasFlutter: async () => false };
const flutter: FlutterProbe = { hasFlutter: async () => true };
const WIDGETBOOK = { path: 'widgetbook/pubspec.yaml', text: 'name: book\ndev_dependencies:\n  widgetbook: ^3.10.0\n' };
const FLUTTER_REPO = { changedPaths: ['lib/widgets/button.dart'], pubspecs: [WIDGETBOOK] };
const NO_UI_REPO = { changedPaths: ['src/server.ts'], pubspecs: [] };

function input(overrides: Partial<VisualAxisInput>): VisualAxisInput {
  return { repository: NO_UI_REPO, snapshots: [], approvals: new Set(), probe: noFlutter, ...overrides };
}

async function changedGolden(path = 'test/goldens/button.png'): Promise<Snapshot> {
  return compareGolden(path, solidPng(8, 8, RED), solidPng(8, 8, RED, [{ x: 1, y: 1, color: BLUE }]));
}

test('unavailable: no Widgetbook app in the repository', async () => {
  const result = await visualAxis(input({ repository: NO_UI_REPO, probe: flutter }));
  assert.deepEqual(result, { state: 'unavailable', reason: UNAVAILABLE_REASONS.noWidgetbook, findings: [] });
});

test('unavailable: no golden-testable use case (Widgetbook, but no changed UI component)', async () => {
  const repository = { changedPaths: ['README.md', 'lib/models/user.g.dart'], pubspecs: [WIDGETBOOK] };
  const result = await visualAxis(input({ repository, probe: flutter }));
  assert.equal(result.state, 'unavailable');
  assert.equal(result.reason, 'no golden-testable use case');
  const harness: GoldenHarness = { render: async () => ({ ok: true, images: [] }) };
  const rendersNothing = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter, harness }));
  assert.equal(rendersNothing.reason, 'no golden-testable use case', 'the harness found no use case');
});

test('unavailable: no Flutter SDK on the host, and the harness is never called', async () => {
  let called = false;
  const harness: GoldenHarness = { render: async () => { called = true; return { ok: true, images: [] }; } };
  const result = await visualAxis(input({ repository: FLUTTER_REPO, probe: noFlutter, harness }));
  assert.deepEqual(result, { state: 'unavailable', reason: 'no Flutter SDK on the host', findings: [] });
  assert.equal(called, false);
  const throwing: FlutterProbe = { hasFlutter: async () => { throw new Error('EACCES'); } };
  assert.equal((await visualAxis(input({ repository: FLUTTER_REPO, probe: throwing }))).reason, 'no Flutter SDK on the host');
});

test('unavailable: golden harness error, with its output', async () => {
  const failing: GoldenHarness = { render: async () => ({ ok: false, output: 'Test failed. See exception logs above.' }) };
  const result = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter, harness: failing }));
  assert.equal(result.state, 'unavailable');
  assert.equal(result.reason, 'golden harness error');
  assert.equal(result.findings.length, 1);
  assert.equal(result.findings[0]!.path, 'widgetbook/pubspec.yaml');
  assert.match(result.findings[0]!.message, /Test failed\. See exception logs above\./);

  const throwing: GoldenHarness = { render: async () => { throw new Error('worktree add failed'); } };
  const thrown = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter, harness: throwing }));
  assert.equal(thrown.reason, 'golden harness error');
  assert.match(thrown.findings[0]!.message, /worktree add failed/);

  const missing = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter }));
  assert.equal(missing.reason, 'golden harness error');
  assert.match(missing.findings[0]!.message, /no golden harness is configured/);

  const long: GoldenHarness = { render: async () => ({ ok: false, output: `${'x'.repeat(10_000)}END` }) };
  const truncated = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter, harness: long }));
  assert.ok(truncated.findings[0]!.message.length < 4100);
  assert.match(truncated.findings[0]!.message, /END$/, 'the tail is kept');
});

test('committed goldens are compared where nothing can render; a change holds until approved', async () => {
  const snapshot = await changedGolden();
  const pending = await visualAxis(input({ snapshots: [snapshot] }));
  assert.equal(pending.state, 'partial', 'a pending approval holds (Hold), it does not fail (Block)');
  assert.match(pending.reason ?? '', /1 changed awaiting approval/);
  assert.match(pending.reason ?? '', /review_studio\.approveVisual/);
  assert.deepEqual(pending.findings.map((finding) => [finding.id, finding.severity]), [[snapshot.id, 'blocking']]);
  assert.match(pending.findings[0]!.message, /1 of 64 pixels differ/);

  const approved = await visualAxis(input({ snapshots: [snapshot], approvals: new Set([snapshot.id]) }));
  assert.equal(approved.state, 'warn', 'approved opens the gate');
  assert.equal(approved.findings[0]!.severity, 'informational');
  assert.match(approved.findings[0]!.message, /^approved \(changed\)/);

  const other = await visualAxis(input({ snapshots: [snapshot], approvals: new Set(['s-0000000000000000']) }));
  assert.equal(other.state, 'partial', 'an approval of another snapshot changes nothing');
});

test('a removed golden holds like a change; unchanged and added open the gate', async () => {
  const removed = await compareGolden('tests/a.spec.ts-snapshots/x-chromium-linux.png', solidPng(8, 8, RED), null);
  assert.equal((await visualAxis(input({ snapshots: [removed] }))).state, 'partial');
  assert.equal((await visualAxis(input({ snapshots: [removed], approvals: new Set([removed.id]) }))).state, 'warn');

  const bytes = solidPng(8, 8, RED);
  const unchanged = await compareGolden('src/__image_snapshots__/a-snap.png', bytes, bytes);
  const added = await compareGolden('test/goldens/new.png', null, solidPng(8, 8, BLUE));
  const open = await visualAxis(input({ snapshots: [unchanged, added] }));
  assert.equal(open.state, 'pass');
  assert.match(open.reason ?? '', /^2 snapshots: 1 added, 1 unchanged/);
  assert.deepEqual(open.findings.map((finding) => finding.path), ['test/goldens/new.png'], 'unchanged is not a finding');
});

test('an image that cannot be compared makes the axis partial, approved or not', async () => {
  const corrupt = await compareGolden('test/goldens/button.png', solidPng(8, 8, RED), corruptPng());
  const result = await visualAxis(input({ snapshots: [corrupt], approvals: new Set([corrupt.id]) }));
  assert.equal(result.state, 'partial');
  assert.match(result.reason ?? '', /1 could not be compared/);
  assert.match(result.findings[0]!.message, /^cannot compare: after: cannot decode/);
});

test('committed goldens in a Widgetbook repository without an SDK: partial, since components went unrendered', async () => {
  const bytes = solidPng(8, 8, RED);
  const unchanged = await compareGolden('test/goldens/a.png', bytes, bytes);
  const result = await visualAxis(input({ repository: FLUTTER_REPO, snapshots: [unchanged], probe: noFlutter }));
  assert.equal(result.state, 'partial');
  assert.match(result.reason ?? '', /render path could not run \(no Flutter SDK on the host\)/);
});

test('rendered use cases are compared and gated like committed goldens', async () => {
  const harness: GoldenHarness = {
    render: async (request) => {
      assert.deepEqual(request.components, ['lib/widgets/button.dart']);
      assert.equal(request.widgetbookApp, 'widgetbook/pubspec.yaml');
      return { ok: true, images: [
        { path: 'widgetbook/Button/primary.png', before: solidPng(8, 8, RED), after: solidPng(8, 8, BLUE) },
        { path: 'widgetbook/Button/new.png', before: null, after: solidPng(8, 8, BLUE) },
      ] };
    },
  };
  const result = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter, harness }));
  assert.equal(result.state, 'partial');
  assert.match(result.reason ?? '', /2 use cases rendered/);
  const pendingId = result.findings.find((finding) => finding.severity === 'blocking')!.id!;
  const approved = await visualAxis(input({ repository: FLUTTER_REPO, probe: flutter, harness, approvals: new Set([pendingId]) }));
  assert.equal(approved.state, 'warn');
});

test('an approval of an unknown snapshot, or of one that holds nothing, is refused with a code', async () => {
  const changed = await changedGolden();
  const added = await compareGolden('test/goldens/new.png', null, solidPng(8, 8, BLUE));
  assert.deepEqual(checkApproval([changed, added], changed.id), { ok: true, snapshot: changed });
  const unknown = checkApproval([changed, added], 's-ffffffffffffffff');
  assert.equal(unknown.ok === false && unknown.code, 'unknown_snapshot');
  const nothing = checkApproval([changed, added], added.id);
  assert.equal(nothing.ok === false && nothing.code, 'nothing_to_approve');
});
