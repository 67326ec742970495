import { isLocale, type Locale } from '@/i18n/locales'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'

type Props = { params: Promise<{ locale: string }> }

const localeOf = async (params: Props['params']): Promise<Locale | undefined> => {
  const { locale } = await params
  return isLocale(locale) ? locale : undefined
}

export async function generateMetadata({ params }: Props) {
  return notFoundMetadata(await localeOf(params))
}

/** Any other path under a locale is a real 404 with the site's localized not-found page. */
export default async function UnknownPage({ params }: Props) {
  return notFoundPage(await localeOf(params))
}
