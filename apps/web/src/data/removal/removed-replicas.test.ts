import { describe, expect, it } from 'vitest';
import { testIssue, testProject } from '@keel/domain/test-fixtures';
import { replicaName } from '../replica-name.ts';
import { removalMessage, removedReplicas, unsyncedEntries } from './removed-replicas.ts';

describe('removedReplicas', () => {
  const known = [
    replicaName('u1', 'acme'),
    replicaName('u1', 'beta'),
    replicaName('u2', 'acme'),
    replicaName('u10', 'gamma'),
    'other',
  ];

  it('lists this person’s replicas of workspaces the server no longer lists', () => {
    expect(removedReplicas(known, 'u1', new Set(['beta']))).toEqual([
      { name: replicaName('u1', 'acme'), slug: 'acme' },
    ]);
  });

  it('never touches another person’s replicas on a shared device, or unknown names', () => {
    expect(removedReplicas(known, 'u2', new Set())).toEqual([
      { name: replicaName('u2', 'acme'), slug: 'acme' },
    ]);
    expect(removedReplicas(known, 'u1', new Set(['acme', 'beta']))).toEqual([]);
    expect(removedReplicas(known, 'u3', new Set())).toEqual([]);
  });

  it('does not mistake u10’s replicas for u1’s', () => {
    expect(removedReplicas([replicaName('u10', 'gamma')], 'u1', new Set())).toEqual([]);
  });
});

describe('removalMessage', () => {
  it('says why the copy is gone, and where unsynced changes went', () => {
    expect(removalMessage('Acme', 0)).toBe(
      'You no longer have access to Acme. Its offline copy was removed from this device.',
    );
    expect(removalMessage('Acme', 1)).toBe(
      'You no longer have access to Acme. Its offline copy was removed from this device. 1 change that had not synced is kept under Rejected changes on your account page.',
    );
    expect(removalMessage('Acme', 3)).toContain('3 changes that had not synced are kept');
  });
});

describe('unsyncedEntries', () => {
  const project = { ...testProject(), _rev: '1-aa' };
  const params = { slug: 'acme', workspaceName: 'Acme', at: '2026-05-01T00:00:00.000Z' };

  it('keeps each typed change with its key, reason and text; skips activity', () => {
    const issue = {
      ...testIssue({ number: 4, title: 'Draft', description: 'Notes' }),
      _rev: '1-b',
    };
    const activity = {
      _id: 'activity:a1',
      type: 'activity',
      issueId: issue._id,
      actorId: 'u1',
      kind: 'created',
      from: null,
      to: null,
      createdAt: params.at,
      updatedAt: params.at,
    };
    const comment = {
      _id: 'comment:c1',
      type: 'comment',
      issueId: issue._id,
      body: 'Typed offline',
      authorId: 'u1',
      editedAt: null,
      createdAt: params.at,
      updatedAt: params.at,
      _rev: '1-c',
    };
    expect(unsyncedEntries([issue, activity, comment], [project], params)).toEqual([
      {
        slug: 'acme',
        docId: issue._id,
        docType: 'issue',
        subject: 'ENG-4',
        reason: 'You no longer have access to Acme',
        text: 'Title: Draft\nDescription:\nNotes',
        at: params.at,
      },
      {
        slug: 'acme',
        docId: 'comment:c1',
        docType: 'comment',
        subject: 'ENG-4',
        reason: 'You no longer have access to Acme',
        text: 'Typed offline',
        at: params.at,
      },
    ]);
  });

  it('keeps what it cannot parse as raw text rather than dropping it', () => {
    const [entry] = unsyncedEntries([{ _id: 'issue:x', type: 'issue', title: 'half' }], [], params);
    expect(entry?.text).toContain('"half"');
    expect(entry?.subject).toBe('a document');
  });
});
