import path from 'node:path';

/**
 * The repository's root folder. This file sits in apps/server/src; bundled into
 * apps/server/dist/server.js (`npm start`, production) it sits just as deep, so one relative
 * path finds the root both ways. Files found from here must be there in production too.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
