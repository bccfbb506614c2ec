// The `fetch` tool (spec section 1, "MCP tools").
import { errorResult, okResult } from '../tool-results.js';
import { charge, runTool } from './run.js';
import { defineTool, EVIDENCE_NOTICE, EVIDENCE_ONLY, NO_CONFIRMATION, readOnly } from './tool.js';

export const fetchTool = defineTool('fetch', {
  title: 'Read a catalogue record',
  description: [
    'Read one equipment, laboratory or technique record by its entity id (from `search`): title, canonical url for citation, record text and metadata.',
    '`metadata.limitations` lists what the record does not establish; pass these on when you cite it. `availability` is always "unknown" and `verifiedAt` is null: a record update is not a verification of the facility.',
    NO_CONFIRMATION,
    EVIDENCE_ONLY,
    'Needs scope catalog:read; each call counts against the account limits.',
  ].join(' '),
  annotations: readOnly('Read a catalogue record'),
  handler: (ctx, { id }) =>
    runTool(ctx, 'fetch', async () => {
      const { catalogue } = ctx.deps.services;
      const record = catalogue.record(id);
      // A miss counts as a request but discloses nothing: 0 units (as in REST).
      await charge(ctx, catalogue.recordCost(record));
      if (!record) return errorResult('not_found', `No record ${id} in this catalogue. Use an id returned by search.`);
      return okResult(record, EVIDENCE_NOTICE);
    }),
});
