/**
 * What the visual axis reads of a review's two sides, gathered when the review is computed: the
 * committed golden images that changed, compared pixel by pixel (visual/compare.ts), and the
 * head's pubspec.yaml files (whether a Widgetbook app exists). The axis itself is judged when
 * the verdict is asked for, since approvals come later. Owns those reads.
 */
import type { ReviewSides } from '@repograph/engine';
import { compareGolden, goldenFiles, type PubspecFile, type Snapshot } from './visual/index.js';
import type { ChangedFile } from './types.js';

/** The largest golden image read (the comparison refuses bigger images anyway). */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const MAX_PUBSPEC_BYTES = 256 * 1024;
const MAX_PUBSPECS = 50;

export interface VisualFacts {
  changedPaths: string[];
  snapshots: Snapshot[];
  pubspecs: PubspecFile[];
}

export async function visualFacts(sides: ReviewSides, files: readonly ChangedFile[]): Promise<VisualFacts> {
  const changedPaths = files.map((file) => file.path).sort();
  const snapshots: Snapshot[] = [];
  for (const golden of goldenFiles(changedPaths)) {
    const file = files.find((each) => each.path === golden.path)!;
    const before = file.status === 'added' ? null : await sides.readBytes('base', golden.path, MAX_IMAGE_BYTES);
    const after = file.status === 'removed' ? null : await sides.readBytes('head', golden.path, MAX_IMAGE_BYTES);
    snapshots.push(await compareGolden(golden.path, before, after));
  }
  const pubspecs: PubspecFile[] = [];
  for (const entry of sides.headReader.files()) {
    if (pubspecs.length >= MAX_PUBSPECS) break;
    if (entry.path !== 'pubspec.yaml' && !entry.path.endsWith('/pubspec.yaml')) continue;
    const text = await sides.readText('head', entry.path, MAX_PUBSPEC_BYTES);
    if (text !== null) pubspecs.push({ path: entry.path, text });
  }
  return { changedPaths, snapshots, pubspecs };
}
