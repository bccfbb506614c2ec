// The `save_to_shortlist` tool (spec section 1, "MCP tools"): planned, charged, then committed,
// so a refused call saves nothing.
import { okResult } from '../tool-results.js';
import { charge, runTool } from './run.js';
import { defineTool } from './tool.js';

export const saveToShortlistTool = defineTool('save_to_shortlist', {
  title: 'Save a record to a shortlist',
  description: [
    'Save one catalogue record (entity id from `search`) to the shortlist of a collection the user owns or may edit (see `list_projects`, `canSave`), with an optional private note.',
    'Idempotent by (collection, record): saving the same record to the same collection again returns the existing active item with `alreadyExisted: true` and changes nothing.',
    'Only save what the user asked to save. It contacts nobody, books nothing and starts no research generation.',
    'Needs scope shortlist:write.',
  ].join(' '),
  annotations: { title: 'Save a record to a shortlist', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (ctx, input) =>
    runTool(ctx, 'save_to_shortlist', async () => {
      const { catalogue, shortlist } = ctx.deps.services;
      const plan = await shortlist.planSave(ctx.principal.account.id, input);
      // The answer discloses one title and URL, like one search result.
      await charge(ctx, catalogue.searchCost({ results: [{ id: plan.entityId, title: plan.title, url: plan.url }], truncated: false }));
      const result = await shortlist.commitSave(plan);
      return okResult(result, result.message);
    }),
});
