import { describe, expect, it } from 'vitest';
import { issueDocSchema } from './documents.ts';
import {
  autoSubscribed,
  commentSubscriptions,
  isSubscribed,
  subscribersOf,
  withSubscription,
} from './subscriptions.ts';
import { testIssue } from './test-fixtures.ts';

const issue = testIssue({ createdBy: 'ana', subscriberIds: ['ana', 'ben'], assigneeId: 'cy' });

describe('isSubscribed and subscribersOf', () => {
  it('counts those listed, the creator and the assignee', () => {
    for (const id of ['ana', 'ben', 'cy']) expect(isSubscribed(issue, id)).toBe(true);
    expect(isSubscribed(issue, 'dee')).toBe(false);
    expect(subscribersOf(issue)).toEqual(['ana', 'ben', 'cy']);
    // An issue written before creators were listed still counts its creator.
    expect(subscribersOf(testIssue({ createdBy: 'ana', subscriberIds: [] }))).toEqual(['ana']);
  });

  it('never counts someone who unsubscribed, creator and assignee included', () => {
    const quiet = { ...issue, subscriberIds: ['ben'], unsubscribedIds: ['ana', 'cy'] };
    expect(isSubscribed(quiet, 'ana')).toBe(false);
    expect(isSubscribed(quiet, 'cy')).toBe(false);
    expect(subscribersOf(quiet)).toEqual(['ben']);
  });
});

describe('withSubscription', () => {
  it('unsubscribing lists the person as unsubscribed; subscribing again takes that back', () => {
    const off = withSubscription(issue, 'cy', false);
    expect(off).toEqual({ subscriberIds: ['ana', 'ben'], unsubscribedIds: ['cy'] });
    const quiet = { ...issue, ...off };
    expect(isSubscribed(quiet, 'cy')).toBe(false);
    const on = withSubscription(quiet, 'cy', true);
    // Nobody else unsubscribed: the field is left out, as on issues that never had it.
    expect(on).toEqual({ subscriberIds: ['ana', 'ben', 'cy'] });
    expect(issueDocSchema.safeParse({ ...quiet, ...on }).success).toBe(true);
  });
});

describe('autoSubscribed', () => {
  it('adds those not listed yet, once each, and never someone who unsubscribed', () => {
    const quiet = { ...issue, unsubscribedIds: ['dee'] };
    expect(autoSubscribed(quiet, ['ben', 'cy', 'dee', 'eve', 'cy'])).toEqual(['cy', 'eve']);
    expect(autoSubscribed(quiet, [])).toEqual([]);
  });
});

describe('commentSubscriptions', () => {
  const quiet = { ...issue, unsubscribedIds: ['dee'] };

  it('subscribes a new comment’s author and those it mentions, saying why', () => {
    expect(commentSubscriptions(quiet, 'eve', ['fay', 'eve', 'ben', 'dee'], true)).toEqual([
      { reason: 'commented', userIds: ['eve'] },
      { reason: 'mentioned', userIds: ['fay'] },
    ]);
  });

  it('an edit subscribes only those newly mentioned; a listed author, nobody', () => {
    expect(commentSubscriptions(quiet, 'eve', ['fay'], false)).toEqual([
      { reason: 'mentioned', userIds: ['fay'] },
    ]);
    expect(commentSubscriptions(quiet, 'ben', [], true)).toEqual([]);
    expect(commentSubscriptions(quiet, 'dee', ['dee'], true)).toEqual([]);
  });
});
