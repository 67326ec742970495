import Link from 'next/link'

import { messagesFor } from '@/i18n/messages'
import { requestLocale } from '@/i18n/request-locale'
import { paths } from '@/site/routes'

/** Unknown and unpublished pages: a real 404, in the language of the URL. */
export default async function NotFound() {
  const locale = await requestLocale()
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
