// The five MCP tools of /mcp (interface spec section 1, "MCP tools"): names, the scope each
// needs, and zod input/output schemas. Shared by the server (tool registration, validation)
// and the CLI (`rcat projects|shortlist add|inquiry` parse tool results with these).
// Objects are strict: an unknown argument is a mistake worth reporting, not ignoring.
import { z } from 'zod';
import { LIST_PROJECTS_LIMIT } from './limits.js';
import { isWellFormedText } from './unicode.js';
import type { Scope } from './scopes.js';
import { CatalogRecord, codePointLength, EntityId, nullableText, QUERY_MAX_CODE_POINTS, QUERY_MIN_CODE_POINTS, SearchQuery, SearchResponse } from './schemas.js';

export const TOOL_NAMES = ['search', 'fetch', 'list_projects', 'save_to_shortlist', 'prepare_inquiry'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export function isToolName(value: unknown): value is ToolName {
  return typeof value === 'string' && (TOOL_NAMES as readonly string[]).includes(value);
}

/**
 * Scopes a token needs to call each tool (spec section 5.2). `prepare_inquiry` discloses a
 * record (title, URL, limitations), so it needs `catalog:read` like `fetch`; when a projectId
 * is given it also reveals the project's name, so it then needs `projects:read` too
 * (see `scopesForToolCall`). It writes only the caller's own unsent draft, which no scope in
 * the spec covers and which changes nothing anyone else can see.
 */
export const TOOL_SCOPES: Record<ToolName, readonly Scope[]> = {
  search: ['catalog:read'],
  fetch: ['catalog:read'],
  list_projects: ['projects:read'],
  save_to_shortlist: ['shortlist:write'],
  prepare_inquiry: ['catalog:read'],
};

/** The scopes one concrete call needs (arguments can add some, e.g. prepare_inquiry's projectId). */
export function scopesForToolCall(name: ToolName, args: unknown): Scope[] {
  const scopes = [...TOOL_SCOPES[name]];
  if (name === 'prepare_inquiry' && typeof args === 'object' && args !== null && (args as Record<string, unknown>).projectId !== undefined) {
    scopes.push('projects:read');
  }
  return scopes;
}

export { LIST_PROJECTS_LIMIT };
export const COLLECTIONS_PER_LIST_LIMIT = 20;
export const NOTE_MAX_CODE_POINTS = 1000;
export const QUESTION_MIN_CODE_POINTS = 5;
export const QUESTION_MAX_CODE_POINTS = 2000;

/** Free text bounded in Unicode code points (the unit JSON Schema's minLength/maxLength use). */
function boundedText(min: number, max: number, description: string) {
  return z
    .string()
    .refine((s) => codePointLength(s) >= min, { message: `must be at least ${min} characters` })
    .refine((s) => codePointLength(s) <= max, { message: `must be at most ${max} characters` })
    .refine((s) => min === 0 || s.trim().length > 0, { message: 'must not be only whitespace' })
    .refine((s) => isWellFormedText(s), { message: 'must be well-formed Unicode' })
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), { message: 'must not contain control characters' })
    .meta({ description, minLength: min, maxLength: max });
}

