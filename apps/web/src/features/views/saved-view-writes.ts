import { canonicalViewQuery, newSavedView, normalizeText, type ViewDoc } from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from '../../data/workspace-session.ts';

/** What the save-view form holds. */
export interface ViewDraft {
  name: string;
  shared: boolean;
}

function current(session: WorkspaceSession, id: string): ViewDoc | null {
  const doc = session.store.get(id);
  return doc?.type === 'view' ? doc : null;
}

const gone: WriteOutcome = { ok: false, message: 'This view no longer exists.', errors: [] };

/** A new view of the list `projectId` (null: all issues) as `query` shows it. */
export async function createView(
  session: WorkspaceSession,
  draft: ViewDraft,
  query: string,
  projectId: string | null,
): Promise<{ outcome: WriteOutcome; view: ViewDoc }> {
  const view = newSavedView({
    name: normalizeText(draft.name),
    query,
    projectId,
    ownerId: session.userId,
    shared: draft.shared,
    now: new Date().toISOString(),
  });
  return { outcome: await session.write([view]), view };
}

/** Rename a view, or share it or make it personal. */
export function editView(
  session: WorkspaceSession,
  id: string,
  draft: ViewDraft,
): Promise<WriteOutcome> {
  if (!current(session, id)) return Promise.resolve(gone);
  return session.update(() => {
    const view = current(session, id);
    if (!view) return null;
    const name = normalizeText(draft.name);
    if (name === view.name && draft.shared === view.shared) return null;
    return [{ ...view, name, shared: draft.shared, updatedAt: new Date().toISOString() }];
  });
}

/** Keep the list's current filters, grouping and sort as the view's. */
export function saveViewQuery(
  session: WorkspaceSession,
  id: string,
  query: string,
): Promise<WriteOutcome> {
  if (!current(session, id)) return Promise.resolve(gone);
  return session.update(() => {
    const view = current(session, id);
    const canonical = canonicalViewQuery(query);
    if (!view || view.query === canonical) return null;
    return [{ ...view, query: canonical, updatedAt: new Date().toISOString() }];
  });
}

export function deleteView(session: WorkspaceSession, id: string): Promise<WriteOutcome> {
  return session.update(() => {
    const view = current(session, id);
    return view ? [{ _id: view._id, _rev: view._rev, _deleted: true }] : null;
  });
}
