'use client'

import Link from 'next/link'
import { useParams } from 'next/navigation'

import { DEFAULT_LOCALE, isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { paths } from '@/site/routes'

export function NotFoundMessage() {
  const { locale: raw } = useParams<{ locale?: string }>()
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE
  const t = messagesFor(locale).notFound
  return (
    <div className="container prose">
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <p>
        <Link href={paths.home(locale)}>{t.home}</Link>
      </p>
    </div>
  )
}