// Object IDs carry a kind prefix so a project ID can never be mistaken for a collection ID.
const prefixedId = (prefix: string, what: string) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`), `must be a ${what} ID such as ${prefix}_<uuid>`)
    .meta({ description: `${what} ID (${prefix}_<uuid>)` });

export const ProjectId = prefixedId('prj', 'project');
export const CollectionId = prefixedId('col', 'collection');
export const ShortlistItemId = prefixedId('sli', 'shortlist item');
export const InquiryDraftId = prefixedId('inq', 'inquiry draft');

export const PROJECT_ROLES = ['viewer', 'editor', 'owner'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export const SHORTLIST_STATES = ['active', 'removed'] as const;
export type ShortlistState = (typeof SHORTLIST_STATES)[number];

// ---- search ---------------------------------------------------------------------------------
export const SearchInput = z.strictObject({
  query: SearchQuery.meta({
    description: `What to look for, in plain words (${QUERY_MIN_CODE_POINTS} to ${QUERY_MAX_CODE_POINTS} characters)`,
    minLength: QUERY_MIN_CODE_POINTS,
    maxLength: QUERY_MAX_CODE_POINTS,
  }),
});
/** Exactly the REST search response (spec section 2). */
export const SearchOutput = SearchResponse;

// ---- fetch ----------------------------------------------------------------------------------
export const FetchInput = z.strictObject({
  id: EntityId.meta({ description: 'Entity ID from a search result, e.g. technique:<uuid>' }),
});
/** Exactly the REST record (spec section 2). */
export const FetchOutput = CatalogRecord;

// ---- list_projects --------------------------------------------------------------------------
export const CollectionSummary = z.strictObject({
  id: CollectionId,
  name: z.string(),
  /** True when the caller may save to it (owner, named editor, or project owner/editor). */
  canSave: z.boolean(),
  activeItems: z.number().int().min(0),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

export const ProjectSummary = z.strictObject({
  id: ProjectId,
  name: z.string(),
  role: z.enum(PROJECT_ROLES),
  collections: z.array(CollectionSummary).max(COLLECTIONS_PER_LIST_LIMIT),
  /** More collections exist in this project than are listed. */
  collectionsTruncated: z.boolean(),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const ListProjectsInput = z.strictObject({});
export const ListProjectsOutput = z.strictObject({
  projects: z.array(ProjectSummary).max(LIST_PROJECTS_LIMIT),
  /** More projects exist than the 20 listed (spec section 8.3). */
  truncated: z.boolean(),
  totalProjects: z.number().int().min(0),
  /** Collections outside these projects that the caller owns or is a named editor of. */
  personalCollections: z.array(CollectionSummary).max(COLLECTIONS_PER_LIST_LIMIT),
  personalCollectionsTruncated: z.boolean(),
});
export type ListProjectsOutput = z.infer<typeof ListProjectsOutput>;

// ---- save_to_shortlist ----------------------------------------------------------------------
export const SaveToShortlistInput = z.strictObject({
  collectionId: CollectionId,
  entityId: EntityId.meta({ description: 'Entity ID of the catalogue record to save' }),
  // An empty or blank note is the same as no note (models often send "").
  note: boundedText(0, NOTE_MAX_CODE_POINTS, 'Optional private note kept with the item').optional(),
});

export const ShortlistItem = z.strictObject({
  id: ShortlistItemId,
  collectionId: CollectionId,
  entityId: EntityId,
  title: z.string(),
  url: z.url(),
  note: nullableText('The private note kept with the item, or null'),
  state: z.enum(SHORTLIST_STATES),
  savedAt: z.string(),
  removedAt: nullableText('When the item was removed (ISO 8601), or null while it is active'),
});
export type ShortlistItem = z.infer<typeof ShortlistItem>;

export const SaveToShortlistOutput = z.strictObject({
  item: ShortlistItem,
  /** True when an active item for (collection, entity) already existed and was returned unchanged. */
  alreadyExisted: z.boolean(),
  message: z.string(),
});
export type SaveToShortlistOutput = z.infer<typeof SaveToShortlistOutput>;

// ---- prepare_inquiry ------------------------------------------------------------------------
export const PrepareInquiryInput = z.strictObject({
  entityId: EntityId.meta({ description: 'Entity ID of the facility, equipment or technique record to ask about' }),
  question: boundedText(QUESTION_MIN_CODE_POINTS, QUESTION_MAX_CODE_POINTS, "The user's research question, in their words"),
  projectId: ProjectId.optional(),
});

export const InquiryDraft = z.strictObject({
  id: InquiryDraftId,
  /** Always "unsent": rcat never sends inquiries. */
  status: z.literal('unsent'),
  entityId: EntityId,
  projectId: ProjectId.nullable(),
  subject: z.string(),
  body: z.string(),
  citation: z.strictObject({ title: z.string(), url: z.url() }),
  createdAt: z.string(),
});
export type InquiryDraft = z.infer<typeof InquiryDraft>;

export const PrepareInquiryOutput = z.strictObject({
  draft: InquiryDraft,
  message: z.string(),
});
export type PrepareInquiryOutput = z.infer<typeof PrepareInquiryOutput>;

export const TOOL_SCHEMAS = {
  search: { input: SearchInput, output: SearchOutput },
  fetch: { input: FetchInput, output: FetchOutput },
  list_projects: { input: ListProjectsInput, output: ListProjectsOutput },
  save_to_shortlist: { input: SaveToShortlistInput, output: SaveToShortlistOutput },
  prepare_inquiry: { input: PrepareInquiryInput, output: PrepareInquiryOutput },
} as const satisfies Record<ToolName, { input: z.ZodType; output: z.ZodType }>;
