// Lifetimes of what the authorization server issues (see docs/oauth.md).
// RFC 9700 section 4.14 / OAuth 2.1: short-lived access tokens, rotating refresh tokens;
// RFC 6749 section 4.1.2: authorization codes short-lived (max 10 minutes recommended).
export const AUTHORIZATION_CODE_TTL_MS = 60 * 1000;
export const PENDING_CONSENT_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Each rotation issues a refresh token valid this long (sliding), so an unused connection lapses. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
