import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, showToast } from './toast-store.ts';

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  vi.useRealTimers();
});

const messages = () => getToasts().map((t) => t.message);

describe('toasts', () => {
  it('says the same message once while it shows', () => {
    showToast('Synced');
    showToast('Synced');
    expect(messages()).toEqual(['Synced']);
  });

  it('a later toast with the same key takes the earlier one’s place', () => {
    showToast('Other');
    showToast('Gone.', 'info', { key: 'gone:acme' });
    showToast('Gone, and its copy removed.', 'info', { key: 'gone:acme' });
    expect(messages()).toEqual(['Other', 'Gone, and its copy removed.']);
  });

  it('a tentative toast is said only when nothing under its key is showing', () => {
    showToast('Gone, and its copy removed.', 'info', { key: 'gone:acme' });
    showToast('Gone.', 'info', { key: 'gone:acme', tentative: true });
    showToast('Also gone.', 'info', { key: 'gone:beta', tentative: true });
    expect(messages()).toEqual(['Gone, and its copy removed.', 'Also gone.']);
  });

  it('a replaced toast does not dismiss its successor when its own time is up', () => {
    vi.useFakeTimers();
    showToast('Gone.', 'info', { key: 'gone:acme' });
    vi.advanceTimersByTime(5_000);
    showToast('Gone, and its copy removed.', 'info', { key: 'gone:acme' });
    vi.advanceTimersByTime(2_000);
    expect(messages()).toEqual(['Gone, and its copy removed.']);
    vi.advanceTimersByTime(5_000);
    expect(messages()).toEqual([]);
  });
});
