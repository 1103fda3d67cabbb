import { newAttachmentId } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import {
  issueDoc,
  startWithOwnerWorkspace,
  type WorkspaceFixture,
} from '../../testing/workspace-fixture.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { FileSweeper } from '../../files/file-sweep.ts';
import { putFileBytes } from '../../files/file-store.ts';

/**
 * SPEC §11's attachments against the real server and embedded database: uploaded with the
 * session, checked by content, kept beside the workspace's database, served so that they never
 * run, and only to members.
 */
let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let dbName: string;
let issueId: string;
let viewer: BrowserSession;
let member: BrowserSession;
let memberId: string;

// The smallest PNG there is: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);

async function join(role: 'member' | 'viewer'): Promise<{ session: BrowserSession; id: string }> {
  const session = new BrowserSession(server.url);
  await signUp(session, newAccount(role));
  const invite = await owner.request(`/api/workspaces/${ws.slug}/invitations`, {
    method: 'POST',
    json: { role },
  });
  const { token } = (await invite.json()) as { token: string };
  await session.request(`/api/invitations/${token}/accept`, { method: 'POST' });
  const me = (await (await session.request('/api/me')).json()) as { user: { id: string } };
  return { session, id: me.user.id };
}

beforeAll(async () => {
  ({ server, owner, ws, dbName } = await startWithOwnerWorkspace('files'));
  const issue = issueDoc(ws);
  issueId = issue._id;
  const put = await owner.request(`/db/${ws.slug}/_bulk_docs`, {
    method: 'POST',
    json: { docs: [issue] },
  });
  expect(put.status).toBe(201);
  ({ session: viewer } = await join('viewer'));
  ({ session: member, id: memberId } = await join('member'));
});
afterAll(async () => {
  await server?.close();
});

