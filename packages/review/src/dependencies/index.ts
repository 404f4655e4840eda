/**
 * The dependency diff of a review (review_studio.dependencyDiffs): its entry point, the file
 * test and the shapes. Owns nothing but this surface.
 */
export { diffDependencies } from './diff.js';
export { isDependencyFile, dependencyFileFormat, type DependencyFileFormat } from './files.js';
export { DEPENDENCY_FILE_LIMITS, readDependencyFile } from './read.js';
export type {
  DependencyChange,
  DependencyChangeKind,
  DependencyDiagnostic,
  DependencyDiffResult,
  DependencyFileSides,
  DependencyReading,
  ImportsOfFile,
  SemverClass,
} from './model.js';
