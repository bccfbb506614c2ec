// rcat projects: the `list_projects` tool — projects and collections the user may save to.
import { Command } from 'commander';
import { LIST_PROJECTS_LIMIT } from '../../shared/limits.js';
import type { CollectionSummary } from '../../shared/tools.js';
import type { Factory } from '../factory.js';
import type { ToolClient } from '../mcp-client.js';
import { cleanCell, type Io, writeJson } from '../terminal.js';
import { errStyle, outStyle, say, toolsFor } from './common.js';

export interface ProjectsOptions {
  io: Io;
  tools: () => Promise<ToolClient>;
  json: boolean;
}

function collectionLine(c: CollectionSummary): string {
  return `    ${c.id}  ${cleanCell(c.name, 200)}  (${c.activeItems} item${c.activeItems === 1 ? '' : 's'}${c.canSave ? ', you can save here' : ', read-only'})`;
}

export function projectsCommand(f: Factory, run: (opts: ProjectsOptions) => Promise<void> = projectsRun): Command {
  return new Command('projects')
    .description(`List the projects (at most ${LIST_PROJECTS_LIMIT}) and collections you may access (needs projects:read)`)
    .option('--json', 'print the list_projects tool result: {projects, truncated, totalProjects, personalCollections, …}')
    .addHelpText('after', `
Examples:
  rcat projects
  rcat projects --json | jq -r '.projects[].collections[] | select(.canSave) | .id'`)
    .action((flags: { json?: boolean }, command: Command) => run({ io: f.io, tools: toolsFor(f, command), json: flags.json === true }));
}

export async function projectsRun(opts: ProjectsOptions): Promise<void> {
  const { io } = opts;
  const { ListProjectsOutput } = await import('../../shared/tools.js');
  const result = await (await opts.tools()).call('list_projects', {}, ListProjectsOutput);
  if (opts.json) return writeJson(io, result);
  const s = outStyle(io);
  const lines: string[] = [];
  for (const p of result.projects) {
    lines.push(`${s.bold(cleanCell(p.name, 200))}  ${p.id}  (${p.role})`);
    lines.push(...p.collections.map(collectionLine));
    if (p.collectionsTruncated) lines.push('    … more collections not shown');
  }
  if (result.personalCollections.length) {
    lines.push(s.bold('Personal collections'));
    lines.push(...result.personalCollections.map(collectionLine));
    if (result.personalCollectionsTruncated) lines.push('    … more collections not shown');
  }
  if (lines.length) io.stdout.write(`${lines.join('\n')}\n`);
  else say(io, 'No projects or collections yet.');
  if (result.truncated) say(io, errStyle(io).warn(`Showing ${result.projects.length} of ${result.totalProjects} projects.`));
}
