import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatMention,
  markAllRead,
  newActivityDocument,
  readStateOf,
  type ActivityDoc,
  type CommentDoc,
  type IssueDoc,
} from '@keel/domain';
import { testIssue } from '@keel/domain/test-fixtures';
import {
  deriveNotifications,
  InboxDerivation,
  joinedMsOf,
  type InboxNotification,
  type InboxSources,
} from './derive-notifications.ts';
import { countUnread } from './inbox-rows.ts';
import type { IssueGroup } from './issue-groups.ts';

const ME = 'me';
const ANA = 'ana';
const BEN = 'ben';

let seq = 0;
/** A moment `minute` minutes (fractions allowed) after 10:00 on a fixed day. */
const at = (minute: number) =>
  new Date(Date.UTC(2026, 10, 22, 10) + Math.round(minute * 60_000)).toISOString();

function issue(over: Partial<IssueDoc> = {}): IssueDoc {
  return testIssue({ createdBy: ANA, subscriberIds: [ANA], ...over });
}

function activity(
  over: Partial<ActivityDoc> & Pick<ActivityDoc, 'kind' | 'actorId'>,
  minute = 0,
): ActivityDoc {
  return {
    ...newActivityDocument({
      id: `activity:a${++seq}`,
      issueId: 'issue:i1',
      actorId: over.actorId,
      kind: over.kind,
      from: null,
      to: null,
      now: at(minute),
    }),
    ...over,
  };
}

function comment(authorId: string, body: string, minute = 0, issueId = 'issue:i1'): CommentDoc {
  return {
    _id: `comment:c${++seq}`,
    type: 'comment',
    issueId,
    body,
    authorId,
    editedAt: null,
    createdAt: at(minute),
    updatedAt: at(minute),
  };
}

/** One derivation asked again and again, as the sidebar's count and the inbox page do. */
function memoizeNotifications() {
  const derivation = new InboxDerivation();
  return (sources: InboxSources, userId: string) => derivation.update(sources, userId);
}

function derive(over: Partial<InboxSources>, userId = ME) {
  return deriveNotifications({ issues: [issue()], comments: [], activity: [], ...over }, userId);
}

describe('deriveNotifications: assignment', () => {
  it('Ana assigning me notifies me', () => {
    const a = activity({ kind: 'assignee', actorId: ANA, from: null, to: ME });
    expect(derive({ activity: [a] })).toMatchObject([
      { kind: 'assigned', id: a._id, actorId: ANA, at: a.createdAt },
    ]);
  });

  it('assigning someone else, unassigning me, or assigning myself does not', () => {
    expect(
      derive({
        activity: [
          activity({ kind: 'assignee', actorId: ANA, from: null, to: BEN }),
          activity({ kind: 'assignee', actorId: ANA, from: ME, to: null }),
          activity({ kind: 'assignee', actorId: ME, from: null, to: ME }),
        ],
      }),
    ).toEqual([]);
  });

  it('notifies the assignee even on an issue they do not follow', () => {
    const a = activity({ kind: 'assignee', actorId: ANA, to: ME });
    const unfollowed = issue({ createdBy: ANA, subscriberIds: [] });
    expect(derive({ issues: [unfollowed], activity: [a] })).toHaveLength(1);
  });
});

