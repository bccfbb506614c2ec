// rcat-server collection add|list
import type { Command } from 'commander';
import { ProjectId } from '../../shared/tools.js';
import type { Collection } from '../store/ports/index.js';
import type { AdminContext } from './context.js';
import { accountByEmail, collect, idOption, openAdminDomain } from './domain-admin.js';
import { UsageError } from './exit-codes.js';
import { printJson } from './io.js';

export function registerCollectionCommands(program: Command, ctx: AdminContext): void {
  const collection = program.command('collection').description('manage collections (shortlist destinations)');

  collection
    .command('add')
    .description("create a collection in a project (project owners and editors may save to it) or owned by one account")
    .requiredOption('--name <name>', 'collection name')
    .option('--project <id>', 'project id (prj_…) the collection belongs to')
    .option('--owner <email>', 'account that owns the collection (instead of --project)')
    .option('--editor <email>', 'account that may also save to it, repeatable', collect)
    .option('--json', 'print JSON (includes the new collection id)')
    .action(async (opts) => {
      if ((opts.project === undefined) === (opts.owner === undefined)) throw new UsageError('give exactly one of --project ID or --owner EMAIL');
      const domain = await openAdminDomain(ctx);
      const editors = [];
      for (const email of (opts.editor as string[] | undefined) ?? []) editors.push(await accountByEmail(domain.store, email, '--editor'));
      const base = { name: opts.name as string, editorAccountIds: editors.map((e) => e.id) };
      const created = opts.project
        ? await domain.collections.create({ ...base, projectId: idOption(ProjectId, opts.project, '--project') })
        : await domain.collections.create({ ...base, ownerAccountId: (await accountByEmail(domain.store, opts.owner, '--owner')).id });
      const view = await describe(domain.store, created);
      if (opts.json) printJson(ctx.io, view);
      else ctx.io.stdout.write(`Created collection ${created.name} (${created.id})\n`);
    });

  collection
    .command('list')
    .description('list collections')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const domain = await openAdminDomain(ctx);
      const views = [];
      for (const c of await domain.stores.collections.list()) views.push(await describe(domain.store, c));
      if (opts.json) printJson(ctx.io, views);
      else for (const c of views) ctx.io.stdout.write(`${c.id}  ${c.name}  ${c.projectId ? `project ${c.projectId}` : `owner ${c.owner}`}${c.editors.length ? `  editors ${c.editors.join(', ')}` : ''}\n`);
    });
}

async function describe(store: Awaited<ReturnType<AdminContext['openStore']>>, c: Collection) {
  const email = async (id: string) => (await store.accounts.getById(id))?.email ?? id;
  const editors = [];
  for (const id of c.editorAccountIds) editors.push(await email(id));
  return { id: c.id, name: c.name, projectId: c.projectId, owner: c.ownerAccountId ? await email(c.ownerAccountId) : null, editors, createdAt: c.createdAt };
}
