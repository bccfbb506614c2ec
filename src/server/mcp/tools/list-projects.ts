// The `list_projects` tool (spec section 1, "MCP tools").
import { okResult } from '../tool-results.js';
import { charge, runTool } from './run.js';
import { defineTool, readOnly } from './tool.js';

export const listProjectsTool = defineTool('list_projects', {
  title: "List the user's projects and collections",
  description: [
    "List the research projects the connected user may access (at most 20; `truncated` says when there are more), with the user's role in each and each project's collections, plus collections the user owns or edits outside those projects.",
    "A collection with `canSave: true` is a valid destination for `save_to_shortlist`; viewers can see a project's collections but not save to them.",
    'Membership is checked on every call: a project the user no longer belongs to does not appear.',
    'Needs scope projects:read.',
  ].join(' '),
  annotations: readOnly("List the user's projects and collections"),
  handler: (ctx) =>
    runTool(ctx, 'list_projects', async () => {
      const result = await ctx.deps.services.projects.listForAccount(ctx.principal.account.id);
      await charge(ctx, { units: 0 });
      const more = result.truncated ? ` Showing 20 of ${result.totalProjects} projects; the rest are not listed.` : '';
      return okResult(result, `${result.projects.length} project(s) listed.${more}`);
    }),
});
