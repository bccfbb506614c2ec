// The `search` tool (spec section 1, "MCP tools").
import { okResult } from '../tool-results.js';
import { charge, runTool } from './run.js';
import { defineTool, EVIDENCE_NOTICE, EVIDENCE_ONLY, NO_CONFIRMATION, readOnly } from './tool.js';

export const searchTool = defineTool('search', {
  title: 'Search the research catalogue',
  description: [
    'Find research equipment, laboratories (facilities) and techniques for a specific research need.',
    'Returns at most 20 results, best first, each with an entity id, a title and the canonical url to cite. `truncated: true` means more records matched: refine the query (there is no paging and no export).',
    'Use `fetch` with a result id to read the full record and its known limitations.',
    NO_CONFIRMATION,
    EVIDENCE_ONLY,
    'Needs scope catalog:read; each call counts against the account limits by the number of results disclosed.',
  ].join(' '),
  annotations: readOnly('Search the research catalogue'),
  handler: (ctx, { query }) =>
    runTool(ctx, 'search', async () => {
      const answer = ctx.deps.services.catalogue.searchAnswer(query);
      await charge(ctx, answer.cost);
      // answer.json is jsonText(answer.response), cached with the answer.
      return okResult(answer.response, EVIDENCE_NOTICE, answer.json);
    }),
});
