import type { Metadata } from 'next'

import { DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { CASE_STUDY_CARD_FIELDS, newestDocuments } from '@/site/content'
import { caseStudiesJsonLd } from '@/site/json-ld'
import { pageSettings } from '@/site/settings'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { CASE_STUDIES_PAGE_SIZE, paths } from '@/site/routes'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const t = messagesFor(locale).caseStudies
  return pageMetadata({
    locale,
    siteName: (await pageSettings(locale)).siteName,
    pathFor: paths.caseStudies,
    title: t.title,
    description: t.description,
  })
}

export default async function CaseStudiesPage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale)
  const docs = await newestDocuments('case-studies', locale, {
    limit: CASE_STUDIES_PAGE_SIZE,
    select: CASE_STUDY_CARD_FIELDS,
  })
  return (
    <div className="container">
      <JsonLd data={caseStudiesJsonLd(locale, docs)} />
      <h1>{t.caseStudies.title}</h1>
      <p className="prose">{t.caseStudies.description}</p>
      {docs.length === 0 ? <p>{t.caseStudies.empty}</p> : null}
      <DocumentCards collection="case-studies" docs={docs} locale={locale} headingLevel={2} />
    </div>
  )
}
