import * as oidc from 'openid-client';

/**
 * OpenID Connect relying party (authorization code + PKCE, state and nonce) over openid-client v6. Works with
 * Microsoft Entra ID (single-tenant issuer `https://login.microsoftonline.com/<tenant>/v2.0`) and any provider
 * with discovery. The ID token is checked for issuer, audience, nonce, expiry and its JWS signature.
 */

/** Read and validated by server/config.ts (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /**
   * Role synchronisation from the corporate directory (OIDC_ROLES_CLAIM, OIDC_ROLE_MAP): the ID token claim whose
   * values (groups or app roles) decide the user's roles, and per value the role to hold in each project
   * (`{"bot-editors": {"1": "Editor"}}`). Null: roles are managed in the console.
   */
  roleSync?: { claim: string; map: Record<string, Record<string, string>> } | null;
}

/** Test seam: the SSO test swaps the HTTP client to tamper with token responses (forged ID tokens). */
export const oidcTestHooks: { fetch?: oidc.CustomFetch } = {};

/** What a verified ID token says about the person. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider vouches for the address (email_verified, or Entra's xms_edov). */
  emailVerified: boolean;
  /** The values of the role-synchronisation claim; null when synchronisation is off. */
  directoryRoles: string[] | null;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A claim holding one value or a list of them (Entra's `roles`, `groups`); anything else holds none. */
const claimValues = (claim: unknown): string[] =>
  (Array.isArray(claim) ? claim : [claim]).filter((v): v is string => typeof v === 'string' && v !== '');

/** Plain HTTP only to a provider on this machine (tests, local development). */
const isLoopback = (url: URL): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export class OidcClient {
  readonly settings: OidcSettings;
  #configuration: Promise<oidc.Configuration> | null = null;

  constructor(settings: OidcSettings) {
    this.settings = settings;
  }

  /** Discovery once, retried on the next sign-on if it failed. */
  configuration(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const issuer = new URL(this.settings.issuer);
      const execute = [
        oidc.enableNonRepudiationChecks,
        ...(issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : []),
      ];
      this.#configuration = oidc
        .discovery(issuer, this.settings.clientId, undefined, oidc.ClientSecretPost(this.settings.clientSecret), {
          execute,
          timeout: 10,
          ...(oidcTestHooks.fetch ? { [oidc.customFetch]: oidcTestHooks.fetch } : {}),
        })
        .catch((error: unknown) => {
          this.#configuration = null;
          throw error;
        });
    }
    return this.#configuration;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code and verifies the ID token against the stored flow; throws on any mismatch. */
  async verifiedIdentity(
    flow: { state: string; nonce: string; codeVerifier: string },
    response: { code: string; state: string; iss?: string },
  ): Promise<VerifiedIdentity> {
    const config = await this.configuration();
    const currentUrl = new URL(this.settings.redirectUri);
    currentUrl.search = new URLSearchParams({
      code: response.code,
      state: response.state,
      ...(response.iss ? { iss: response.iss } : {}),
    }).toString();
    currentUrl.hash = '';
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('No ID token in the token response.');
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: email !== null && (claims.email_verified === true || claims.xms_edov === true),
      directoryRoles: this.settings.roleSync ? claimValues(claims[this.settings.roleSync.claim]) : null,
    };
  }
}
