import { parseArgs } from 'node:util';
import { LIMITS, workspaceSlugSchema } from '@keel/domain';

export const SEED_USAGE =
  'Usage: npm run seed -- [--issues N] [--comments N] [--members N] [--cycles N] [--milestones N] [--workspace KEY] [--email ADDRESS] [--password PASSWORD]';

export interface SeedArgs {
  issues: number;
  commentsPerIssue: number;
  members: number;
  /** Weekly cycles per project, the last two planned; 0 leaves cycles off. */
  cyclesPerProject: number;
  /** Milestones in all, shared out over the demo projects. */
  milestones: number;
  workspace: string;
  email: string;
  password: string;
}

/** A command line the seed cannot run with; the message names the argument and what it takes. */
export class SeedUsageError extends Error {}

const MAX_COMMENTS_PER_ISSUE = 50;
const MAX_CYCLES_PER_PROJECT = 500;

function count(name: string, raw: string, max: number): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > max)
    throw new SeedUsageError(`--${name} takes a whole number from 0 to ${max} (got "${raw}").`);
  return value;
}

/** 0, or enough cycles for the current one and the two planned after it. */
function cyclesCount(raw: string): number {
  const value = count('cycles', raw, MAX_CYCLES_PER_PROJECT);
  if (value > 0 && value < 3)
    throw new SeedUsageError(
      `--cycles takes 0 (no cycles) or 3 to ${MAX_CYCLES_PER_PROJECT} (got "${raw}").`,
    );
  return value;
}

/** The seed's command line, checked before anything is started or written. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        issues: { type: 'string', default: '1000' },
        comments: { type: 'string', default: '3' },
        members: { type: 'string', default: '12' },
        cycles: { type: 'string', default: '50' },
        milestones: { type: 'string', default: '50' },
        workspace: { type: 'string', default: 'demo' },
        email: { type: 'string', default: 'demo@keel.test' },
        password: { type: 'string', default: 'keel-demo-password' },
      },
    }));
  } catch (err) {
    // Node's own wording ("Unknown option '--isues'") is clear; its stack trace is not.
    throw new SeedUsageError(err instanceof Error ? err.message : String(err));
  }
  const slug = workspaceSlugSchema.safeParse(values.workspace);
  if (!slug.success)
    throw new SeedUsageError(
      `--workspace: ${slug.error.issues[0]?.message ?? 'not a valid URL key'} (got "${values.workspace}").`,
    );
  return {
    issues: count('issues', values.issues, LIMITS.issuesPerWorkspace),
    commentsPerIssue: count('comments', values.comments, MAX_COMMENTS_PER_ISSUE),
    members: count('members', values.members, LIMITS.membersPerWorkspace - 1),
    cyclesPerProject: cyclesCount(values.cycles),
    // SPEC §10: at most 100 a project, and the demo has four projects.
    milestones: count('milestones', values.milestones, 4 * LIMITS.milestonesPerProject),
    workspace: slug.data,
    email: values.email,
    password: values.password,
  };
}
