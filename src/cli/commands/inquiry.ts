// rcat inquiry <id> --question …: the `prepare_inquiry` tool. Prints an UNSENT draft; rcat
// never sends it, books nothing and calls no AI provider (spec section 1).
import { Command } from 'commander';
import { safeText, usageError } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import type { ToolClient } from '../mcp-client.js';
import { clean, cleanCell, type Io, writeJson } from '../terminal.js';
import { outStyle, say, toolsFor } from './common.js';

export interface InquiryOptions {
  io: Io;
  tools: () => Promise<ToolClient>;
  id: string;
  question: string;
  project?: string;
  json: boolean;
}

export function inquiryCommand(f: Factory, run: (opts: InquiryOptions) => Promise<void> = inquiryRun): Command {
  return new Command('inquiry')
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
    .action((id: string, flags: { question: string; project?: string; json?: boolean }, command: Command) =>
      run({ io: f.io, tools: toolsFor(f, command), id, question: flags.question, project: flags.project, json: flags.json === true }));
}

export async function inquiryRun(opts: InquiryOptions): Promise<void> {
  const { io } = opts;
  const { checkEntityId } = await import('../clients.js');
  const { PrepareInquiryOutput, ProjectId } = await import('../../shared/tools.js');
  const id = checkEntityId(opts.id);
  if (opts.project !== undefined && !ProjectId.safeParse(opts.project).success) {
    throw usageError(`"${safeText(opts.project, 80)}" is not a project ID (prj_<uuid>).`, 'See `rcat projects`.');
  }
  const args = { entityId: id, question: opts.question, ...(opts.project ? { projectId: opts.project } : {}) };
  const result = await (await opts.tools()).call('prepare_inquiry', args, PrepareInquiryOutput);
  if (opts.json) return writeJson(io, result);
  const s = outStyle(io);
  const d = result.draft;
  io.stdout.write([
    `${s.bold('Subject:')} ${cleanCell(d.subject, 500)}`,
    '',
    clean(d.body),
    '',
    `${s.bold('Cites:')} ${cleanCell(d.citation.title, 300)} — ${d.citation.url}`,
    `${s.bold('Draft:')} ${d.id} (unsent)`,
  ].join('\n') + '\n');
  say(io, 'This draft has not been sent: rcat never contacts facilities.');
}
