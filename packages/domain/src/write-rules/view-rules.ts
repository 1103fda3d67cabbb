import { favoriteTargetType } from '../favorites.ts';
import { maySeeView } from '../saved-views.ts';
import { LIMITS } from '../limits.ts';
import { can } from '../permissions.ts';
import { sentString } from './sent-fields.ts';
import type { WriteRule } from './types.ts';

export const VIEW_SHARE_FORBIDDEN = "You don't have permission to share a view";
export const VIEW_STAYS_SHARED = 'Only its owner can make a shared view personal';
export const VIEW_PROJECT_NOT_FOUND = 'The view’s project must be a project of this workspace';
export const VIEWS_LIMIT = `A workspace has at most ${LIMITS.viewsPerWorkspace} views`;
export const FAVORITE_TARGET_NOT_FOUND =
  'A favourite must be an issue, project, view or cycle of this workspace';
export const FAVORITE_OF_PRIVATE_VIEW = 'Another person’s personal view cannot be a favourite';
export const FAVORITES_LIMIT = `A person has at most ${LIMITS.favoritesPerPerson} favourites`;

/**
 * SPEC §10: sharing a view takes a role that may (owner, admin, member); an admin editing
 * another's shared view keeps it shared (it would become a personal view of someone else's);
 * a view's list is a project of the workspace or all issues; at most 200 views a workspace,
 * counted on creation, as milestones are.
 */
export const viewSharing: WriteRule = {
  name: 'view-sharing',
  appliesTo: (write) => write.doc.type === 'view',
  check: (write, context, lookup) => {
    const { doc, existing } = write;
    if (doc.type !== 'view') return null;
    const becomesShared = doc.shared && !(existing?.type === 'view' && existing.shared);
    if (becomesShared && !can(context.role, 'view:share'))
      return { code: 'FORBIDDEN', path: 'shared', message: VIEW_SHARE_FORBIDDEN };
    if (
      existing?.type === 'view' &&
      existing.shared &&
      !doc.shared &&
      doc.ownerId !== context.userId
    )
      return { code: 'FORBIDDEN', path: 'shared', message: VIEW_STAYS_SHARED };
    // Checked when it is set: a view whose project was deleted since can still be renamed,
    // made personal or deleted.
    const projectSet =
      !existing || (existing.type === 'view' && existing.projectId !== doc.projectId);
    if (projectSet && doc.projectId !== null && lookup.get(doc.projectId)?.type !== 'project')
      return { path: 'projectId', message: VIEW_PROJECT_NOT_FOUND };
    if (existing || write.restore) return null;
    const others = lookup.all('view').filter((v) => v._id !== doc._id);
    return others.length >= LIMITS.viewsPerWorkspace
      ? { path: 'name', message: VIEWS_LIMIT }
      : null;
  },
  reads: (doc, existing) => {
    if (doc.type !== 'view') return {};
    const projectId = sentString(doc, 'projectId');
    const changed = existing?.type !== 'view' || existing.projectId !== (projectId ?? null);
    return { ids: projectId && changed ? [projectId] : [], lists: existing ? [] : ['view'] };
  },
};

/**
 * SPEC §10: a favourite pins an issue, project, view or cycle that exists (not someone else's
 * personal view), and a person has at most 100, counted on creation. The server lists only the
 * writer's favourites (their ids share a prefix, favorites.ts); the rule counts the writer's
 * alone, so the browser, which holds everyone's, gives the same answer.
 */
export const favoriteOfTarget: WriteRule = {
  name: 'favorite-of-target',
  appliesTo: (write) => write.doc.type === 'favorite' && !write.existing,
  check: (write, _context, lookup) => {
    const { doc } = write;
    if (doc.type !== 'favorite') return null;
    const target = lookup.get(doc.target);
    if (!target || target.type !== favoriteTargetType(doc.target))
      return { path: 'target', message: FAVORITE_TARGET_NOT_FOUND };
    if (target.type === 'view' && !maySeeView(target, doc.userId))
      return { path: 'target', message: FAVORITE_OF_PRIVATE_VIEW };
    if (write.restore) return null;
    const own = lookup.all('favorite').filter((f) => f.userId === doc.userId && f._id !== doc._id);
    return own.length >= LIMITS.favoritesPerPerson
      ? { path: 'target', message: FAVORITES_LIMIT }
      : null;
  },
  reads: (doc, existing) => {
    if (doc.type !== 'favorite' || existing) return {};
    const target = sentString(doc, 'target');
    return { ids: target ? [target] : [], lists: ['favorite'] };
  },
};
