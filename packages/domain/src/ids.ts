/**
 * Workspace documents carry their type in their id (`issue:…`), so a document's kind can be
 * checked from the id alone and ids of different kinds never collide.
 */
export const DOC_TYPES = [
  'member',
  'project',
  'issue',
  'comment',
  'label',
  'activity',
  'readMarker',
  'conflict',
  'relation',
  'cycle',
  'milestone',
  'view',
  'favorite',
  'notice',
  'link',
  'attachment',
] as const;
export type DocType = (typeof DOC_TYPES)[number];

const ID_TAIL = /^[A-Za-z0-9_-]{1,64}$/;
// A relation's id is its kind and its two issues' tails, the lesser first (`relationId`).
const RELATION_TAIL = /^(blocks|relates|duplicates)\.[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/;
// A cycle's id is its project's tail and its number (`cycleId`).
const CYCLE_TAIL = /^[A-Za-z0-9_-]{1,64}\.[1-9][0-9]{0,5}$/;
// A favourite's id is its person's id, then its target's type and tail (favorites.ts).
const FAVORITE_TAIL = /^[A-Za-z0-9_-]{1,64}\.(issue|project|view|cycle)\.[A-Za-z0-9_.-]{1,80}$/;
// A file's id is its uploader's id and a random part (`attachmentId`).
const ATTACHMENT_TAIL = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{8,64}$/;
const TAILS: Partial<Record<string, RegExp>> = {
  relation: RELATION_TAIL,
  cycle: CYCLE_TAIL,
  favorite: FAVORITE_TAIL,
  attachment: ATTACHMENT_TAIL,
};

export function docId(type: DocType, tail: string): string {
  return `${type}:${tail}`;
}

/** The type an id claims, or null when the id is not a well-formed Keel document id. */
export function typeOfId(id: string): DocType | null {
  const colon = id.indexOf(':');
  if (colon < 0) return null;
  const type = id.slice(0, colon);
  const tail = id.slice(colon + 1);
  if (!(DOC_TYPES as readonly string[]).includes(type)) return null;
  if (!(TAILS[type] ?? ID_TAIL).test(tail)) return null;
  return type as DocType;
}

/**
 * A new file's id (SPEC §11), made by the uploader's device so its text can name the file before
 * it is uploaded. It starts with the uploader's id, which the server checks: an id seen in
 * someone's text cannot be taken by another member first.
 */
export function newAttachmentId(userId: string): string {
  return docId('attachment', `${userId}.${newIdTail()}`);
}

/** Whose file an attachment id says it is (`newAttachmentId`), or null when it is not one. */
export function uploaderOfAttachment(id: string): string | null {
  return typeOfId(id) === 'attachment' ? id.slice('attachment:'.length).split('.')[0]! : null;
}

/**
 * A member's one read marker per workspace: its id is fixed by its owner, so nobody can take
 * another member's marker id first and lock them out of their own inbox state.
 */
export function readMarkerId(userId: string): string {
  return docId('readMarker', userId);
}

/**
 * The one id of a relation of `kind` between two issues, whichever way round it is given: a pair
 * is related once per kind (SPEC §10), so two devices relating the same issues offline write the
 * same document, not two.
 */
export function relationId(kind: string, issueA: string, issueB: string): string {
  const [first, second] = [idTail(issueA), idTail(issueB)].sort();
  return `relation:${kind}.${first}.${second}`;
}

/**
 * The one id of a project's cycle `number`: whoever schedules it (the server, or an admin's
 * device) writes the same document, never a second cycle with that number.
 */
export function cycleId(projectId: string, number: number): string {
  return `cycle:${idTail(projectId)}.${number}`;
}

export function idTail(id: string): string {
  return id.slice(id.indexOf(':') + 1);
}

/** A random id tail; crypto.randomUUID exists in browsers and Node alike. */
export function newIdTail(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function newDocId(type: DocType): string {
  return docId(type, newIdTail());
}

export function formatIssueKey(projectKey: string, number: number): string {
  return `${projectKey}-${number}`;
}

export function parseIssueKey(key: string): { projectKey: string; number: number } | null {
  const m = /^([A-Z][A-Z0-9]{1,4})-([1-9][0-9]{0,8})$/.exec(key.toUpperCase());
  if (!m) return null;
  return { projectKey: m[1]!, number: Number(m[2]) };
}
