import type { DocType } from './ids.ts';

/**
 * A workspace comes to a device in two parts: what the lists and boards need (`main`), then
 * the history of each issue (`history`: comments, activity, conflict entries), which is most of
 * a large workspace's documents. The first sync reads them in this order (the server's snapshot
 * route, one type at a time), and the device keeps a snapshot of each.
 */
export const SNAPSHOT_PARTS = {
  main: [
    'member',
    'project',
    'label',
    'issue',
    'readMarker',
    'relation',
    'cycle',
    'milestone',
    'view',
    'favorite',
    'notice',
    'link',
    'attachment',
  ],
  history: ['comment', 'activity', 'conflict'],
} as const satisfies Record<string, readonly DocType[]>;

export type SnapshotPart = keyof typeof SNAPSHOT_PARTS;

/** The most documents one page of `GET /api/workspaces/:ws/snapshot` holds. */
export const SNAPSHOT_PAGE_MAX = 5_000;
