'use client'

import { Button } from '@payloadcms/ui'
import { useEffect, useState, type FormEvent } from 'react'

import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { twoFactorWords } from '@/two-factor/words'

interface Props {
  token: string
  kind: 'invitation' | 'reset'
  /** The account has two-factor sign-in: the reset, which signs in, takes its code too. */
  twoFactor?: boolean
  language: Locale
  /** The page's title, set on the tab once the page runs (the server's is one for all languages). */
  title: string
  apiRoute: string
  adminRoute: string
}

/** The answer's own message: the project's `error` object, else Payload's `errors` list. */
async function refusalMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as {
      error?: { message?: unknown }
      errors?: { message?: unknown }[]
    }
    const message = body.error?.message ?? body.errors?.[0]?.message
    return typeof message === 'string' && message !== '' ? message : undefined
  } catch {
    return undefined
  }
}

/**
 * The password form of the invitation and reset pages: Payload's reset endpoint sets the password
 * and signs the account in, then the dashboard opens. A link that no longer works gets its clear
 * message from the server (password-link.ts), shown here in place of the form's.
 */
export function AccountPasswordForm({
  token,
  kind,
  twoFactor = false,
  language,
  title,
  apiRoute,
  adminRoute,
}: Props) {
  const words = messagesFor(language).account
  const codeWords = twoFactorWords(language)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    document.title = title
  }, [title])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (password === '') return setProblem(words.required)
    if (password !== confirmation) return setProblem(words.mismatch)
    setProblem(null)
    setSaving(true)
    try {
      const response = await fetch(`${apiRoute}/users/reset-password`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
        body: JSON.stringify(twoFactor ? { token, password, code } : { token, password }),
      })
      if (response.ok) {
        window.location.assign(adminRoute)
        return
      }
      setProblem((await refusalMessage(response)) ?? words.failed)
    } catch {
      setProblem(words.failed)
    }
    setSaving(false)
  }

  return (
    <form className="account-password__form" onSubmit={submit} noValidate>
      <div className="field-type password">
        <label className="field-label" htmlFor="account-password-new">
          {words.newPassword}
        </label>
        <input
          id="account-password-new"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={saving}
          required
        />
      </div>
      <div className="field-type password">
        <label className="field-label" htmlFor="account-password-confirm">
          {words.confirmPassword}
        </label>
        <input
          id="account-password-confirm"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          disabled={saving}
          required
        />
      </div>
      {twoFactor ? (
        <div className="field-type text">
          <label className="field-label" htmlFor="account-password-code">
            {codeWords.codeLabel}
          </label>
          <input
            id="account-password-code"
            type="text"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={saving}
            required
          />
        </div>
      ) : null}
      {problem ? (
        <p className="account-password__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" size="large" disabled={saving}>
        {saving ? words.saving : words[kind].submit}
      </Button>
    </form>
  )
}
