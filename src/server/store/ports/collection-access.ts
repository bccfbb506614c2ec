// Who may do what with a collection: the one rule used by save_to_shortlist, list_projects,
// the web pages and the operator commands.
//  - the collection's owner and its named editors may save to it;
//  - in a project's collection, project owners and editors may save; viewers may only see it;
//  - anyone else has no access (and is told "not found", so IDs reveal nothing).
import type { ProjectRole } from '../../../shared/tools.js';
import type { Collection } from './domain.js';

export type CollectionAccess = 'none' | 'view' | 'edit';

export function collectionAccess(collection: Collection, accountId: string, projectRole: ProjectRole | null): CollectionAccess {
  if (collection.ownerAccountId === accountId) return 'edit';
  if (collection.editorAccountIds.includes(accountId)) return 'edit';
  if (collection.projectId !== null && projectRole !== null) return projectRole === 'viewer' ? 'view' : 'edit';
  return 'none';
}
