'use client'

import {
  Button,
  EmailField,
  Form,
  FormSubmit,
  Link,
  PasswordField,
  TextField,
  toast,
  useConfig,
  useTranslation,
} from '@payloadcms/ui'
import { email as validateEmail, formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import { twoFactorWords } from '@/two-factor/words'

interface Credentials {
  email: string
  password: string
}

interface Refusal {
  message?: string
  twoFactor?: string
}

/** The refusal in an answer: the project's `error` object, else Payload's `errors` list. */
async function refusalOf(response: Response): Promise<Refusal> {
  try {
    const body = (await response.json()) as {
      error?: { message?: unknown; twoFactor?: unknown }
      errors?: { message?: unknown }[]
      message?: unknown
    }
    const message = body.error?.message ?? body.errors?.[0]?.message ?? body.message
    return {
      message: typeof message === 'string' && message !== '' ? message : undefined,
      twoFactor: typeof body.error?.twoFactor === 'string' ? body.error.twoFactor : undefined,
    }
  } catch {
    return {}
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * Payload's login form (same fields, words and classes) with a second step: when the account has
 * two-factor sign-in, the server answers `error.twoFactor: "required"` and the form asks for the
 * code, then posts the email, password and code together. Nothing is signed in until then.
 */
export function TwoFactorLoginForm({ redirectTo }: { redirectTo: string }) {
  const { config } = useConfig()
  const { t, i18n } = useTranslation()
  const words = twoFactorWords(i18n.language)
  const adminRoute = config.routes.admin
  const apiRoute = config.routes.api
  const userSlug = config.admin.user
  const [credentials, setCredentials] = useState<Credentials | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function signIn(given: Credentials, code?: string) {
    setBusy(true)
    try {
      const response = await fetch(`${apiRoute}/${userSlug}/login`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': i18n.language },
        body: JSON.stringify(code === undefined ? given : { ...given, code }),
      })
      if (response.ok) {
        window.location.assign(redirectTo)
        return
      }
      const refusal = await refusalOf(response)
      if (refusal.twoFactor === 'required' && code === undefined) {
        setCredentials(given)
        setProblem(null)
      } else if (code !== undefined && refusal.twoFactor) {
        setProblem(refusal.message ?? words.codeWrong)
      } else {
        toast.error(refusal.message ?? t('error:unknown'))
      }
    } catch {
      toast.error(words.failed)
    }
    setBusy(false)
  }

  if (credentials) {
    return (
      // Its own submit button: Payload's FormSubmit stayed disabled in this second form (seen in
      // Chromium), as if the first form's processing state carried over.
      <Form
        key="code-step"
        className="login__form"
        onSubmit={(_, data) => void signIn(credentials, text(data.code))}
      >
        <p>{words.codeStepIntro}</p>
        <div className="login__form__inputWrap">
          <TextField
            field={{
              name: 'code',
              label: words.codeLabel,
              required: true,
              admin: { autoComplete: 'one-time-code' },
            }}
            path="code"
          />
        </div>
        {problem ? (
          <p className="two-factor__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn--style-secondary btn--size-small"
          onClick={() => {
            setCredentials(null)
            setProblem(null)
          }}
        >
          {words.back}
        </button>
        <Button type="submit" size="large" disabled={busy}>
          {words.verify}
        </Button>
      </Form>
    )
  }

  return (
    <Form
      className="login__form"
      disabled={busy}
      onSubmit={(_, data) =>
        void signIn({ email: text(data.email), password: text(data.password) })
      }
      waitForAutocomplete
    >
      <div className="login__form__inputWrap">
        <EmailField
          field={{
            name: 'email',
            admin: { autoComplete: 'email' },
            label: t('general:email'),
            required: true,
          }}
          path="email"
          validate={validateEmail}
        />
        <PasswordField
          field={{ name: 'password', label: t('general:password'), required: true }}
          path="password"
        />
      </div>
      <Link
        href={formatAdminURL({ adminRoute, path: config.admin.routes.forgot })}
        prefetch={false}
      >
        {t('authentication:forgotPasswordQuestion')}
      </Link>
      <FormSubmit size="large">{t('authentication:login')}</FormSubmit>
    </Form>
  )
}
