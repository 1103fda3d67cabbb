import { STATE_CATEGORIES, type StateCategory } from '@keel/domain';

/** Category names as people read them, in workflow order. */
export const CATEGORY_LABELS: Record<StateCategory, string> = {
  backlog: 'Backlog',
  unstarted: 'Unstarted',
  started: 'Started',
  completed: 'Completed',
  canceled: 'Canceled',
};

export const CATEGORY_OPTIONS = STATE_CATEGORIES.map((c) => ({
  value: c,
  label: CATEGORY_LABELS[c],
}));

/** A new state's colour until someone picks another: what its category usually looks like. */
export const CATEGORY_COLORS: Record<StateCategory, string> = {
  backlog: '#94A3B8',
  unstarted: '#64748B',
  started: '#F59E0B',
  completed: '#10B981',
  canceled: '#EF4444',
};
