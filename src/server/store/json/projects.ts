// Projects and their memberships in the JSON state file ("projects", "projectMembers").
import { AppError } from '../../errors.js';
import type { JsonFileStore } from './json-file.js';
import type { Project, ProjectMember, ProjectStore } from '../ports/index.js';
import { collection } from './state.js';
import { copy, readCollection } from './read-collection.js';

const PROJECTS = 'projects';
const MEMBERS = 'projectMembers';

export class JsonProjectStore implements ProjectStore {
  constructor(private readonly file: JsonFileStore) {}

  create(project: Project, ownerAccountId: string): Promise<Project> {
    return this.file.mutate((state) => {
      collection<Project>(state, PROJECTS).push(copy(project));
      collection<ProjectMember>(state, MEMBERS).push({ projectId: project.id, accountId: ownerAccountId, role: 'owner', addedAt: project.createdAt });
      return copy(project);
    });
  }

  getById(id: string): Promise<Project | null> {
    return this.file.read((s) => {
      const found = readCollection<Project>(s, PROJECTS).find((p) => p.id === id);
      return found ? copy(found) : null;
    });
  }

  list(): Promise<Project[]> {
    return this.file.read((s) => copy([...readCollection<Project>(s, PROJECTS)]));
  }

  setMember(member: ProjectMember): Promise<ProjectMember | null> {
    return this.file.mutate((state) => {
      if (!collection<Project>(state, PROJECTS).some((p) => p.id === member.projectId)) return null;
      const members = collection<ProjectMember>(state, MEMBERS);
      const existing = members.find((m) => m.projectId === member.projectId && m.accountId === member.accountId);
      if (existing) {
        if (existing.role === 'owner' && member.role !== 'owner') assertAnotherOwner(members, member.projectId, member.accountId);
        existing.role = member.role;
        return copy(existing);
      }
      members.push(copy(member));
      return copy(member);
    });
  }

  removeMember(projectId: string, accountId: string): Promise<boolean> {
    return this.file.mutate((state) => {
      const members = collection<ProjectMember>(state, MEMBERS);
      const index = members.findIndex((m) => m.projectId === projectId && m.accountId === accountId);
      if (index < 0) return false;
      if (members[index]!.role === 'owner') assertAnotherOwner(members, projectId, accountId);
      members.splice(index, 1);
      return true;
    });
  }

  listMembers(projectId: string): Promise<ProjectMember[]> {
    return this.file.read((s) => copy(readCollection<ProjectMember>(s, MEMBERS).filter((m) => m.projectId === projectId)));
  }

  membershipsOf(accountId: string) {
    return this.file.read((s) => {
      const projects = new Map(readCollection<Project>(s, PROJECTS).map((p) => [p.id, p]));
      return readCollection<ProjectMember>(s, MEMBERS)
        .filter((m) => m.accountId === accountId && projects.has(m.projectId))
        .map((m) => ({ project: copy(projects.get(m.projectId)!), role: m.role }));
    });
  }
}

/** A project always keeps at least one owner, so someone can manage it. */
function assertAnotherOwner(members: ProjectMember[], projectId: string, leavingAccountId: string): void {
  const others = members.filter((m) => m.projectId === projectId && m.role === 'owner' && m.accountId !== leavingAccountId);
  if (others.length === 0) {
    throw new AppError(409, 'conflict', 'Conflict', { detail: 'This is the last owner of the project; add another owner first.' });
  }
}
