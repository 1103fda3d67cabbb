import type { WorkspaceDoc } from '../documents.ts';
import type { SentDoc } from './types.ts';

/** A field of a document as sent, if it is a string. */
export const sentString = (doc: SentDoc, field: string): string | undefined =>
  typeof doc[field] === 'string' ? doc[field] : undefined;

/** A field of a document as sent, its string entries if it is a list. */
export const sentStrings = (doc: SentDoc, field: string): string[] => {
  const value = doc[field];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/** The stored issue a sent issue changes, if that is what it is. */
export const storedIssue = (doc: SentDoc, existing: WorkspaceDoc | undefined) =>
  doc.type === 'issue' && existing?.type === 'issue' ? existing : undefined;
