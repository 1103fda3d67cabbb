/** SPEC §9 — the numbers the product is built for and the limits every layer enforces. */
export const LIMITS = {
  issuesPerWorkspace: 100_000,
  membersPerWorkspace: 1_000,
  projectsPerWorkspace: 200,
  labelsPerWorkspace: 500,
  labelsPerIssue: 20,
  /** SPEC §10: relations one issue takes part in. */
  relationsPerIssue: 50,
  /** SPEC §10. */
  milestonesPerProject: 100,
  /** SPEC §10: saved views, personal and shared together. */
  viewsPerWorkspace: 200,
  /** SPEC §10. */
  favoritesPerPerson: 100,
  documentBytes: 1_000_000,
  bulkDocsPerRequest: 1_000,
  requestBodyBytes: 10_000_000,
  issueNumbersPerBlock: 20,
  invitationLifetimeMs: 7 * 24 * 60 * 60 * 1000,
  sessionIdleMs: 30 * 24 * 60 * 60 * 1000,
  sessionMaxMs: 90 * 24 * 60 * 60 * 1000,
  signInAttemptsPerMinute: 10,
  writesPerUserPerMinute: 600,
  /** Issues one CSV import may create (its file is also held to requestBodyBytes). */
  importRows: 10_000,
  /** CSV imports (checks included) per user a minute: one may create 10,000 issues. */
  importsPerUserPerMinute: 20,
  /** SPEC §11: live API tokens a person may hold (revoked and expired ones do not count). */
  apiTokensPerPerson: 20,
  /** SPEC §11: an API token lives at most this long. */
  apiTokenMaxLifetimeMs: 366 * 24 * 60 * 60 * 1000,
  /** SPEC §11. */
  apiRequestsPerTokenPerMinute: 1_000,
  /** SPEC §11. */
  webhooksPerWorkspace: 20,
  /**
   * Deliveries GitHub's receiver takes for one workspace a minute: a busy organisation sends far
   * fewer; anyone sending more is refused before a byte of the body is read.
   */
  githubDeliveriesPerWorkspacePerMinute: 600,
  /** SPEC §11: how long a delivery is retried. */
  webhookRetryMs: 24 * 60 * 60 * 1000,
  /** SPEC §11 (a workspace's total is configurable on the server). */
  attachmentBytes: 25 * 1024 * 1024,
  attachmentBytesPerWorkspace: 5 * 1024 * 1024 * 1024,
} as const;
