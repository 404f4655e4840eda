/**
 * The reviews of one repository: computing a review (or finding it already computed), reading a
 * stored one, telling whether its followed head has moved (stale), and recomputing it when it
 * has, keeping cohort keys. Owns the life of a review: its id, when it is computed again, and the
 * store entry; what a review holds is compute.ts's.
 *
 * A review follows what its head names: a branch (or HEAD) is re-resolved on every read, a
 * workspace's review is stale once the workspace has published a later generation, a commit id or
 * a tag never moves. Reviews being recomputed are tracked so one move starts one recomputation,
 * however many readers notice it.
 */
import { RepographError } from '@repograph/core';
import type { Repository } from '@repograph/engine';
import { ARTIFACT_VERSION, cohortOf, headSideOf, type ReviewArtifact } from './artifact.js';
import { computeReview } from './compute.js';
import { reviewIdOf, type HeadSpec } from './review-id.js';
import { judgedSides, notesKey, readNotes, type ReviewNotes } from './notes.js';
import { reviewVerdict, type ReviewVerdict } from './review-verdict.js';
import type { AxisName } from './axes-types.js';
import { axisReport, type AxisReport } from './axis-report.js';
import { validateFinalize } from './verdict/index.js';
import { checkApproval } from './visual/index.js';
import { validateDiagram, verifyDiagram, type DiagramVerification } from './diagrams/index.js';
import { graphOf } from './graph-view.js';
import { createHash } from 'node:crypto';

/** The largest cohort summary stored. */
const MAX_SUMMARY_BYTES = 64 * 1024;

export interface ComputeParams {
  base: string;
  head?: string;
  workspace?: string;
}

/** A review as a method answers with it: the artifact and whether its followed head moved on. */
export interface ReviewState {
  artifact: ReviewArtifact;
  stale: boolean;
}

/** Told whenever a review is stored anew, with the store generation its storing made (the watch twins push it). */
export type ReviewListener = (artifact: ReviewArtifact, generation: number) => void;

export class ReviewService {
  private readonly recomputing = new Map<string, Promise<ReviewArtifact>>();
  private readonly listeners = new Set<ReviewListener>();
  /** Notes writes in flight, by review: one at a time, so two agents never overwrite each other. */
  private readonly notesWriting = new Map<string, Promise<unknown>>();

  constructor(private readonly repository: Repository) {}