describe('deriveNotifications: state changes', () => {
  const moved = (actorId: string, minute = 0) =>
    activity({ kind: 'state', actorId, from: 'todo', to: 'done' }, minute);

  it('notify me on issues I created, subscribe to, or am assigned', () => {
    for (const followed of [
      issue({ createdBy: ME, subscriberIds: [] }),
      issue({ subscriberIds: [ANA, ME] }),
      issue({ assigneeId: ME }),
    ]) {
      expect(derive({ issues: [followed], activity: [moved(BEN)] })).toMatchObject([
        { kind: 'state', actorId: BEN },
      ]);
    }
  });

  it('do not notify me on issues I do not follow', () => {
    expect(derive({ issues: [issue()], activity: [moved(BEN)] })).toEqual([]);
  });

  it('never notify me of my own moves', () => {
    expect(derive({ issues: [issue({ createdBy: ME })], activity: [moved(ME)] })).toEqual([]);
  });

  it('follow the issue as it is now: unsubscribing silences earlier changes too', () => {
    const change = moved(BEN);
    expect(derive({ issues: [issue({ subscriberIds: [ME] })], activity: [change] })).toHaveLength(
      1,
    );
    expect(derive({ issues: [issue({ subscriberIds: [] })], activity: [change] })).toEqual([]);
  });

  it('do not notify the creator or assignee once they unsubscribed', () => {
    for (const quiet of [
      issue({ createdBy: ME, subscriberIds: [], unsubscribedIds: [ME] }),
      issue({ assigneeId: ME, subscriberIds: [ME], unsubscribedIds: [ME] }),
    ])
      expect(derive({ issues: [quiet], activity: [moved(BEN)] })).toEqual([]);
  });

  it('ignore every other kind of change, even on my own issues', () => {
    const mine = issue({ createdBy: ME, subscriberIds: [ME] });
    const kinds = [
      'created',
      'priority',
      'labels',
      'title',
      'description',
      'parent',
      'subscribed',
    ] as const;
    const other = kinds.map((kind) => activity({ kind, actorId: BEN, to: ME }));
    expect(derive({ issues: [mine], activity: other })).toEqual([]);
  });
});

describe('deriveNotifications: comments and mentions', () => {
  const mine = issue({ createdBy: ME, subscriberIds: [ME] });

  it('a comment by Ben on an issue I follow notifies me with the comment', () => {
    const c = comment(BEN, 'Looks good');
    expect(derive({ issues: [mine], comments: [c] })).toMatchObject([
      { kind: 'commented', id: c._id, actorId: BEN, comment: c, issue: mine },
    ]);
  });

  it('a comment on an issue I do not follow does not', () => {
    expect(derive({ comments: [comment(BEN, 'Looks good')] })).toEqual([]);
  });

  it('a mention notifies me on any issue, once, as a mention', () => {
    const c = comment(BEN, `Can you check, ${formatMention('Me', ME)}?`);
    expect(derive({ comments: [c] })).toMatchObject([{ kind: 'mentioned', actorId: BEN }]);
    expect(derive({ issues: [mine], comments: [c] })).toMatchObject([{ kind: 'mentioned' }]);
  });

  it('mentioning someone else, or my name as plain text, is not a mention of me', () => {
    const others = [
      comment(BEN, `${formatMention('Ana', ANA)} please look`),
      comment(BEN, '@Me please look (user:me)'),
      comment(BEN, `${formatMention('Meg', 'meg')} — not me`),
    ];
    expect(derive({ comments: others })).toEqual([]);
  });

  it('my own comments never notify me, even when I mention myself', () => {
    const c = comment(ME, `note to ${formatMention('Me', ME)}`);
    expect(derive({ issues: [mine], comments: [c] })).toEqual([]);
  });

  it('the same comment notifies Ben about my mention and not me', () => {
    const c = comment(ANA, `${formatMention('Ben', BEN)} ping`);
    expect(derive({ comments: [c] }, BEN)).toMatchObject([{ kind: 'mentioned', actorId: ANA }]);
    expect(derive({ comments: [c] }, ME)).toEqual([]);
  });

  it('leaves out comments and activity of issues that are gone', () => {
    expect(
      derive({
        issues: [],
        comments: [comment(BEN, `${formatMention('Me', ME)} hi`)],
        activity: [activity({ kind: 'assignee', actorId: ANA, to: ME })],
      }),
    ).toEqual([]);
  });
});