const upload = (
  as: BrowserSession,
  bytes: Buffer,
  o: {
    id?: string;
    name?: string;
    type?: string;
    issue?: string;
    headers?: Record<string, string>;
  } = {},
) => {
  const id = o.id ?? newAttachmentId(memberId);
  const query = new URLSearchParams({ issueId: o.issue ?? issueId, name: o.name ?? 'pixel.png' });
  return as.request(`/files/${ws.slug}/${id}?${query}`, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': o.type ?? 'image/png', ...o.headers },
  });
};
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('PUT and GET /files/:ws/:attachmentId', () => {
  it('keeps a picture, describes it in the workspace, and serves it to show but never to run', async () => {
    const id = newAttachmentId(memberId);
    const res = await upload(member, PNG, { id, name: 'Screen shot “1”.png' });
    expect(res.status).toBe(201);
    const described = await res.json();
    expect(described).toMatchObject({
      id,
      name: 'Screen shot “1”.png',
      size: PNG.length,
      contentType: 'image/png',
      issueId,
    });
    // Members' devices get the description like any document; never the bytes.
    const doc = await server.couch.getDoc<{ _id: string }>(dbName, id);
    expect(doc).toMatchObject({ type: 'attachment', createdBy: memberId, size: PNG.length });

    const got = await viewer.request(`/files/${ws.slug}/${id}`);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe(
      `inline; filename="Screen shot _1_.png"; filename*=UTF-8''Screen%20shot%20%E2%80%9C1%E2%80%9D.png`,
    );
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = got.headers.get('etag')!;
    const again = await viewer.request(`/files/${ws.slug}/${id}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    // Sent again (an answer lost on the way): the same; other bytes under its id: refused.
    expect((await upload(member, PNG, { id })).status).toBe(201);
    const other = await upload(member, Buffer.from('hello'), { id, type: 'text/plain' });
    expect(other.status).toBe(422);
  });

  it('serves text of any kind as plain text to download, HTML and SVG included', async () => {
    const id = newAttachmentId(memberId);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const res = await upload(member, html, { id, name: 'page.html', type: 'text/html' });
    expect(res.status).toBe(201);
    const got = await member.request(`/files/${ws.slug}/${id}`);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /);
    const svg = await upload(member, Buffer.from('<svg onload="alert(1)"/>'), {
      name: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(await svg.json()).toMatchObject({ contentType: 'text/plain; charset=utf-8' });
  });

  it('refuses disguised files, programs, empty and oversized ones', async () => {
    const disguised = await upload(member, Buffer.from('<html>hi</html>'), { name: 'cat.png' });
    expect(disguised.status).toBe(415);
    expect(await codeOf(disguised)).toBe('UNSUPPORTED_MEDIA');
    const program = await upload(member, ELF, { name: 'tool', type: 'application/octet-stream' });
    expect(program.status).toBe(415);
    const empty = await upload(member, Buffer.alloc(0));
    expect(empty.status).toBe(422);
    const huge = await upload(member, Buffer.alloc(25 * 1024 * 1024 + 1, 1), {
      type: 'application/octet-stream',
    });
    expect(huge.status).toBe(413);
    expect(await codeOf(huge)).toBe('PAYLOAD_TOO_LARGE');
    const noName = await upload(member, PNG, { name: '' });
    expect(await codeOf(noName)).toBe('VALIDATION_FAILED');
    const noIssue = await upload(member, PNG, { issue: 'project:nope' });
    expect(await codeOf(noIssue)).toBe('VALIDATION_FAILED');
    // An id names its uploader: one seen in someone else's text cannot be taken first.
    const taken = await upload(member, PNG, { id: newAttachmentId(ws.userId) });
    expect(((await taken.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'A file’s id starts with its uploader’s',
    );
    const badId = await member.request(`/files/${ws.slug}/issue:abc?issueId=${issueId}&name=a`, {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(badId.status).toBe(404);
  });

  it('lets viewers read but not upload; strangers, removed members and other sites get nothing', async () => {
    const forbidden = await upload(viewer, PNG);
    expect(forbidden.status).toBe(403);
    const id = newAttachmentId(memberId);
    expect((await upload(member, PNG, { id })).status).toBe(201);

    const stranger = new BrowserSession(server.url);
    await signUp(stranger, newAccount('stranger'));
    expect((await stranger.request(`/files/${ws.slug}/${id}`)).status).toBe(404);
    expect((await upload(stranger, PNG)).status).toBe(404);
    expect((await new BrowserSession(server.url).request(`/files/${ws.slug}/${id}`)).status).toBe(
      401,
    );
    const crossSite = await upload(member, PNG, { headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);

    const { session: leaving, id: leavingId } = await join('member');
    expect((await leaving.request(`/files/${ws.slug}/${id}`)).status).toBe(200);
    const removed = await owner.request(`/api/workspaces/${ws.slug}/members/${leavingId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect((await leaving.request(`/files/${ws.slug}/${id}`)).status).toBe(404);

    // Removed while a slow upload comes in: asked again once the bytes are in, and not kept.
    const { session: slow, id: slowId } = await join('member');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(PNG.subarray(0, 10)));
        await gate;
        controller.enqueue(new Uint8Array(PNG.subarray(10)));
        controller.close();
      },
    });
    const slowId2 = newAttachmentId(slowId);
    const pending = slow.request(`/files/${ws.slug}/${slowId2}?issueId=${issueId}&name=slow.png`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/png' },
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const gone = await owner.request(`/api/workspaces/${ws.slug}/members/${slowId}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(204);
    release();
    expect((await pending).status).toBe(404);
    expect(await server.couch.getDoc(dbName, slowId2)).toBeNull();
  });

  it('a device may not write a file’s description, but its uploader may delete it: then it is gone', async () => {
    const forged = {
      _id: newAttachmentId(memberId),
      type: 'attachment',
      name: 'x.png',
      size: 10,
      contentType: 'image/png',
      sha256: 'a'.repeat(64),
      issueId,
      createdBy: memberId,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    const res = await member.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [forged] },
    });
    expect(((await res.json()) as { error?: string }[])[0]?.error).toBe('forbidden');

    const id = newAttachmentId(memberId);
    expect((await upload(member, PNG, { id })).status).toBe(201);
    const held = (await server.couch.getDoc<{ _id: string; _rev: string }>(dbName, id))!;
    const byViewer = await viewer.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [{ _id: id, _rev: held._rev, _deleted: true }] },
    });
    expect(((await byViewer.json()) as { error?: string }[])[0]?.error).toBe('forbidden');
    const deleted = await member.request(`/db/${ws.slug}/_bulk_docs`, {
      method: 'POST',
      json: { docs: [{ _id: id, _rev: held._rev, _deleted: true }] },
    });
    expect(((await deleted.json()) as { ok?: boolean }[])[0]?.ok).toBe(true);
    expect((await member.request(`/files/${ws.slug}/${id}`)).status).toBe(404);

    // Its bytes go at the next sweep; a file still described keeps its own.
    const kept = newAttachmentId(memberId);
    expect((await upload(member, PNG, { id: kept })).status).toBe(201);
    const workspace = (await server.store.workspaceBySlug(ws.slug))!;
    const filesDb = `${dbName}_files`;
    const bytesOf = (attachmentId: string) =>
      server.couch.getDoc(filesDb, `file:${attachmentId.slice('attachment:'.length)}`);
    // Bytes with no description at all (an upload cut off between its two writes).
    const orphan = newAttachmentId(memberId);
    await putFileBytes(server.couch, filesDb, orphan, Buffer.from('cut off'), 'text/plain');
    expect(await bytesOf(id)).not.toBeNull();
    const sweeper = new FileSweeper(server.couch);
    expect(await sweeper.sweep([workspace])).toBe(1);
    expect(await bytesOf(id)).toBeNull();
    expect(await bytesOf(kept)).not.toBeNull();
    // Seen once without a description: kept, in case it is an upload under way; then dropped.
    expect(await bytesOf(orphan)).not.toBeNull();
    expect(await sweeper.sweep([workspace])).toBe(1);
    expect(await bytesOf(orphan)).toBeNull();
    expect(await sweeper.sweep([workspace])).toBe(0);
    expect(await bytesOf(kept)).not.toBeNull();
  });
});

describe('uploads under way', () => {
  it('takes four of one person’s at once on an instance; a fifth is asked to come again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = () =>
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(PNG.subarray(0, 10)));
          await gate;
          controller.enqueue(new Uint8Array(PNG.subarray(10)));
          controller.close();
        },
      });
    const send = (body: ReadableStream<Uint8Array> | Buffer) =>
      member.request(
        `/files/${ws.slug}/${newAttachmentId(memberId)}?issueId=${issueId}&name=p.png`,
        {
          method: 'PUT',
          body,
          headers: { 'content-type': 'image/png' },
          duplex: 'half',
        } as RequestInit,
      );
    const four = Array.from({ length: 4 }, () => send(held()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const fifth = await send(PNG);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('5');
    release();
    expect((await Promise.all(four)).map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // Once they are done, the next is taken.
    expect((await send(PNG)).status).toBe(201);
  });
});

describe('a workspace’s room for files', () => {
  it('goes with the workspace: deleting it drops its files', async () => {
    const gone = await startWithOwnerWorkspace('gone', {});
    try {
      const issue = issueDoc(gone.ws);
      await gone.owner.request(`/db/${gone.ws.slug}/_bulk_docs`, {
        method: 'POST',
        json: { docs: [issue] },
      });
      const put = await gone.owner.request(
        `/files/${gone.ws.slug}/${newAttachmentId(gone.ws.userId)}?issueId=${issue._id}&name=a.txt`,
        { method: 'PUT', body: 'kept', headers: { 'content-type': 'text/plain' } },
      );
      expect(put.status).toBe(201);
      const filesDb = `/${encodeURIComponent(`${gone.dbName}_files`)}`;
      expect((await gone.server.couch.request('GET', filesDb)).status).toBe(200);
      const deleted = await gone.owner.request(`/api/workspaces/${gone.ws.slug}`, {
        method: 'DELETE',
        json: { confirmSlug: gone.ws.slug },
      });
      expect(deleted.status).toBe(204);
      expect((await gone.server.couch.request('GET', filesDb)).status).toBe(404);
    } finally {
      await gone.server.close();
    }
  });

  it('refuses a file past the configured quota: QUOTA_EXCEEDED', async () => {
    const small = await startWithOwnerWorkspace('quota', { env: { KEEL_FILES_QUOTA_MB: '1' } });
    try {
      const issue = issueDoc(small.ws);
      await small.owner.request(`/db/${small.ws.slug}/_bulk_docs`, {
        method: 'POST',
        json: { docs: [issue] },
      });
      const half = Buffer.alloc(600 * 1024, 7);
      const put = () =>
        small.owner.request(
          `/files/${small.ws.slug}/${newAttachmentId(small.ws.userId)}?issueId=${issue._id}&name=blob.bin`,
          { method: 'PUT', body: half, headers: { 'content-type': 'application/octet-stream' } },
        );
      expect((await put()).status).toBe(201);
      const over = await put();
      expect(over.status).toBe(507);
      expect(await codeOf(over)).toBe('QUOTA_EXCEEDED');
    } finally {
      await small.server.close();
    }
  });
});
