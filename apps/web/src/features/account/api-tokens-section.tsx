import { useEffect, useState } from 'react';
import type { ApiTokenSummary } from '@keel/domain';
import { timeAgo } from '../../shared/lib/format-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { FormError } from '../../shared/ui/form-actions.tsx';
import { listTokens, revokeToken } from './api-tokens-client.ts';
import { NewTokenDialog } from './new-token-dialog.tsx';
import './api-tokens.css';

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** How a token reads in the list: its access, when it stops working, when it was last used. */
export function tokenFacts(token: ApiTokenSummary, now: number): string[] {
  const expires = token.expiresAt === null ? null : Date.parse(token.expiresAt);
  return [
    token.scope === 'read' ? 'Read only' : 'Read and write',
    expires === null
      ? 'Never expires'
      : `${expires <= now ? 'Expired' : 'Expires'} ${day.format(expires)}`,
    token.lastUsedAt ? `Last used ${timeAgo(token.lastUsedAt, new Date(now))}` : 'Never used',
  ];
}

/**
 * Account → API tokens: a script acts as its person through one (SPEC §11). Tokens live on the
 * server, so this list asks it each time; offline it says so.
 */
export function ApiTokensSection() {
  const [tokens, setTokens] = useState<ApiTokenSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  // "Expired" and "3 minutes ago" as of the last answer, not of each render.
  const [now, setNow] = useState(0);

  useEffect(() => {
    let live = true;
    void listTokens().then((result) => {
      if (!live) return;
      if (result.ok) {
        setTokens(result.value);
        setNow(Date.now());
        setError(null);
      } else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <section className="account__section" aria-labelledby="account-tokens">
      <h2 id="account-tokens">API tokens</h2>
      <p>
        Scripts and other tools call Keel&apos;s API with a token, as you. Give each its own, and
        revoke one the moment it is not needed. The{' '}
        <a className="text-link api-tokens__reference" href="/api/v1/reference">
          API reference
        </a>{' '}
        lists what they can do.
      </p>
      <FormError>{error}</FormError>
      {tokens === null ? null : tokens.length === 0 ? (
        <p className="api-tokens__empty">No tokens yet.</p>
      ) : (
        <ul className="api-tokens" aria-label="API tokens">
          {tokens.map((token) => {
            const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
            return (
              <li key={token.id} className={expired ? 'api-token api-token--expired' : 'api-token'}>
                <div className="api-token__text">
                  <p className="api-token__name">{token.name}</p>
                  <p className="api-token__facts">{tokenFacts(token, now).join(' · ')}</p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => setRevoking(token)}
                >
                  Revoke
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Button onClick={() => setCreating(true)}>New token</Button>
      <NewTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={reload} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token?"
        confirmLabel="Revoke"
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return null;
          const result = await revokeToken(revoking.id);
          if (!result.ok && result.code !== 'NOT_FOUND') return result.message;
          reload();
          return null;
        }}
      >
        <p>
          Anything using “{revoking?.name}” stops working at once. This can&apos;t be undone; make a
          new token if you need one again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
