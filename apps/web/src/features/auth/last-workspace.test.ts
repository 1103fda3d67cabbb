import { beforeEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '@keel/domain';
import { homeWorkspace, rememberWorkspace } from './last-workspace.ts';
import { installMemoryLocalStorage } from '../../shared/lib/memory-local-storage.ts';

const memory = installMemoryLocalStorage();

const me = (slugs: string[]): MeResponse => ({
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', avatarUrl: null },
  workspaces: slugs.map((slug) => ({ id: slug, slug, name: slug, role: 'member' })),
});

describe('homeWorkspace', () => {
  beforeEach(() => memory.clear());

  it('has none without workspaces', () => {
    expect(homeWorkspace(me([]))).toBeNull();
  });

  it('prefers the workspace used last', () => {
    rememberWorkspace('u1', 'beta');
    expect(homeWorkspace(me(['alpha', 'beta']))).toBe('beta');
  });

  it('falls back to the first when the last one is gone', () => {
    rememberWorkspace('u1', 'gone');
    expect(homeWorkspace(me(['alpha', 'beta']))).toBe('alpha');
  });
});