  onStored(listener: ReviewListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The id of the review `params` ask for (refs are checked: BaseNotACommit when one names no commit). */
  async idOf(params: ComputeParams): Promise<string> {
    const { head } = await this.resolve(params.base, params.head);
    return reviewIdOf(params.base, headSpecOf(params, head), this.repository.buildFingerprint());
  }

  /**
   * Starts what computing `params` can do before the daemon's startup index is done (the refs,
   * both commits' listings, the head's changed blobs). Never rejects: compute reports problems.
   */
  async prepare(params: ComputeParams): Promise<void> {
    try {
      const { base, head } = await this.resolve(params.base, params.head);
      if (head !== null) await this.repository.prefetchReview(base.commit, head.commit);
    } catch {
      // compute() meets the same problem and answers with it.
    }
  }

  /** Computes the review asked for, or returns the stored one when nothing it depends on moved. */
  async compute(params: ComputeParams): Promise<ReviewState> {
    const { base, head } = await this.resolve(params.base, params.head);
    const headSpec = headSpecOf(params, head);
    const reviewId = reviewIdOf(params.base, headSpec, this.repository.buildFingerprint());
    const stored = this.stored(reviewId);
    if (stored && head !== null && stored.base.commit === base.commit && stored.headResolved === head.commit) {
      return { artifact: stored, stale: false };
    }
    const artifact = await this.recompute(reviewId, params, headSpec, stored, { base, head });
    return { artifact, stale: false };
  }

  /** The stored review `reviewId` (ReviewNotFound when there is none) and whether it is stale; a stale one is recomputed in the background. */
  async get(reviewId: string): Promise<ReviewState> {
    const artifact = REVIEW_ID.test(reviewId) ? this.stored(reviewId) : undefined;
    if (!artifact) {
      throw new RepographError('ReviewNotFound', `There is no review '${String(reviewId).slice(0, 64)}'; compute one with review_studio.compute.`, { reviewId: String(reviewId).slice(0, 64) });
    }
    const stale = await this.isStale(artifact);
    if (stale) this.recomputeInBackground(artifact);
    return { artifact, stale };
  }

  /** True when the head the review follows now names another tree than the one computed. */
  async isStale(artifact: ReviewArtifact): Promise<boolean> {
    if (artifact.head.kind === 'workspace') {
      const info = this.repository.listWorkspaces().find((w) => w.id === (artifact.head as { workspace: string }).workspace);
      return info !== undefined && info.generation !== null && info.generation !== artifact.generation;
    }
    if (artifact.follows === null) return false;
    // Read from git's ref files (no git process: every review answer asks this).
    const now = await this.repository.followedCommit(artifact.follows).catch(() => null);
    // A branch that is gone has nothing newer to compute.
    return now !== null && now !== artifact.headResolved;
  }

  /** Recomputes a stale review once (however many readers noticed); errors are kept off the readers. */
  recomputeInBackground(artifact: ReviewArtifact): void {
    if (this.recomputing.has(artifact.reviewId)) return;
    const params: ComputeParams = artifact.head.kind === 'workspace'
      ? { base: artifact.base.ref, workspace: artifact.head.workspace }
      : { base: artifact.base.ref, head: artifact.head.ref };
    void this.recompute(artifact.reviewId, params, artifact.head, artifact).catch(() => undefined);
  }

  private async recompute(reviewId: string, params: ComputeParams, head: HeadSpec, previous: ReviewArtifact | undefined, resolved?: Resolved): Promise<ReviewArtifact> {
    const running = this.recomputing.get(reviewId);
    if (running) return running;
    const run = this.computeAndStore(reviewId, params, head, previous, resolved);
    this.recomputing.set(reviewId, run);
    try {
      return await run;
    } finally {
      this.recomputing.delete(reviewId);
    }
  }

  private async computeAndStore(reviewId: string, params: ComputeParams, head: HeadSpec, previous: ReviewArtifact | undefined, resolved?: Resolved): Promise<ReviewArtifact> {
    const repository = this.repository;
    const { base, head: headRef } = resolved ?? await this.resolve(params.base, head.kind === 'workspace' ? undefined : head.ref);
    const request = headRef === null
      ? { base: base.commit, workspace: (head as { workspace: string }).workspace, resolved: true }
      : { base: base.commit, head: headRef.commit, resolved: true };
    const [headDescendsFromBase, artifact] = await Promise.all([
      headRef === null ? Promise.resolve(true) : repository.isAncestor(base.commit, headRef.commit),
      repository.reviewSides(request, (sides) => computeReview(sides, {
        reviewId, base: { ref: params.base, commit: base.commit }, head,
        follows: headRef?.follows ?? null,
        generation: head.kind === 'workspace' ? sides.headReader.info.generation : null,
        fingerprint: repository.buildFingerprint(), headDescendsFromBase: true,
        ...(previous && previous.version === ARTIFACT_VERSION ? { previous: previous.cohorts } : {}),
      })),
    ]);
    artifact.headDescendsFromBase = headDescendsFromBase;
    const stored = this.stored(reviewId);
    if (!stored || JSON.stringify(stored) !== JSON.stringify(artifact)) {
      const generation = await repository.reviews.putReview(reviewId, artifact);
      for (const listener of this.listeners) listener(artifact, generation);
    }
    return artifact;
  }

  /** The review's notes (decisions, approvals, summaries, diagrams, finalized axes); ReviewNotFound without the review. */
  async notes(reviewId: string): Promise<{ state: ReviewState; notes: ReviewNotes }> {
    const state = await this.get(reviewId);
    return { state, notes: readNotes(this.repository.reviews.getReview(notesKey(reviewId))) };
  }

  /** Changes the review's notes with `change` (read, changed, stored in one call per review at a time). */
  async updateNotes(reviewId: string, change: (notes: ReviewNotes, artifact: ReviewArtifact) => void): Promise<{ state: ReviewState; notes: ReviewNotes }> {
    const previous = this.notesWriting.get(reviewId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(async () => {
      const { state, notes } = await this.notes(reviewId);
      change(notes, state.artifact);
      const generation = await this.repository.reviews.putReview(notesKey(reviewId), notes);
      // What the notes decide (the verdict) changed: the watch twins push again.
      for (const listener of this.listeners) listener(state.artifact, generation);
      return { state, notes };
    });
    this.notesWriting.set(reviewId, run);
    try {
      return await run;
    } finally {
      if (this.notesWriting.get(reviewId) === run) this.notesWriting.delete(reviewId);
    }
  }

  /** Records the agents' three axes (validated first: InvalidParams naming the field). */
  async finalize(reviewId: string, raw: unknown): Promise<{ state: ReviewState; notes: ReviewNotes }> {
    const posted = validateFinalize(raw);
    if (!posted.ok) throw new RepographError('InvalidParams', `${posted.field}: ${posted.message.replace(`${posted.field}: `, '')}`, { field: posted.field });
    return this.updateNotes(reviewId, (notes, artifact) => {
      notes.finalized = {
        axes: posted.axes, ...(posted.summary !== undefined ? { summary: posted.summary } : {}),
        judged: judgedSides(artifact),
      };
    });
  }

  /** Stores an agent's summary under a cohort key of the review (it survives pushes with the key). */
  async setCohortSummary(reviewId: string, key: string, markdown: string): Promise<{ state: ReviewState; notes: ReviewNotes }> {
    if (Buffer.byteLength(markdown, 'utf8') > MAX_SUMMARY_BYTES) {
      throw new RepographError('InvalidParams', `markdown: is over ${MAX_SUMMARY_BYTES / 1024} KiB; keep a cohort summary shorter.`, { field: 'markdown' });
    }
    return this.updateNotes(reviewId, (notes, artifact) => {
      cohortOf(artifact, key);
      notes.cohortSummaries[key] = markdown;
    });
  }

  /**
   * Stores a decision on a contract change by its fingerprint, so it carries forward to later
   * pushes that keep the change (InvalidParams for an id the review's diff does not hold).
   */
  async setContractDecision(reviewId: string, changeId: string, decision: 'approve' | 'reject', note?: string): Promise<{ state: ReviewState; notes: ReviewNotes }> {
    return this.updateNotes(reviewId, (notes, artifact) => {
      if (!artifact.contract.changes.some((change) => change.id === changeId)) {
        throw new RepographError('InvalidParams', `changeId: the review ${reviewId} has no contract change '${changeId.slice(0, 64)}'; review_studio.axis {reviewId, axis: "contract"} lists its changes.`, { field: 'changeId' });
      }
      notes.contractDecisions[changeId] = { decision, ...(note !== undefined ? { note } : {}) };
    });
  }

  /** Approves a changed or removed golden (InvalidParams for an id of no such snapshot, or one that holds nothing). */
  async approveVisual(reviewId: string, snapshotId: string): Promise<{ state: ReviewState; notes: ReviewNotes }> {
    return this.updateNotes(reviewId, (notes, artifact) => {
      const check = checkApproval(artifact.visual.snapshots, snapshotId);
      if (!check.ok) throw new RepographError('InvalidParams', `snapshotId: ${check.message}.`, { field: 'snapshotId', reason: check.code });
      if (!notes.visualApprovals.includes(snapshotId)) notes.visualApprovals.push(snapshotId);
    });
  }

  /**
   * Checks a diagram's edges against the head graph (verified with evidence, or unverified with
   * why) and stores it under the review (and the cohort `key`, when given). Refuses mermaid text,
   * unknown node ids and an unknown cohort key (InvalidParams naming the field).
   */
  async addReviewDiagram(reviewId: string, key: string | null, raw: unknown): Promise<{ state: ReviewState; diagramId: string; verification: DiagramVerification }> {
    const checked = validateDiagram(raw);
    if (!checked.ok) throw new RepographError('InvalidParams', `${checked.field}: ${checked.message.replace(`${checked.field}: `, '')}`, { field: checked.field });
    const { artifact } = await this.get(reviewId);
    if (key !== null) cohortOf(artifact, key);
    const verification = await this.repository.headReader(headSideOf(artifact), (reader) => verifyDiagram(checked.diagram, graphOf(reader), (name) =>
      reader.searchNames(name.toLowerCase(), 200).filter((symbol) => symbol.name === name || symbol.qualifiedName === name).map((symbol) => symbol.id)));
    const diagramId = `d-${createHash('sha256').update(JSON.stringify([key, checked.diagram])).digest('hex').slice(0, 16)}`;
    const { state } = await this.updateNotes(reviewId, (notes) => {
      notes.diagrams = [...notes.diagrams.filter((stored) => (stored as { diagramId?: string }).diagramId !== diagramId), { diagramId, key, diagram: checked.diagram, verification }];
    });
    return { state, diagramId, verification };
  }

  /** The verdict now, with each axis's state and why. */
  async verdict(reviewId: string): Promise<{ state: ReviewState; verdict: ReviewVerdict }> {
    const { state, notes } = await this.notes(reviewId);
    return { state, verdict: await this.verdictOf(state.artifact, notes) };
  }

  /** One axis of the verdict now, with its lines of why and what an agent acts on (contract changes, snapshots). */
  async axis(reviewId: string, axis: AxisName): Promise<{ state: ReviewState; report: AxisReport }> {
    const { state, notes } = await this.notes(reviewId);
    return { state, report: axisReport(state.artifact, notes, await this.verdictOf(state.artifact, notes), axis) };
  }

  private async verdictOf(artifact: ReviewArtifact, notes: ReviewNotes): Promise<ReviewVerdict> {
    const { review, file } = this.repository.policy;
    return reviewVerdict(artifact, notes, { ...(review !== undefined ? { review } : {}), file });
  }

  /** Both refs resolved now, at once (BaseNotACommit when one names no commit); no head: null. */
  private async resolve(base: string, head: string | undefined): Promise<Resolved> {
    const [baseRef, headRef] = await Promise.all([
      this.repository.resolveRef(base),
      head === undefined ? Promise.resolve(null) : this.repository.resolveRef(head),
    ]);
    return { base: baseRef, head: headRef };
  }

  private stored(reviewId: string): ReviewArtifact | undefined {
    const value = this.repository.reviews.getReview(reviewId) as ReviewArtifact | undefined;
    return value && value.version === ARTIFACT_VERSION ? value : undefined;
  }

}

/** What reviewIdOf makes (anything else, a notes key included, names no review). */
const REVIEW_ID = /^r-[0-9a-f]{20}$/;

/** A ref as resolved now: its commit and the moving ref it follows. */
type ResolvedRef = { commit: string; follows: string | null };
interface Resolved {
  base: ResolvedRef;
  head: ResolvedRef | null;
}

/** What the head of a request follows: a branch (a moving ref), a pinned commit, or the workspace. */
function headSpecOf(params: ComputeParams, head: ResolvedRef | null): HeadSpec {
  if (params.head === undefined || head === null) return { kind: 'workspace', workspace: params.workspace ?? 'default' };
  return head.follows !== null ? { kind: 'branch', ref: params.head } : { kind: 'commit', ref: params.head };
}
