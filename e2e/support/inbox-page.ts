import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Page model of `/:ws/inbox`. One row per issue: a link named "[Unread, ]KEY Title, Who did
 * what[, N new], when" (its newest notification), so a test can find a row by any part of that
 * sentence, and beside it a button "Archive KEY Title" ("Unarchive …" in the Archived view).
 */
export class InboxPageModel {
  constructor(
    readonly page: Page,
    readonly slug: string,
  ) {}

  async open() {
    await this.page.goto(`/${this.slug}/inbox`);
    await expect(this.page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  }

  /** The sidebar's Inbox link; its name carries the unread count ("Inbox, 3 unread"). */
  sidebarLink(): Locator {
    return this.page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: /^Inbox/ });
  }

  async expectUnread(count: number) {
    await expect(this.sidebarLink()).toHaveAccessibleName(
      count ? `Inbox, ${count} unread` : 'Inbox',
    );
    if (count) await expect(this.page.getByText(`${count} unread`, { exact: true })).toBeVisible();
  }

  list(): Locator {
    return this.page.getByRole('list', { name: 'Notifications' });
  }

  rows(): Locator {
    return this.list().getByRole('link');
  }

  /** A notification by what it says, e.g. row('ENG-1', 'Ana Lima assigned you'). */
  row(...parts: string[]): Locator {
    const escaped = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return this.list().getByRole('link', { name: new RegExp(escaped.join('.*')) });
  }

  unreadRows(): Locator {
    return this.list().getByRole('link', { name: /^Unread, / });
  }

  emptyState(): Locator {
    return this.page.getByRole('heading', { name: 'Nothing in your inbox yet' });
  }

  /** The Archive (or Unarchive) button of the row for `issue` ("ENG-1 Title"). */
  archiveButton(issue: string, action: 'Archive' | 'Unarchive' = 'Archive'): Locator {
    return this.list().getByRole('button', { name: `${action} ${issue}` });
  }

  /** The header's toggle between the inbox and its Archived view. */
  archivedToggle(): Locator {
    return this.page.getByRole('button', { name: 'Archived', exact: true });
  }

  markAllReadButton(): Locator {
    return this.page.getByRole('button', { name: 'Mark all as read' });
  }

  async markAllRead() {
    await this.markAllReadButton().click();
    await expect(this.page.getByText('All read', { exact: true })).toBeVisible();
  }

  /** The signed-in member's read marker as the server holds it, read through the /db proxy. */
  async serverReadMarker(): Promise<{
    lastReadAt: string;
    read?: Record<string, string>;
    archived?: Record<string, string>;
  } | null> {
    const me = (await (await this.page.request.get('/api/me')).json()) as { user: { id: string } };
    const res = await this.page.request.get(
      `/db/${this.slug}/${encodeURIComponent(`readMarker:${me.user.id}`)}`,
    );
    return res.status() === 200
      ? ((await res.json()) as {
          lastReadAt: string;
          read?: Record<string, string>;
          archived?: Record<string, string>;
        })
      : null;
  }
}
