import { randomBytes } from 'node:crypto';

/** 96 random bits, URL-safe: ids no one can guess, and claims no two writers share. */
export const randomId = () => randomBytes(12).toString('base64url');
