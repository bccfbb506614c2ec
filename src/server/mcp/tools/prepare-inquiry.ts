// The `prepare_inquiry` tool (spec section 1, "MCP tools"): planned, charged, then committed, so
// a refused call keeps no draft. Nothing is ever sent.
import { okResult } from '../tool-results.js';
import { charge, runTool } from './run.js';
import { defineTool } from './tool.js';

export const prepareInquiryTool = defineTool('prepare_inquiry', {
  title: 'Prepare an unsent inquiry draft',
  description: [
    "Prepare an UNSENT inquiry to a facility about one catalogue record, from the user's own research question: a subject and body that cite the record (title, canonical url, its known limitations) and ask the facility to confirm eligibility, price and availability.",
    'Built from a fixed template: no AI provider is called. Nothing is sent, no booking is made and no charge is incurred; the draft is kept for the user to review and send themselves.',
    'Optional `projectId` (from `list_projects`) names the project in the draft.',
    'Needs scope catalog:read (it discloses the record), plus projects:read when projectId is given.',
  ].join(' '),
  annotations: { title: 'Prepare an unsent inquiry draft', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (ctx, input) =>
    runTool(ctx, 'prepare_inquiry', async () => {
      const { catalogue, inquiries } = ctx.deps.services;
      const plan = await inquiries.plan(ctx.principal.account, input);
      await charge(ctx, catalogue.recordCost(plan.record));
      const result = await inquiries.commit(plan);
      return okResult(result, result.message);
    }),
});
