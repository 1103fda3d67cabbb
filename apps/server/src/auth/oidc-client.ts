import * as client from 'openid-client';
import { AppError } from '../app-error.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What users are keyed by instead of the ID token's `iss` (see EMBEDDED_IDENTITY_ISSUER). */
  identityIssuer?: string;
}

function isLoopback(url: URL) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The relying party. Discovery happens lazily on the first sign-in and is retried on the next
 * one after a failure, because the provider (embedded or hosted) may not be up when Keel boots.
 */
export class OidcRelyingParty {
  #config: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  configuration(): Promise<client.Configuration> {
    this.#config ??= this.#discover().catch((cause: unknown) => {
      this.#config = null;
      throw new AppError('IDP_UNAVAILABLE', { detail: 'OpenID discovery failed', cause });
    });
    return this.#config;
  }

  #discover() {
    const issuer = new URL(this.settings.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
    return client.discovery(
      issuer,
      this.settings.clientId,
      this.settings.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
  }

  async authorizationUrl(redirectUri: string) {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, verifier, state, nonce };
  }

  /** Exchange the code, check state, nonce and PKCE, and read the profile from userinfo. */
  async complete(currentUrl: URL, expected: { verifier: string; state: string; nonce: string }) {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: expected.verifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('No ID token');
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return {
      issuer: this.settings.identityIssuer ?? String(claims.iss),
      subject: claims.sub,
      email: String(info.email ?? ''),
      name: String(info.name ?? info.preferred_username ?? info.email ?? ''),
      avatarUrl: typeof info.picture === 'string' ? info.picture : null,
      idToken: tokens.id_token,
    };
  }

  async endSessionUrl(postLogoutRedirectUri: string): Promise<string | null> {
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri })
        .href;
    } catch {
      return null;
    }
  }
}
