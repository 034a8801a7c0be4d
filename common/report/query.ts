/** How the report reads the database, and what a reader is asked for: shared by every reader. */

/** One SQL statement with its parameters, answered as rows. */
export type Query = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface ReportOptions {
  from?: string | undefined;
  to?: string | undefined;
  /** The flow file on disk, whose git history gives each revision's files (none: changes not shown). */
  flowPath?: string | undefined;
  /** The two revisions to compare, older then newer (default: the two newest with visits). */
  compare?: readonly [string, string] | undefined;
}
