import { describe, it, expect } from 'vitest';
import { LIMITS } from './limits.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('limits (SPEC §9)', () => {
  it('match the spec table', () => {
    expect(LIMITS.issuesPerWorkspace).toBe(100_000);
    expect(LIMITS.membersPerWorkspace).toBe(1_000);
    expect(LIMITS.projectsPerWorkspace).toBe(200);
    expect(LIMITS.labelsPerWorkspace).toBe(500);
    expect(LIMITS.documentBytes).toBe(1_000_000);
    expect(LIMITS.bulkDocsPerRequest).toBe(1_000);
    expect(LIMITS.requestBodyBytes).toBe(10_000_000);
    expect(LIMITS.issueNumbersPerBlock).toBe(20);
    expect(LIMITS.invitationLifetimeMs).toBe(7 * DAY);
    expect(LIMITS.sessionIdleMs).toBe(30 * DAY);
    expect(LIMITS.sessionMaxMs).toBe(90 * DAY);
    expect(LIMITS.signInAttemptsPerMinute).toBe(10);
    expect(LIMITS.writesPerUserPerMinute).toBe(600);
  });

  it('match SPEC §11 for the platform', () => {
    expect(LIMITS.apiTokensPerPerson).toBe(20);
    expect(LIMITS.apiRequestsPerTokenPerMinute).toBe(1_000);
    expect(LIMITS.webhooksPerWorkspace).toBe(20);
    expect(LIMITS.webhookRetryMs).toBe(DAY);
    expect(LIMITS.attachmentBytes).toBe(25 * 1024 * 1024);
    expect(LIMITS.attachmentBytesPerWorkspace).toBe(5 * 1024 ** 3);
    // "At most a year": a year from a leap day's eve is 366 days.
    expect(LIMITS.apiTokenMaxLifetimeMs).toBe(366 * DAY);
  });

  it('are consistent with each other', () => {
    expect(LIMITS.sessionIdleMs).toBeLessThan(LIMITS.sessionMaxMs);
    expect(LIMITS.documentBytes).toBeLessThanOrEqual(LIMITS.requestBodyBytes);
    for (const [name, value] of Object.entries(LIMITS)) {
      expect(Number.isSafeInteger(value), name).toBe(true);
      expect(value, name).toBeGreaterThan(0);
    }
  });
});
