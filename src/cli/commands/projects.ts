// rcat projects: the `list_projects` tool — projects and collections the user may save to.
import type { Command } from 'commander';
import { type CollectionSummary, LIST_PROJECTS_LIMIT, ListProjectsOutput } from '../../shared/tools.js';
import { callTool } from '../mcp-client.js';
import { cleanCell, writeJson } from '../terminal.js';
import { type Context, errStyle, outStyle, say, serverFor } from './common.js';

function collectionLine(c: CollectionSummary): string {
  return `    ${c.id}  ${cleanCell(c.name, 200)}  (${c.activeItems} item${c.activeItems === 1 ? '' : 's'}${c.canSave ? ', you can save here' : ', read-only'})`;
}

export function registerProjects(program: Command, ctx: Context): void {
  program
    .command('projects')
    .description(`List the projects (at most ${LIST_PROJECTS_LIMIT}) and collections you may access (needs projects:read)`)
    .option('--json', 'print the list_projects tool result: {projects, truncated, totalProjects, personalCollections, …}')
    .addHelpText('after', `
Examples:
  rcat projects
  rcat projects --json | jq -r '.projects[].collections[] | select(.canSave) | .id'`)
    .action(async (options: { json?: boolean }, command: Command) => {
      const server = await serverFor(command, ctx.io);
      const result = await callTool(server, 'list_projects', {}, ListProjectsOutput);
      if (options.json) return writeJson(ctx.io, result);
      const s = outStyle(ctx.io);
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
      if (lines.length) ctx.io.stdout.write(`${lines.join('\n')}\n`);
      else say(ctx.io, 'No projects or collections yet.');
      if (result.truncated) say(ctx.io, errStyle(ctx.io).warn(`Showing ${result.projects.length} of ${result.totalProjects} projects.`));
    });
}
