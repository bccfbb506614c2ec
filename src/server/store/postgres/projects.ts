// ProjectStore over `projects` and `project_members` (migrations/0004).
import type { ProjectRole } from '../../../shared/tools.js';
import { AppError } from '../../errors.js';
import type { Project, ProjectMember, ProjectStore } from '../ports/index.js';
import type { Database, Queryable } from './database.js';
import { recordFromRow } from './rows.js';

const lastOwner = () => new AppError(409, 'conflict', 'Conflict', { detail: 'This is the last owner of the project; add another owner first.' });

export class PostgresProjectStore implements ProjectStore {
  constructor(private readonly db: Database) {}

  async create(project: Project, ownerAccountId: string): Promise<Project> {
    await this.db.transaction(async (c) => {
      await c.query('INSERT INTO projects (id, name, created_at) VALUES ($1, $2, $3)', [project.id, project.name, project.createdAt]);
      await c.query(`INSERT INTO project_members (project_id, account_id, role, added_at) VALUES ($1, $2, 'owner', $3)`, [project.id, ownerAccountId, project.createdAt]);
    });
    return { ...project };
  }

  async getById(id: string): Promise<Project | null> {
    const { rows } = await this.db.query('SELECT * FROM projects WHERE id = $1', [id]);
    return rows[0] ? recordFromRow<Project>(rows[0]) : null;
  }

  async list(): Promise<Project[]> {
    const { rows } = await this.db.query('SELECT * FROM projects ORDER BY seq');
    return rows.map((r) => recordFromRow<Project>(r));
  }

  async setMember(member: ProjectMember): Promise<ProjectMember | null> {
    return this.db.transaction(async (c) => {
      // Lock the project row: membership changes of one project are serialised, so the
      // "keep at least one owner" rule cannot be raced by two hosts.
      const project = await c.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [member.projectId]);
      if (project.rowCount === 0) return null;
      const existing = await c.query<{ role: ProjectRole }>('SELECT role FROM project_members WHERE project_id = $1 AND account_id = $2', [member.projectId, member.accountId]);
      if (existing.rows[0]) {
        if (existing.rows[0].role === 'owner' && member.role !== 'owner') await assertAnotherOwner(c, member.projectId, member.accountId);
        const { rows } = await c.query('UPDATE project_members SET role = $3 WHERE project_id = $1 AND account_id = $2 RETURNING *', [member.projectId, member.accountId, member.role]);
        return recordFromRow<ProjectMember>(rows[0]!);
      }
      await c.query('INSERT INTO project_members (project_id, account_id, role, added_at) VALUES ($1, $2, $3, $4)', [member.projectId, member.accountId, member.role, member.addedAt]);
      return { ...member };
    });
  }

  async removeMember(projectId: string, accountId: string): Promise<boolean> {
    return this.db.transaction(async (c) => {
      await c.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [projectId]);
      const existing = await c.query<{ role: ProjectRole }>('SELECT role FROM project_members WHERE project_id = $1 AND account_id = $2', [projectId, accountId]);
      if (!existing.rows[0]) return false;
      if (existing.rows[0].role === 'owner') await assertAnotherOwner(c, projectId, accountId);
      await c.query('DELETE FROM project_members WHERE project_id = $1 AND account_id = $2', [projectId, accountId]);
      return true;
    });
  }

  async listMembers(projectId: string): Promise<ProjectMember[]> {
    const { rows } = await this.db.query('SELECT * FROM project_members WHERE project_id = $1 ORDER BY seq', [projectId]);
    return rows.map((r) => recordFromRow<ProjectMember>(r));
  }

  async membershipsOf(accountId: string): Promise<{ project: Project; role: ProjectRole }[]> {
    const { rows } = await this.db.query<{ id: string; name: string; created_at: Date; role: ProjectRole }>(
      `SELECT p.id, p.name, p.created_at, m.role FROM project_members m JOIN projects p ON p.id = m.project_id
        WHERE m.account_id = $1 ORDER BY m.seq`,
      [accountId],
    );
    return rows.map(({ role, ...project }) => ({ project: recordFromRow<Project>(project), role }));
  }
}

async function assertAnotherOwner(c: Queryable, projectId: string, leavingAccountId: string): Promise<void> {
  const { rows } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_members WHERE project_id = $1 AND role = 'owner' AND account_id <> $2`, [projectId, leavingAccountId]);
  if (rows[0]!.n === 0) throw lastOwner();
}
