import { describe, expect, it } from 'vitest';
import type { ProjectDoc, Role } from '@keel/domain';
import { testProject } from '@keel/domain/test-fixtures';
import type { OnlineStatus } from '../../shared/lib/online-status.ts';
import type { NumberScope } from '../number-reserve.ts';
import { NumberKeeper } from './number-keeper.ts';

/** A keeper over plain fakes: projects the test sets, requests it answers, a network it flips. */
function keeperWith(options: { role?: Role; online?: boolean } = {}) {
  let projects: readonly ProjectDoc[] = [testProject()];
  const listeners = new Set<() => void>();
  let online = options.online ?? true;
  const onlineListeners = new Set<(online: boolean) => void>();
  const short = new Set<string>(['project:p1']);
  const asked: string[] = [];
  const answers: (() => void)[] = [];
  const reserving: boolean[] = [];
  const status: OnlineStatus = {
    isOnline: () => online,
    subscribe: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
  };
  const keeper = new NumberKeeper({
    store: {
      list: () => projects,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    userId: 'u1',
    slug: 'acme',
    role: () => options.role ?? 'member',
    online: status,
    numbers: {
      needed: (scope: NumberScope) => short.has(scope.projectId),
      topUp: (scope: NumberScope) => {
        asked.push(scope.projectId);
        return new Promise<void>((resolve) => answers.push(resolve));
      },
    },
    setReserving: (value) => reserving.push(value),
  });
  return {
    keeper,
    asked,
    reserving,
    short,
    setProjects(next: readonly ProjectDoc[]) {
      projects = next;
      for (const listener of listeners) listener();
    },
    /** Another document changed: the store tells its subscribers, its projects are the same. */
    notify() {
      for (const listener of listeners) listener();
    },
    setOnline(value: boolean) {
      online = value;
      for (const listener of onlineListeners) listener(value);
    },
    async answerAll() {
      for (const answer of answers.splice(0)) answer();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    listening: () => listeners.size + onlineListeners.size,
  };
}

describe('NumberKeeper', () => {
  it('reserves numbers for a project that is short, and says so until they arrive', async () => {
    const fake = keeperWith();
    const stop = fake.keeper.start();
    expect(fake.asked).toEqual(['project:p1']);
    expect(fake.reserving).toEqual([true]);
    await fake.answerAll();
    expect(fake.reserving).toEqual([true, false]);
    stop();
    expect(fake.listening()).toBe(0);
  });

  it('asks again when a project is added, only for the ones short of numbers', async () => {
    const fake = keeperWith();
    fake.keeper.start();
    await fake.answerAll();
    fake.short.clear();
    fake.short.add('project:p2');
    fake.setProjects([testProject(), testProject({ _id: 'project:p2', key: 'OPS' })]);
    expect(fake.asked).toEqual(['project:p1', 'project:p2']);
    // Another document changed, the projects did not: nothing to ask.
    fake.notify();
    expect(fake.asked).toEqual(['project:p1', 'project:p2']);
  });

  it('stays Syncing… until the last of several requests is answered', async () => {
    const fake = keeperWith();
    fake.short.add('project:p2');
    fake.setProjects([testProject(), testProject({ _id: 'project:p2', key: 'OPS' })]);
    fake.keeper.start();
    expect(fake.asked).toEqual(['project:p1', 'project:p2']);
    expect(fake.reserving).toEqual([true]);
    await fake.answerAll();
    expect(fake.reserving).toEqual([true, false]);
  });

  it('waits for the network, and asks nothing for a role that cannot create issues', async () => {
    const offline = keeperWith({ online: false });
    offline.keeper.start();
    expect(offline.asked).toEqual([]);
    offline.setOnline(true);
    expect(offline.asked).toEqual(['project:p1']);

    const viewer = keeperWith({ role: 'viewer' });
    viewer.keeper.start();
    viewer.keeper.topUp();
    expect(viewer.asked).toEqual([]);
    expect(viewer.reserving).toEqual([]);
  });
});
