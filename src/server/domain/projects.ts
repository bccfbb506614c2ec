// Projects and memberships; `listForAccount` is what the list_projects tool returns.
// Membership is read from the store on every call, never cached (spec section 1, list_projects:
// "membership is checked on every call"), so a revoked membership disappears at the next call.
import {
  COLLECTIONS_PER_LIST_LIMIT,
  type CollectionSummary,
  LIST_PROJECTS_LIMIT,
  type ListProjectsOutput,
  type ProjectRole,
} from '../../shared/tools.js';
import type { Collection, DomainStores, Project, ProjectMember } from '../store/ports/index.js';
import { collectionAccess } from '../store/ports/collection-access.js';
import { domainInvalid, domainNotFound } from './domain-errors.js';
import { newId } from './ids.js';

const byName = <T extends { name: string; id: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id);

export function validName(name: string, what: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw domainInvalid(`The ${what} name must not be empty.`);
  if ([...trimmed].length > 200) throw domainInvalid(`The ${what} name must be at most 200 characters.`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw domainInvalid(`The ${what} name must not contain control characters.`);
  return trimmed;
}

export class ProjectService {
  constructor(
    private readonly store: DomainStores,
    private readonly now: () => Date,
  ) {}

  async create(input: { name: string; ownerAccountId: string }): Promise<Project> {
    const project: Project = { id: newId('prj'), name: validName(input.name, 'project'), createdAt: this.now().toISOString() };
    return this.store.projects.create(project, input.ownerAccountId);
  }

  async get(projectId: string): Promise<Project> {
    const project = await this.store.projects.getById(projectId);
    if (!project) throw domainNotFound(`No project ${projectId}.`);
    return project;
  }

  async setMember(projectId: string, accountId: string, role: ProjectRole): Promise<ProjectMember> {
    const member = await this.store.projects.setMember({ projectId, accountId, role, addedAt: this.now().toISOString() });
    if (!member) throw domainNotFound(`No project ${projectId}.`);
    return member;
  }

  async removeMember(projectId: string, accountId: string): Promise<void> {
    await this.get(projectId);
    if (!(await this.store.projects.removeMember(projectId, accountId))) throw domainNotFound('That account is not a member of the project.');
  }

  /** The caller's role in a project, fresh from the store; null when not a member. */
  async roleOf(projectId: string, accountId: string): Promise<ProjectRole | null> {
    const memberships = await this.store.projects.membershipsOf(accountId);
    return memberships.find((m) => m.project.id === projectId)?.role ?? null;
  }

  /** The list_projects result: at most 20 projects (spec 8.3), with the collections in each. */
  async listForAccount(accountId: string): Promise<ListProjectsOutput> {
    const memberships = (await this.store.projects.membershipsOf(accountId)).sort((a, b) => byName(a.project, b.project));
    const listed = memberships.slice(0, LIST_PROJECTS_LIMIT);
    const listedIds = new Set(listed.map((m) => m.project.id));
    const roles = new Map(memberships.map((m) => [m.project.id, m.role] as const));
    const inProjects = await this.store.collections.listByProjects([...listedIds]);
    const own = (await this.store.collections.listForAccount(accountId)).filter((c) => c.projectId === null || !listedIds.has(c.projectId));
    const counts = await this.store.shortlist.countActive([...inProjects, ...own].map((c) => c.id));

    const summarize = (c: Collection): CollectionSummary => ({
      id: c.id,
      name: c.name,
      canSave: collectionAccess(c, accountId, c.projectId ? (roles.get(c.projectId) ?? null) : null) === 'edit',
      activeItems: counts[c.id] ?? 0,
    });
    const capped = (list: Collection[]) => list.sort(byName).slice(0, COLLECTIONS_PER_LIST_LIMIT).map(summarize);

    return {
      projects: listed.map(({ project, role }) => {
        const collections = inProjects.filter((c) => c.projectId === project.id);
        return {
          id: project.id,
          name: project.name,
          role,
          collections: capped(collections),
          collectionsTruncated: collections.length > COLLECTIONS_PER_LIST_LIMIT,
        };
      }),
      truncated: memberships.length > LIST_PROJECTS_LIMIT,
      totalProjects: memberships.length,
      personalCollections: capped([...own]),
      personalCollectionsTruncated: own.length > COLLECTIONS_PER_LIST_LIMIT,
    };
  }
}
