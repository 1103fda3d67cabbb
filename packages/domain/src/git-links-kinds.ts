/** SPEC §11: what a link is to, and the state it is in (git-links.ts). */
export const LINK_KINDS = ['pull_request', 'commit'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_STATES = ['open', 'draft', 'merged', 'closed'] as const;
export type LinkState = (typeof LINK_STATES)[number];
