// rcat inquiry <id> --question …: the `prepare_inquiry` tool. Prints an UNSENT draft; rcat
// never sends it, books nothing and calls no AI provider (spec section 1).
import type { Command } from 'commander';
import { PrepareInquiryOutput, ProjectId } from '../../shared/tools.js';
import { checkEntityId } from '../api-client.js';
import { safeText, usageError } from '../exit-codes.js';
import { callTool } from '../mcp-client.js';
import { clean, cleanCell, writeJson } from '../terminal.js';
import { type Context, outStyle, say, serverFor } from './common.js';

export function registerInquiry(program: Command, ctx: Context): void {
  program
    .command('inquiry')
    .description('Prepare an unsent inquiry draft about one record from your research question')
    .argument('<id>', 'entity ID of the record to ask about')
    .requiredOption('--question <text>', 'your research question, in your words (5 to 2000 characters)')
    .option('--project <projectId>', 'attach the draft to one of your projects (prj_…; needs projects:read)')
    .option('--json', 'print the prepare_inquiry tool result: {draft, message}')
    .addHelpText('after', `
Examples:
  rcat inquiry laboratory:9a1b… --question "Can we image frozen hydrated samples at 2 Å?"
  rcat inquiry equipment:4d2e… --question "…" --project prj_12ab… --json

The draft is never sent: copy it into your own e-mail if you want to send it.`)
    .action(async (id: string, options: { question: string; project?: string; json?: boolean }, command: Command) => {
      id = checkEntityId(id);
      if (options.project !== undefined && !ProjectId.safeParse(options.project).success) {
        throw usageError(`"${safeText(options.project, 80)}" is not a project ID (prj_<uuid>).`, 'See `rcat projects`.');
      }
      const server = await serverFor(command, ctx.io);
      const args = { entityId: id, question: options.question, ...(options.project ? { projectId: options.project } : {}) };
      const result = await callTool(server, 'prepare_inquiry', args, PrepareInquiryOutput);
      if (options.json) return writeJson(ctx.io, result);
      const s = outStyle(ctx.io);
      const d = result.draft;
      ctx.io.stdout.write([
        `${s.bold('Subject:')} ${cleanCell(d.subject, 500)}`,
        '',
        clean(d.body),
        '',
        `${s.bold('Cites:')} ${cleanCell(d.citation.title, 300)} — ${d.citation.url}`,
        `${s.bold('Draft:')} ${d.id} (unsent)`,
      ].join('\n') + '\n');
      say(ctx.io, 'This draft has not been sent: rcat never contacts facilities.');
    });
}
