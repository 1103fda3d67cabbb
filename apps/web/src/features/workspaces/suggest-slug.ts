import { RESERVED_SLUGS } from '@keel/domain';

const MAX = 32;

/**
 * A URL key proposed from a workspace name: "Acme Café" → "acme-cafe". It only proposes; the
 * domain's slug schema still decides whether the result is acceptable.
 */
export function suggestSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // combining accents left behind by NFKD
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/, '');
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return `${slug}-team`;
  return slug;
}