describe('deriveNotifications: nothing from before I joined', () => {
  const mine = issue({ assigneeId: ME, subscriberIds: [ANA, ME] });
  const joined = Date.parse(at(10));
  const before = [
    comment(BEN, 'Old news', 5),
    activity({ kind: 'state', actorId: BEN, from: 'todo', to: 'done' }, 9.99),
  ];
  const after = [
    comment(BEN, 'Fresh news', 10),
    activity({ kind: 'state', actorId: BEN, from: 'done', to: 'todo' }, 11),
  ];
  const sources = (): InboxSources => ({
    issues: [mine],
    comments: [before[0] as CommentDoc, after[0] as CommentDoc],
    activity: [before[1] as ActivityDoc, after[1] as ActivityDoc],
  });

  it('leaves out comments and state changes on issues I follow from before I joined', () => {
    const ids = deriveNotifications(sources(), ME, joined).map((n) => n.id);
    expect(ids).toEqual([after[1]!._id, after[0]!._id]);
    // Not known when I joined (my member document not read yet): nothing is held back.
    expect(deriveNotifications(sources(), ME)).toHaveLength(4);
  });

  it('keeps a mention or an assignment, which can only name a member, whatever its clock said', () => {
    const early = [
      comment(BEN, `${formatMention('Me', ME)} look`, 9),
      activity({ kind: 'assignee', actorId: BEN, to: ME }, 9),
    ];
    const found = deriveNotifications(
      {
        issues: [issue()],
        comments: [early[0] as CommentDoc],
        activity: [early[1] as ActivityDoc],
      },
      ME,
      joined,
    );
    expect(found.map((n) => n.kind).sort()).toEqual(['assigned', 'mentioned']);
  });

  it('takes when I joined from my member document', () => {
    expect(joinedMsOf({ createdAt: at(10) })).toBe(joined);
    expect(joinedMsOf(undefined)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('starts afresh when the join time becomes known', () => {
    const derivation = new InboxDerivation();
    expect(derivation.update(sources(), ME)).toHaveLength(4);
    expect(derivation.update(sources(), ME, joined)).toHaveLength(2);
    expect(derivation.groups()).toHaveLength(1);
  });
});

describe('deriveNotifications: order and unread', () => {
  const mine = issue({ createdBy: ME, subscriberIds: [ME] });
  const oldest = activity({ kind: 'assignee', actorId: ANA, to: ME }, 1);
  const middle = comment(BEN, 'second', 2);
  const newest = activity({ kind: 'state', actorId: BEN, to: 'done' }, 3);
  const all = derive({ issues: [mine], comments: [middle], activity: [newest, oldest] });

  it('is newest first across comments and activity', () => {
    expect(all.map((n) => n.id)).toEqual([newest._id, middle._id, oldest._id]);
  });

  it('orders notifications of the same moment by id, so the list never reshuffles', () => {
    const a = comment(BEN, 'same time', 5);
    const b = comment(ANA, 'same time', 5);
    const once = derive({ issues: [mine], comments: [a, b] }).map((n) => n.id);
    const again = derive({ issues: [mine], comments: [b, a] }).map((n) => n.id);
    expect(once).toEqual(again);
  });

  it('counts as unread what is newer than an old marker; the marker moment itself is read', () => {
    const marker = (upTo: string | null) =>
      readStateOf(upTo ? markAllRead(null, ME, upTo, at(60)) : null);
    expect(countUnread(all, marker(null))).toBe(3);
    expect(countUnread(all, marker(at(0)))).toBe(3);
    expect(countUnread(all, marker(at(1)))).toBe(2);
    expect(countUnread(all, marker(at(2)))).toBe(1);
    expect(countUnread(all, marker(at(3)))).toBe(0);
    expect(countUnread(all, marker(at(59)))).toBe(0);
    expect(countUnread([], marker(null))).toBe(0);
  });

  it('compares moments, not strings: a marker with an offset works', () => {
    const state = readStateOf(markAllRead(null, ME, '2026-11-22T12:02:00+02:00', at(60)));
    expect(countUnread(all, state)).toBe(1);
  });
});

describe('InboxDerivation.update', () => {
  it('answers the same list for the same snapshots, and recomputes when one changes', () => {
    const notifications = memoizeNotifications();
    const mine = issue({ createdBy: ME });
    const sources: InboxSources = {
      issues: [mine],
      comments: [comment(BEN, 'one')],
      activity: [],
    };
    const first = notifications(sources, ME);
    expect(notifications({ ...sources }, ME)).toBe(first);
    const more = notifications(
      { ...sources, comments: [...sources.comments, comment(BEN, 'two')] },
      ME,
    );
    expect(more).not.toBe(first);
    expect(more).toHaveLength(2);
    expect(notifications(sources, BEN)).toEqual([]);
  });
});

describe('InboxDerivation.update after a document it cannot read', () => {
  it('throws, and the next snapshot is derived afresh rather than from a half-applied one', () => {
    const inbox = memoizeNotifications();
    const mine = issue({ createdBy: ME });
    const fine = comment(BEN, 'one');
    const first: InboxSources = { issues: [mine], comments: [fine], activity: [] };
    expect(inbox(first, ME)).toHaveLength(1);
    // Ben edits his comment, and a document the schema would never let into the store arrives
    // with it: a bug elsewhere must not leave the edit half applied here.
    const edited = { ...fine, body: 'one, edited' };
    const broken = { ...comment(BEN, 'two'), body: undefined } as unknown as CommentDoc;
    expect(() => inbox({ ...first, comments: [edited, broken] }, ME)).toThrow();
    const later = { ...first, comments: [edited, comment(BEN, 'three')] };
    expect(inbox(later, ME)).toEqual(deriveNotifications(later, ME));
    expect(inbox(later, ME)).toHaveLength(2);
  });
});

describe('InboxDerivation.update kept up to date change by change', () => {
  const people = [ME, ANA, BEN];
  const issueIds = ['issue:i1', 'issue:i2', 'issue:i3'];
  // One step of a session: an issue edited, added or removed, a comment or activity record
  // added, edited or removed, or the same snapshots again.
  const step = fc.oneof(
    fc.record({
      what: fc.constant('issue' as const),
      id: fc.constantFrom(...issueIds),
      gone: fc.boolean(),
      createdBy: fc.constantFrom(...people),
      assigneeId: fc.option(fc.constantFrom(...people)),
      subscribed: fc.boolean(),
      unsubscribed: fc.boolean(),
    }),
    fc.record({
      what: fc.constant('comment' as const),
      id: fc.constantFrom('comment:k1', 'comment:k2', 'comment:k3', 'comment:k4'),
      gone: fc.boolean(),
      issueId: fc.constantFrom(...issueIds),
      authorId: fc.constantFrom(...people),
      mentions: fc.option(fc.constantFrom(...people)),
      minute: fc.integer({ min: 0, max: 5 }),
    }),
    fc.record({
      what: fc.constant('activity' as const),
      id: fc.constantFrom('activity:k1', 'activity:k2', 'activity:k3', 'activity:k4'),
      gone: fc.boolean(),
      issueId: fc.constantFrom(...issueIds),
      actorId: fc.constantFrom(...people),
      kind: fc.constantFrom('state' as const, 'assignee' as const, 'priority' as const),
      to: fc.constantFrom(...people),
      minute: fc.integer({ min: 0, max: 5 }),
    }),
    fc.record({ what: fc.constant('same' as const) }),
    // Back to an earlier snapshot: React may render an older deferred value after a newer one.
    fc.record({ what: fc.constant('back' as const), steps: fc.nat(10) }),
    // The same derivation asked for someone else, then for me again on the next step.
    fc.record({ what: fc.constant('other' as const), who: fc.constantFrom(...people) }),
    // Part of a first snapshot taken while idle, then whatever comes next: the same snapshot
    // (resumed) or a changed one (started over).
    fc.record({ what: fc.constant('prepare' as const), slices: fc.nat(6) }),
    // Many comments at once, as a sync brings them: more than are placed one by one.
    fc.record({
      what: fc.constant('many' as const),
      issueId: fc.constantFrom(...issueIds),
      authorId: fc.constantFrom(...people),
    }),
  );

  /** The snapshot after one step: the changed document replaced in place, added at the end. */
  function apply<T extends { _id: string }>(list: readonly T[], id: string, doc: T | null): T[] {
    const at = list.findIndex((d) => d._id === id);
    if (!doc) return list.filter((d) => d._id !== id);
    if (at < 0) return [...list, doc];
    return list.map((d, i) => (i === at ? doc : d));
  }

  /** SPEC §2's rules written out plainly, one document at a time: what the inbox must hold. */
  function afresh(sources: InboxSources, userId: string, joinedMs: number) {
    const issues = new Map(sources.issues.map((i) => [i._id, i]));
    const following = (i: IssueDoc, atMs: number) =>
      atMs >= joinedMs &&
      !i.unsubscribedIds?.includes(userId) &&
      (i.createdBy === userId || i.assigneeId === userId || i.subscriberIds.includes(userId));
    const out: { kind: string; id: string; issue: IssueDoc; actorId: string; atMs: number }[] = [];
    for (const a of sources.activity) {
      const i = issues.get(a.issueId);
      if (!i || a.actorId === userId) continue;
      const kind =
        a.kind === 'assignee' && a.to === userId
          ? 'assigned'
          : a.kind === 'state' && following(i, Date.parse(a.createdAt))
            ? 'state'
            : null;
      if (kind)
        out.push({ kind, id: a._id, issue: i, actorId: a.actorId, atMs: Date.parse(a.createdAt) });
    }
    for (const c of sources.comments) {
      const i = issues.get(c.issueId);
      if (!i || c.authorId === userId) continue;
      const kind = c.body.includes(`](user:${userId})`)
        ? 'mentioned'
        : following(i, Date.parse(c.createdAt))
          ? 'commented'
          : null;
      if (kind)
        out.push({ kind, id: c._id, issue: i, actorId: c.authorId, atMs: Date.parse(c.createdAt) });
    }
    return out.sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? -1 : 1));
  }

  const essentials = (list: readonly InboxNotification[]) =>
    list.map(({ kind, id, issue, actorId, atMs }) => ({ kind, id, issue, actorId, atMs }));

  /** The notifications by issue, plainly: the newest issue first, each newest first. */
  function grouped(list: readonly { id: string; issue: IssueDoc }[]) {
    const groups = new Map<string, string[]>();
    for (const n of list) groups.set(n.issue._id, [...(groups.get(n.issue._id) ?? []), n.id]);
    return [...groups].map(([issueId, ids]) => ({ issueId, ids }));
  }
  const groupEssentials = (groups: readonly IssueGroup[]) =>
    groups.map((g) => ({ issueId: g.issueId, ids: g.notifications.map((n) => n.id) }));

  it('always gives what the rules give for the latest snapshots, in any order of steps', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 30 }),
        fc.constantFrom(...people),
        fc.option(fc.integer({ min: 0, max: 5 })),
        (steps, me, joinedMinute) => {
          // When `me` joined (others: known as never); changes the minute documents are kept from.
          const joined =
            joinedMinute === null ? Number.NEGATIVE_INFINITY : Date.parse(at(joinedMinute));
          const joinedOf = (userId: string) => (userId === me ? joined : Number.NEGATIVE_INFINITY);
          // A slice of one document, so a first snapshot taken in slices stops part way.
          const derivation = new InboxDerivation(1);
          const inbox = (sources: InboxSources, userId: string) =>
            derivation.update(sources, userId, joinedOf(userId));
          let now: InboxSources = { issues: [], comments: [], activity: [] };
          const history: InboxSources[] = [];
          let many = 0;
          for (const s of steps) {
            let who = me;
            if (s.what === 'issue') {
              const doc = issue({
                _id: s.id,
                createdBy: s.createdBy,
                assigneeId: s.assigneeId,
                subscriberIds: s.subscribed ? [me] : [],
                ...(s.unsubscribed ? { unsubscribedIds: [me] } : {}),
              });
              now = { ...now, issues: apply(now.issues, s.id, s.gone ? null : doc) };
            } else if (s.what === 'comment') {
              const body = s.mentions ? `Look, ${formatMention('Someone', s.mentions)}` : 'A note';
              const doc = { ...comment(s.authorId, body, s.minute, s.issueId), _id: s.id };
              now = { ...now, comments: apply(now.comments, s.id, s.gone ? null : doc) };
            } else if (s.what === 'activity') {
              const { issueId, actorId, kind, to } = s;
              const doc = { ...activity({ issueId, actorId, kind, to }, s.minute), _id: s.id };
              now = { ...now, activity: apply(now.activity, s.id, s.gone ? null : doc) };
            } else if (s.what === 'back') {
              now = history[Math.max(0, history.length - 1 - s.steps)] ?? now;
            } else if (s.what === 'other') {
              who = s.who;
            } else if (s.what === 'many') {
              const arrived = Array.from({ length: 70 }, (_, n) => ({
                ...comment(s.authorId, 'Synced at once', n / 10, s.issueId),
                _id: `comment:m${++many}`,
              }));
              now = { ...now, comments: [...now.comments, ...arrived] };
            } else if (s.what === 'prepare') {
              let left = s.slices;
              const done = derivation.prepare(now, who, () => left-- <= 0, joinedOf(who));
              // Taken whole, it is the rules' list (an update now would only read it).
              if (done)
                expect(essentials(inbox(now, who))).toEqual(afresh(now, who, joinedOf(who)));
              history.push(now);
              continue;
            } else now = { ...now };
            history.push(now);
            const derived = inbox(now, who);
            const expected = afresh(now, who, joinedOf(who));
            expect(essentials(derived)).toEqual(expected);
            expect(derived).toEqual(deriveNotifications(now, who, joinedOf(who)));
            // One row per issue, kept up to date the same way.
            expect(groupEssentials(derivation.groups())).toEqual(grouped(expected));
          }
        },
      ),
    );
  });
});

