/** Every tool the bridge serves, in the order `tools/list` shows them. */
import type { ToolSpec } from '../tool-kit.js';
import { codeGetSpan, codeSearchText, symbolsGetCard, symbolsGetContext, symbolsGetDefinitionSpan, symbolsSearch } from './discovery.js';
import { EDIT_TOOLS } from './edits.js';
import { guide } from './guide.js';
import { graphCallees, graphCallers, refsFind } from './navigation.js';
import { NAVIGATION_MORE_TOOLS } from './navigation-more.js';
import { symbolsFileOutline } from './outline.js';
import { OVERVIEW_TOOLS } from './overview.js';
import { REVIEW_TOOLS } from './review.js';
import { SURFACE_TOOLS } from './surfaces.js';
import { WORKSPACE_TOOLS } from './workspaces.js';

export const ALL_TOOLS: ToolSpec<any>[] = [
  guide,
  symbolsSearch, codeSearchText, symbolsGetCard, symbolsGetContext, symbolsGetDefinitionSpan, codeGetSpan, symbolsFileOutline,
  refsFind, graphCallers, graphCallees,
  ...NAVIGATION_MORE_TOOLS,
  ...OVERVIEW_TOOLS,
  ...SURFACE_TOOLS,
  ...WORKSPACE_TOOLS,
  ...EDIT_TOOLS,
  ...REVIEW_TOOLS,
];
