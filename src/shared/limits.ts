// Numbers of the interface spec that texts quote as well as schemas enforce (search results per
// answer, section 2; projects per list_projects answer). Kept free of zod so that a program that
// only prints help (`rcat --help`) can quote them without loading the schema library.
export const SEARCH_RESULT_LIMIT = 20;
export const LIST_PROJECTS_LIMIT = 20;