describe('InboxDerivation.prepare: the first snapshot in slices', () => {
  const sources = (): InboxSources => {
    const issues = Array.from({ length: 40 }, (_, i) =>
      issue({ _id: `issue:s${i}`, createdBy: i % 2 ? ME : ANA }),
    );
    const comments = issues.map((i, n) => ({
      ...comment(BEN, 'A note', n, i._id),
      _id: `comment:s${n}`,
    }));
    const records = issues.map((i, n) => ({
      ...activity({ issueId: i._id, actorId: ANA, kind: 'state' }, n),
      _id: `activity:s${n}`,
    }));
    return { issues, comments, activity: records };
  };

  it('stops whenever told to, resumes where it stopped, and ends with the whole inbox', () => {
    const now = sources();
    const derivation = new InboxDerivation(7);
    let calls = 0;
    // Told to stop after every slice: 120 documents in slices of 7 take 18 calls.
    while (!derivation.prepare(now, ME, () => true)) calls++;
    expect(calls).toBe(17);
    expect(derivation.update(now, ME)).toEqual(deriveNotifications(now, ME));
    expect(derivation.update(now, ME)).toHaveLength(40);
  });

  it('starts over on snapshots that changed between slices, and the render finishes what is left', () => {
    const first = sources();
    const derivation = new InboxDerivation(5);
    // Twenty slices: the 40 issues, the 40 state changes and the first 20 comments.
    let slices = 20;
    expect(derivation.prepare(first, ME, () => --slices === 0)).toBe(false);
    // Ten comments already taken are gone from the next snapshot, five of them mine to see.
    const changed = { ...first, comments: first.comments.slice(10) };
    expect(derivation.prepare(changed, ME, () => true)).toBe(false);
    // Asked before the slices are done: taken at once, from the latest snapshot only.
    expect(derivation.update(changed, ME)).toEqual(deriveNotifications(changed, ME));
    // Twenty state changes, and the comments left on the twenty issues I created.
    expect(derivation.update(changed, ME)).toHaveLength(35);
  });

  it('an empty snapshot (nothing read yet) in between takes nothing away: the next one is not taken again', () => {
    const now = sources();
    const derivation = new InboxDerivation(5);
    const first = derivation.update(now, ME);
    expect(derivation.update({ issues: [], comments: [], activity: [] }, ME)).toEqual([]);
    expect(derivation.prepare({ issues: [], comments: [], activity: [] }, ME, () => true)).toBe(
      true,
    );
    // The very same list: nothing was forgotten and rebuilt.
    expect(derivation.update(now, ME)).toBe(first);
  });

  it('has nothing to do once a snapshot is taken: changes are followed one by one', () => {
    const now = sources();
    const derivation = new InboxDerivation(5);
    derivation.update(now, ME);
    expect(derivation.prepare({ ...now, issues: now.issues.slice(1) }, ME, () => true)).toBe(true);
  });
});

