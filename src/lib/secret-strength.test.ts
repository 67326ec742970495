import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { TEST_SECRET } from '../../tests/support/app-server'

import { KNOWN_DEFAULT_SECRETS, SECRET_RULES, secretWeakness } from './secret-strength'

const root = path.resolve(import.meta.dirname, '../..')

/** Where this repository shows settings to people who may copy them. */
function publishedFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name))
  return ['.env.example', 'docker-compose.yml', 'README.md', 'ARCHITECTURE.md', ...docs]
}

/**
 * Secret-looking values in a text: assignments to a *SECRET* / *PASSWORD* / *TOKEN* setting
 * (`NAME=value`, `NAME: value`, compose's `${NAME:-value}` fallback) and passwords in URLs
 * (`scheme://user:password@host`). Interpolations and command substitutions (`$…`) are
 * references to a value kept elsewhere, not values.
 */
function secretLikeValues(text: string): string[] {
  const found: string[] = []
  const name = String.raw`[A-Z0-9_]*(?:SECRET|PASSWORD|TOKEN)[A-Z0-9_]*`
  for (const match of text.matchAll(
    new RegExp(String.raw`(?<!\$\{)\b(${name})[ \t]*[=:][ \t]*['"]?([^\s'"#,)]+)`, 'g'),
  ))
    // A duration about secrets (`WEBHOOK_SECRET_OVERLAP_MS`) is no secret.
    if (!(match[1] as string).endsWith('_MS')) found.push(match[2] as string)
  for (const match of text.matchAll(new RegExp(String.raw`\$\{${name}:?-([^}]*)\}`, 'g')))
    found.push(match[1] as string)
  for (const match of text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"`]+:([^\s/@'"`]+)@/g))
    found.push(match[1] as string)
  return found.filter((value) => value !== '' && !value.startsWith('$'))
}

describe('secret strength', () => {
  it('finds secret-looking values the way the scan below relies on', () => {
    expect(
      secretLikeValues(
        [
          'PAYLOAD_SECRET=abc123',
          'WEBHOOK_SECRET_OVERLAP_MS=86400000',
          "  POSTGRES_PASSWORD: 'hunter2'",
          'PAYLOAD_SECRET: ${PAYLOAD_SECRET:-fallback-value}',
          'DATABASE_URL=postgres://app:s3cret@db:5432/app',
          'PAYLOAD_SECRET=$(openssl rand -hex 32) PAYLOAD_SECRET=',
          'DATABASE_URL: postgres://postgres:${POSTGRES_PASSWORD:?set it}@postgres:5432/app',
        ].join('\n'),
      ),
    ).toEqual(['abc123', 'hunter2', 'fallback-value', 's3cret'])
  })

  it('knows every secret-looking value in the example settings, compose file and docs', () => {
    const unknown = publishedFiles().flatMap((file) =>
      secretLikeValues(readFileSync(path.join(root, file), 'utf8'))
        .filter((value) => !KNOWN_DEFAULT_SECRETS.includes(value))
        .map((value) => `${file}: ${value}`),
    )
    // Each of these would be accepted as a production secret if it were long enough: add it to
    // KNOWN_DEFAULT_SECRETS (src/lib/secret-strength.ts), or use a `$(…)` or `${…}` reference.
    expect(unknown).toEqual([])
  })

  it('refuses every known default', () => {
    for (const secret of KNOWN_DEFAULT_SECRETS) expect(secretWeakness(secret)).toMatch(/published/)
  })

  it('refuses short secrets and secrets of few distinct characters', () => {
    expect(secretWeakness('a1B2c3D4e5F6g7H8')).toMatch(/at least 32 characters/)
    expect(secretWeakness('abcdefghijklmno'.repeat(3))).toMatch(/only 15 distinct characters/)
    expect(secretWeakness('0123456789'.repeat(4))).toMatch(/only 10 distinct characters/)
    expect(secretWeakness('012345678'.repeat(8))).toMatch(/only 9 distinct characters/)
  })

  it('accepts what `openssl rand -hex 32` makes, every time', () => {
    for (let index = 0; index < 2_000; index += 1) {
      const secret = randomBytes(32).toString('hex')
      expect(secret).toHaveLength(SECRET_RULES.hex.minLength)
      expect(secretWeakness(secret)).toBeNull()
    }
  })

  it('accepts the integration tests’ own secret, which is published nowhere', () => {
    expect(secretWeakness(TEST_SECRET)).toBeNull()
    expect(new Set(TEST_SECRET).size).toBeGreaterThanOrEqual(SECRET_RULES.minDistinctCharacters)
    for (const file of publishedFiles())
      expect(readFileSync(path.join(root, file), 'utf8')).not.toContain(TEST_SECRET)
  })
})
