/** Where files are kept for reading offline: the service worker answers `/files/…` from it. */
export const FILES_CACHE = 'keel-files';

/** The address a file is fetched from, and named by in Markdown. */
export const fileUrl = (slug: string, attachmentId: string) => `/files/${slug}/${attachmentId}`;
