/** What /Token (and Security/Account/ChangePassword) answer, and what the access token carries. */

/** The token pair of /Token, as the OAuth password and refresh_token grants answer it. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
  /** Seconds. */
  refresh_expires_in: number;
  token_type: 'bearer';
}

/** Claims of the access token (HS256 JWT; server/auth/jwt.ts signs, runtime/auth/tokens.ts reads). */
export interface AccessClaims {
  /** The user's id, as a string. */
  sub: string;
  name: string;
  username: string;
  role: string;
  isVendor: boolean;
  isCustomer: boolean;
  /** The user must change the password before anything else. */
  pwdChange: boolean;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
}
