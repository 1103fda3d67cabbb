import { identityDocId, userIdOf, type AppStore, type UserDoc } from '../db/app-store.ts';
import type { CouchDoc } from '../db/couch-client.ts';

/**
 * The issuer Keel keys the embedded provider's users by. The provider's real issuer is Keel's
 * own address (`$PUBLIC_URL/idp`, as OpenID Connect requires), which changes with PORT or a new
 * domain; keying users by it locked every account out of its workspaces after a move. The
 * provider's subjects are random and its own, so this fixed name with the subject is unique.
 */
export const EMBEDDED_IDENTITY_ISSUER = 'keel:embedded-idp';

/**
 * Users that an earlier Keel keyed by an address-based issuer (`http://localhost:8080/idp`) get a
 * key under EMBEDDED_IDENTITY_ISSUER too, pointing at the same user, so an upgraded team signs
 * in to the workspaces it had. Runs at every boot (one read of the users; an instance of an
 * older Keel may still be writing old keys beside this one) and changes nothing the second time;
 * the old keys stay, unused.
 */
export async function adoptAddressKeyedUsers(store: AppStore): Promise<number> {
  const users = await store.withPrefix<UserDoc>('user:');
  // A subject seen under two addresses (Keel moved before this fix, and the person signed in
  // again as a new, empty user) goes to the user made first: the one with the team's work.
  const bySubject = new Map<string, UserDoc>();
  for (const user of users) {
    if (user.issuer === EMBEDDED_IDENTITY_ISSUER || !/\/idp$/.test(user.issuer)) continue;
    const earlier = bySubject.get(user.subject);
    if (!earlier || user.createdAt < earlier.createdAt) bySubject.set(user.subject, user);
  }
  let adopted = 0;
  for (const [subject, user] of bySubject) {
    // Only the embedded provider's own accounts: a hosted provider at some `/idp` path is not it.
    if (!(await store.get<CouchDoc>(`account-sub:${subject}`))) continue;
    const created = await store.create({
      _id: identityDocId(EMBEDDED_IDENTITY_ISSUER, subject),
      type: 'identity',
      userId: userIdOf(user),
    });
    if (created) adopted++;
  }
  return adopted;
}
