/**
 * Review diagrams (issue 14, item 5): typed diagrams, their validation, and their verification
 * against the head graph. Owns the package's diagram exports only.
 */
export {
  validateDiagram, DIAGRAM_KINDS, DIAGRAM_LIMITS,
  type Diagram, type DiagramKind, type DiagramNode, type DiagramEdge, type DiagramValidation,
} from './diagram.js';
export { COMPATIBLE_KINDS, supports } from './compatibility.js';
export { membersOf, MAX_MEMBERS, type Members } from './members.js';
export {
  verifyDiagram,
  type NameResolver, type NodeResolution, type EdgeEvidence, type EdgeVerification, type DiagramVerification,
} from './verify.js';