describe('deriveNotifications at workspace scale', () => {
  it('10,000 issues, 30,000 comments, 18,000 activity records (prints its timings)', () => {
    const people = ['ana', 'ben', 'cy', 'dee', ME];
    const issues = Array.from({ length: 10_000 }, (_, i) =>
      issue({
        _id: `issue:i${i}`,
        number: i + 1,
        createdBy: people[i % 5]!,
        subscriberIds: [people[i % 5]!, people[(i + 2) % 5]!],
        assigneeId: people[(i + 3) % 5]!,
      }),
    );
    const comments = Array.from({ length: 30_000 }, (_, i) =>
      comment(
        people[i % 4]!,
        i % 50 === 0
          ? `Thoughts, ${formatMention('Me', ME)}? ${'Some longer text. '.repeat(10)}`
          : `A comment of ordinary length that talks about the work. ${'More words. '.repeat(8)}`,
        // Spread over 50 minutes like real documents, not in lockstep.
        i / 600,
        `issue:i${i % 10_000}`,
      ),
    );
    const history = Array.from({ length: 18_000 }, (_, i) =>
      record(i, people[i % 4]!, `issue:i${i % 10_000}`),
    );
    function record(i: number, actorId: string, issueId: string): ActivityDoc {
      return activity(
        i % 3 === 0
          ? { kind: 'assignee', actorId, issueId, to: people[i % 5]! }
          : i % 3 === 1
            ? { kind: 'state', actorId, issueId, to: 'done' }
            : { kind: 'priority', actorId, issueId, to: 2 },
        i / 360 + 0.0001,
      );
    }

    const derivation = new InboxDerivation();
    const inbox = (sources: InboxSources, userId: string) => derivation.update(sources, userId);
    const t0 = performance.now();
    const first = inbox({ issues, comments, activity: history }, ME);
    const t1 = performance.now();
    // A new comment arrives: a new comments snapshot, every other document already seen.
    const arrived = [...comments, comment('ana', 'one more', 59, 'issue:i4')];
    const second = inbox({ issues, comments: arrived, activity: history }, ME);
    const t2 = performance.now();
    const unread = countUnread(second, readStateOf(markAllRead(null, ME, at(30), at(60))));
    const t3 = performance.now();
    // Ana moves issues I follow, one change after another, as in a long session: each is a new
    // issues snapshot with one issue replaced and a new activity record.
    let now = { issues, comments: arrived, activity: history };
    const changes: number[] = [];
    for (let round = 0; round < 20; round++) {
      const at = 4 + 5 * round;
      const moved = { ...issues[at]!, stateId: `state:s${round}` };
      now = {
        issues: now.issues.map((i, n) => (n === at ? moved : i)),
        comments: now.comments,
        activity: [...now.activity, record(18_000 + 3 * round + 1, 'ana', moved._id)],
      };
      const started = performance.now();
      inbox(now, ME);
      changes.push(performance.now() - started);
    }
    const fresh = deriveNotifications(now, ME);
    console.info(
      `inbox derivation: first ${(t1 - t0).toFixed(1)} ms, after one new comment ${(t2 - t1).toFixed(1)} ms, ` +
        `unread count ${(t3 - t2).toFixed(2)} ms, state changes ${changes.map((t) => t.toFixed(1)).join('/')} ms; ` +
        `${second.length} notifications, ${unread} unread`,
    );
    expect(second.length).toBe(first.length + 1);
    expect(second.every((n) => n.actorId !== ME)).toBe(true);
    // Kept up to date change by change, it is what deriving it afresh gives, rows included.
    expect(inbox(now, ME)).toEqual(fresh);
    const afresh = new InboxDerivation();
    afresh.update(now, ME);
    const rows = (d: InboxDerivation) =>
      d.groups().map((g) => [g.issueId, g.notifications.map((n) => n.id)]);
    expect(rows(derivation)).toEqual(rows(afresh));
    expect(fresh.length).toBe(second.length + 20);
    expect(first.filter((n) => n.kind === 'mentioned')).toHaveLength(600);
  });
});
