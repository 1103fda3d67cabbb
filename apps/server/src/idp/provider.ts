import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppStore } from '../db/app-store.ts';
import type { Secrets } from '../db/secrets.ts';
import { couchAdapterFactory } from './adapter.ts';
import { findAccountBySub } from './accounts.ts';
import { errorPage, signedOutPage, signOutPage } from './pages.ts';

export const EMBEDDED_CLIENT_ID = 'keel';

/**
 * The embedded OpenID provider used when no hosted one is configured. It is a real provider
 * (oidc-provider), reached by Keel's server over HTTP exactly like Auth0 or Keycloak would be.
 */
export function createEmbeddedProvider(options: {
  issuer: string;
  publicUrl: string;
  store: AppStore;
  secrets: Secrets;
  secureCookies: boolean;
  trustProxy: boolean;
}): Provider {
  const { store, secrets } = options;
  const configuration: Configuration = {
    adapter: couchAdapterFactory(store),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: secrets.idpClientSecret,
        redirect_uris: [`${options.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${options.publicUrl}/signin`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: secrets.idpJwks as Configuration['jwks'],
    cookies: {
      keys: secrets.idpCookieKeys,
      long: { signed: true, secure: options.secureCookies, sameSite: 'lax' },
      short: { signed: true, secure: options.secureCookies, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = await findAccountBySub(store, sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: false, name: account.name }),
      };
    },
    // Keel is the provider's only, first-party client: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      Session: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error));
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // Behind a TLS-terminating proxy the provider must read X-Forwarded-* to build its URLs;
  // without one, those headers are the client's to forge and are ignored.
  provider.proxy = options.trustProxy;
  return provider;
}
