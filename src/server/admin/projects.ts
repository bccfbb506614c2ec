// rcat-server project add|list|member add|member remove
import { type Command, Option } from 'commander';
import { PROJECT_ROLES, ProjectId, type ProjectRole } from '../../shared/tools.js';
import type { AdminContext } from './context.js';
import { accountByEmail, idOption, openAdminDomain } from './domain-admin.js';
import { printJson } from './io.js';

export function registerProjectCommands(program: Command, ctx: AdminContext): void {
  const project = program.command('project').description('manage projects and their members (list_projects, shortlist destinations)');

  project
    .command('add')
    .description('create a project; the owner becomes its first member with role owner')
    .requiredOption('--name <name>', 'project name')
    .requiredOption('--owner <email>', "owner's account e-mail")
    .option('--json', 'print JSON (includes the new project id)')
    .action(async (opts) => {
      const domain = await openAdminDomain(ctx);
      const owner = await accountByEmail(domain.store, opts.owner, '--owner');
      const created = await domain.projects.create({ name: opts.name, ownerAccountId: owner.id });
      if (opts.json) printJson(ctx.io, { ...created, owner: owner.email });
      else ctx.io.stdout.write(`Created project ${created.name} (${created.id}), owner ${owner.email}\n`);
    });

  project
    .command('list')
    .description('list projects, or the projects one account belongs to')
    .option('--email <email>', "only this account's projects, with its role")
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const domain = await openAdminDomain(ctx);
      const accounts = new Map((await domain.store.accounts.list()).map((a) => [a.id, a.email]));
      const rows = [];
      if (opts.email) {
        const account = await accountByEmail(domain.store, opts.email, '--email');
        for (const m of await domain.stores.projects.membershipsOf(account.id)) rows.push({ ...m.project, role: m.role as ProjectRole | undefined });
      } else {
        for (const p of await domain.stores.projects.list()) rows.push({ ...p, role: undefined });
      }
      const out = [];
      for (const row of rows) {
        const members = (await domain.stores.projects.listMembers(row.id)).map((m) => ({ email: accounts.get(m.accountId) ?? m.accountId, role: m.role }));
        out.push({ id: row.id, name: row.name, createdAt: row.createdAt, ...(row.role ? { role: row.role } : {}), members });
      }
      if (opts.json) printJson(ctx.io, out);
      else for (const p of out) ctx.io.stdout.write(`${p.id}  ${p.name}${p.role ? `  (${p.role})` : ''}  ${p.members.map((m) => `${m.email}:${m.role}`).join(', ')}\n`);
    });

  const member = project.command('member').description("manage a project's members");

  member
    .command('add')
    .description("add a member, or change a member's role")
    .requiredOption('--project <id>', 'project id (prj_…)')
    .requiredOption('--email <email>', "member's account e-mail")
    .addOption(new Option('--role <role>', 'role').choices([...PROJECT_ROLES]).makeOptionMandatory())
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const projectId = idOption(ProjectId, opts.project, '--project');
      const domain = await openAdminDomain(ctx);
      const account = await accountByEmail(domain.store, opts.email, '--email');
      // Looked up first: a refused command must not rewrite the state file (the JSON store's
      // write path would add an empty membership list to a data dir that has none yet).
      await domain.projects.get(projectId);
      const saved = await domain.projects.setMember(projectId, account.id, opts.role as ProjectRole);
      if (opts.json) printJson(ctx.io, { projectId: saved.projectId, email: account.email, accountId: account.id, role: saved.role, addedAt: saved.addedAt });
      else ctx.io.stdout.write(`${account.email} is now ${saved.role} of ${projectId}\n`);
    });

  member
    .command('remove')
    .description('remove a member; takes effect on their next request (the last owner cannot be removed)')
    .requiredOption('--project <id>', 'project id (prj_…)')
    .requiredOption('--email <email>', "member's account e-mail")
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const projectId = idOption(ProjectId, opts.project, '--project');
      const domain = await openAdminDomain(ctx);
      const account = await accountByEmail(domain.store, opts.email, '--email');
      await domain.projects.removeMember(projectId, account.id);
      if (opts.json) printJson(ctx.io, { projectId, email: account.email, accountId: account.id, removed: true });
      else ctx.io.stdout.write(`Removed ${account.email} from ${projectId}\n`);
    });
}
