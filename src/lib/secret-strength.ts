/**
 * What makes an app secret (`PAYLOAD_SECRET`) acceptable in production. The secret signs editors'
 * sessions and API tokens and keys the inquiry client hashes: whoever knows it can sign in as
 * anyone, so a value printed anywhere public, or one that is easy to guess, is refused at start.
 */

/** The secret development and tests fall back to; public by definition. */
export const DEVELOPMENT_SECRET = 'dev-only-secret-do-not-use-in-production-000000'

/**
 * Every secret-like value this repository has published as an example or default: in
 * `.env.example`, `docker-compose.yml` (past and present) and the documentation. Values are
 * kept here even after they leave the files, since deployments may have copied them.
 * `src/lib/secret-strength.test.ts` scans those files and fails when one shows a value missing
 * from this list, so a new example can't quietly become someone's production secret.
 */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [
  DEVELOPMENT_SECRET,
  // docker-compose.yml's former fallback for PAYLOAD_SECRET.
  'change-me-to-32-or-more-random-characters',
  // Passwords in example URLs and the former compose database password.
  'postgres',
  'pass',
]

/** The command every refusal suggests. */
export const SECRET_ADVICE = 'generate one with `openssl rand -hex 32`'

export const SECRET_RULES = {
  minLength: 32,
  /** Variety: a long secret made of a few repeated characters is not random. */
  minDistinctCharacters: 16,
  /**
   * A hex secret has only 16 symbols, and 64 random hex digits (`openssl rand -hex 32`) miss at
   * least one of them about one time in four; such a secret still has ≥ 10 distinct characters
   * with near certainty (all but about one in 10^12), so long hex secrets are held to that.
   */
  hex: { minLength: 64, minDistinctCharacters: 10 },
} as const

/** Why a secret is not good enough for production, or null when it is. */
export function secretWeakness(secret: string): string | null {
  if (KNOWN_DEFAULT_SECRETS.includes(secret.trim())) {
    return `is a published example value, known to anyone; ${SECRET_ADVICE}`
  }
  if (secret.length < SECRET_RULES.minLength) {
    return `must be at least ${SECRET_RULES.minLength} characters; ${SECRET_ADVICE}`
  }
  const distinct = new Set(secret).size
  const longHex = /^[0-9a-fA-F]+$/.test(secret) && secret.length >= SECRET_RULES.hex.minLength
  const required = longHex
    ? SECRET_RULES.hex.minDistinctCharacters
    : SECRET_RULES.minDistinctCharacters
  if (distinct < required) {
    return `has only ${distinct} distinct characters (at least ${required} needed): too easy to guess; ${SECRET_ADVICE}`
  }
  return null
}
