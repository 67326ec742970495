'use client'

import { Button, useAuth, useConfig, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react'

import { twoFactorWords } from '@/two-factor/words'

interface Status {
  enabled: boolean
  recoveryCodesLeft: number
  required: boolean
}

interface Setup {
  secret: string
  qrSvg: string
}

type Step =
  | { kind: 'loading' }
  | { kind: 'status'; status: Status }
  | { kind: 'setup'; setup: Setup; status: Status }
  | { kind: 'recovery'; codes: string[] }

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } }
    return typeof body.error?.message === 'string' ? body.error.message : undefined
  } catch {
    return undefined
  }
}

/**
 * Two-factor sign-in on the account page (a `ui` field of the accounts, shown on one's own account
 * only): set it up (QR code and key, confirmed with a first code; then the recovery codes, shown
 * once), renew the recovery codes (a current code from the app; the new ones shown once, the old
 * ones void), or turn it off with a current code. Everything goes through /api/users/two-factor/…
 * (src/two-factor/endpoints.ts); the secret never comes back once it is on.
 */
export function TwoFactorAccountField() {
  const { user } = useAuth()
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const { i18n } = useTranslation()
  const words = twoFactorWords(i18n.language)
  const base = `${config.routes.api}/${config.admin.user}/two-factor`
  const own =
    user !== null && user !== undefined && id !== undefined && String(user.id) === String(id)
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const call = useCallback(
    async (path: string, body?: Record<string, unknown>): Promise<Response> =>
      fetch(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': i18n.language },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    [base, i18n.language],
  )

  const refresh = useCallback(async () => {
    const response = await call('')
    if (response.ok) setStep({ kind: 'status', status: (await response.json()) as Status })
  }, [call])

  useEffect(() => {
    if (!own) return
    const controller = new AbortController()
    fetch(base, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Status>) : null))
      .then((status) => status && setStep({ kind: 'status', status }))
      .catch(() => undefined)
    return () => controller.abort()
  }, [own, base])

  if (!own || step.kind === 'loading') return null

  async function act(work: () => Promise<void>) {
    setBusy(true)
    setProblem(null)
    try {
      await work()
    } catch {
      setProblem(words.failed)
    }
    setBusy(false)
  }

  const start = () =>
    act(async () => {
      const response = await call('/setup', {})
      if (!response.ok) return setProblem((await messageOf(response)) ?? words.failed)
      if (step.kind === 'status') {
        setCode('')
        setStep({ kind: 'setup', setup: (await response.json()) as Setup, status: step.status })
      }
    })

  // Turning it on and renewing the codes both answer with new recovery codes, shown once.
  const showingNewCodes = (path: '/enable' | '/recovery-codes') => () =>
    act(async () => {
      const response = await call(path, { code })
      if (!response.ok) return setProblem((await messageOf(response)) ?? words.failed)
      const { recoveryCodes } = (await response.json()) as { recoveryCodes: string[] }
      setCode('')
      setStep({ kind: 'recovery', codes: recoveryCodes })
    })

  const confirm = showingNewCodes('/enable')
  const regenerate = showingNewCodes('/recovery-codes')

  const turnOff = () =>
    act(async () => {
      const response = await call('/disable', { code })
      if (!response.ok) return setProblem((await messageOf(response)) ?? words.failed)
      setCode('')
      await refresh()
    })

  // Enter in these inputs acts here; it must not submit the account's own form.
  const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    action()
  }

  const codeInput = (action: () => void) => (
    <div className="field-type text">
      <label className="field-label" htmlFor="two-factor-code">
        {words.codeLabel}
      </label>
      <input
        id="two-factor-code"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={onEnter(action)}
        disabled={busy}
      />
    </div>
  )

  return (
    <section className="two-factor" aria-labelledby="two-factor-title" style={{ marginBottom: 32 }}>
      <h3 id="two-factor-title">{words.title}</h3>
      {step.kind === 'status' ? (
        <>
          {step.status.required && !step.status.enabled ? (
            <p className="two-factor__required" role="alert">
              {words.requiredNotice}
            </p>
          ) : null}
          <p className="two-factor__status">
            {step.status.enabled ? words.statusOn : words.statusOff}
          </p>
          {step.status.enabled ? (
            <>
              <p className="two-factor__recovery-left">
                {words.recoveryLeft(step.status.recoveryCodesLeft)}
              </p>
              <p>{words.disableIntro}</p>
              <p>{words.regenerateIntro}</p>
              {codeInput(turnOff)}
              <Button type="button" onClick={regenerate} disabled={busy}>
                {words.regenerate}
              </Button>{' '}
              <Button buttonStyle="secondary" type="button" onClick={turnOff} disabled={busy}>
                {words.disable}
              </Button>
            </>
          ) : (
            <Button type="button" onClick={start} disabled={busy}>
              {words.start}
            </Button>
          )}
        </>
      ) : null}
      {step.kind === 'setup' ? (
        <>
          <p>{words.scan}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG made for this page */}
          <img
            className="two-factor__qr"
            alt="QR"
            width={200}
            height={200}
            style={{ background: '#fff' }}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qrSvg)}`}
          />
          <p>
            {words.key}: <code className="two-factor__secret">{step.setup.secret}</code>
          </p>
          {codeInput(confirm)}
          <Button type="button" onClick={confirm} disabled={busy}>
            {words.confirm}
          </Button>{' '}
          <Button
            buttonStyle="secondary"
            type="button"
            onClick={() => setStep({ kind: 'status', status: step.status })}
            disabled={busy}
          >
            {words.cancel}
          </Button>
        </>
      ) : null}
      {step.kind === 'recovery' ? (
        <>
          <h4>{words.recoveryTitle}</h4>
          <p>{words.recoveryIntro}</p>
          <ul className="two-factor__recovery-codes" style={{ fontFamily: 'monospace' }}>
            {step.codes.map((each) => (
              <li key={each}>{each}</li>
            ))}
          </ul>
          <Button type="button" onClick={() => void refresh()}>
            {words.recoveryDone}
          </Button>
        </>
      ) : null}
      {problem ? (
        <p className="two-factor__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
