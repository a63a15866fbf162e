/** The auth domain's public surface: passwords, sessions, sign-in, rate limits. */
export { hashPassword, verifyPassword } from "./password.ts";
export { generateToken, hashToken } from "./tokens.ts";
export {
  BROWSER_SESSION_MS,
  createSession,
  invalidateSession,
  invalidateUserSessions,
  REMEMBER_MS,
  type Role,
  type Session,
  type SessionUser,
  sessionUserColumns,
  sweepExpiredSessions,
  type ValidatedSession,
  validateSessionToken,
} from "./sessions.ts";
export { ACCOUNT_DISABLED, authenticate, findUser, INVALID_LOGIN, loginLimitKey, registerUser } from "./service.ts";
export {
  accountLoginKey,
  check as checkRateLimit,
  hit as hitRateLimit,
  keyPart,
  LIMITS,
  RateLimitedError,
  reset as resetRateLimit,
  sweepRateLimits,
} from "./rate_limit.ts";
export {
  beforeLogin,
  loginAbandoned,
  type LoginAttempt,
  loginFailed,
  loginIpKey,
  loginSucceeded,
  SLOWDOWN,
  slowdownMs,
} from "./login_throttle.ts";
export { passwordScore, type StrengthLevel, strengthLevel } from "./password_strength.ts";
export * as authSchemas from "./schemas.ts";
export {
  InvalidResetTokenError,
  RESET_REQUESTED_MESSAGE,
  RESET_TOKEN_TTL_MS,
  resetPassword,
  verifyResetToken,
} from "./password_reset.ts";
export * as resetSchemas from "./reset_schemas.ts";
