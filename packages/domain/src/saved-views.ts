import type { ViewDoc } from './documents.ts';
import type { Role } from './fields.ts';
import { byCodeUnits } from './compare-text.ts';
import { newDocId } from './ids.ts';
import { parseViewQuery, serializeViewQuery } from './issue-query.ts';
import { mayDelete } from './document-rules.ts';

/**
 * A saved view (SPEC §10): a list's filters, grouping and sort under a name, kept as the list's
 * URL query so that opening it is opening that URL. `projectId` says which list: a project's,
 * or all issues (null).
 */
export function newSavedView(input: {
  name: string;
  query: string;
  projectId: string | null;
  ownerId: string;
  shared: boolean;
  now: string;
}): ViewDoc {
  return {
    _id: newDocId('view'),
    type: 'view',
    name: input.name,
    query: canonicalViewQuery(input.query),
    projectId: input.projectId,
    ownerId: input.ownerId,
    shared: input.shared,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * A query as the list writes it: parsed and written again, so a view saved from one spelling of
 * the URL compares equal with the list showing it (the "unsaved changes" mark).
 */
export function canonicalViewQuery(query: string): string {
  return serializeViewQuery(parseViewQuery(query)).toString();
}

/** Whether the list's query differs from what the view saved. */
export function viewChanged(view: ViewDoc, query: string): boolean {
  return canonicalViewQuery(query) !== canonicalViewQuery(view.query);
}

/**
 * SPEC §10: a personal view is its owner's alone (every role has their own); a shared one is
 * edited by its owner while they may share, and by owners and admins whoever made it. Editing
 * and deleting a view take the same permission (document-rules.ts).
 */
export function mayEditView(view: ViewDoc, role: Role, userId: string): boolean {
  return mayDelete(view, role, userId);
}

/** Whether a person sees a view: their own, or one shared with the workspace. */
export function maySeeView(view: Pick<ViewDoc, 'shared' | 'ownerId'>, userId: string): boolean {
  return view.shared || view.ownerId === userId;
}

/** The views a person sees: their own and the shared ones, by name (then id, for ties). */
export function viewsFor(all: readonly ViewDoc[], userId: string): ViewDoc[] {
  return all
    .filter((v) => maySeeView(v, userId))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        byCodeUnits(a._id, b._id),
    );
}
