import { RichText } from '@payloadcms/richtext-lexical/react'
import type { Metadata } from 'next'
import { draftMode } from 'next/headers'

import { JsonLd } from '@/components/JsonLd'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { TeamMemberCard } from '@/components/PeopleAndProof'
import { env } from '@/env'
import { isLocale, LOCALES, type Locale } from '@/i18n/locales'
import { peopleMessages } from '@/i18n/people-messages'

import { organizationNode } from './json-ld'
import { absoluteUrl } from './metadata'
import { pageMetadata } from './metadata'
import { notFoundMetadata, notFoundPage } from './not-found'
import { officeMapSvg } from './office-map'
import { aboutPage, teamMembers } from './people'
import { personNode } from './people-json-ld'
import { paths } from './routes'
import { pageSettings } from './settings'

type Props = { params: Promise<{ locale: string }> }

/** The languages the About page is written in (its title): only those are alternates. */
async function aboutLocales(): Promise<Locale[]> {
  const read = await Promise.all(
    LOCALES.map(async (locale) => [locale, await aboutPage(locale)] as const),
  )
  return read.filter(([, copy]) => copy !== null).map(([locale]) => locale)
}

/**
 * The About page (`/en/about`, `/es/sobre-nosotros`): the `about-page` global (story, approach,
 * values, offices with a map drawn here, src/site/office-map.ts) and the published team. Each
 * language's folder answers its own locale only; a language the page was never written in has
 * no page (a 404, not the English text). Its twin is converted from it (src/markdown/page-twin.ts).
 */
export function aboutRoute(folderLocale: Locale) {
  const ownPage = (locale: string): locale is Locale => isLocale(locale) && locale === folderLocale

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await params
    if (!ownPage(locale)) return notFoundMetadata(isLocale(locale) ? locale : undefined)
    const [about, settings, locales] = await Promise.all([
      aboutPage(locale),
      pageSettings(locale),
      aboutLocales(),
    ])
    if (!about) return notFoundMetadata(locale)
    return pageMetadata({
      locale,
      locales,
      siteName: settings.siteName,
      pathFor: paths.about,
      title: about.title,
      description: about.intro ?? peopleMessages(locale).aboutDescription,
    })
  }

  async function Page({ params }: Props) {
    const { locale } = await params
    if (!ownPage(locale)) return notFoundPage(isLocale(locale) ? locale : undefined)
    const [about, team, settings, preview] = await Promise.all([
      aboutPage(locale),
      teamMembers(locale),
      pageSettings(locale),
      draftMode().then((mode) => mode.isEnabled),
    ])
    if (!about) return notFoundPage(locale)
    const t = peopleMessages(locale)
    const map = officeMapSvg(
      about.offices,
      t.officesMap(about.offices.map((office) => office.city).join(', ')),
    )
    const url = absoluteUrl(paths.about(locale))
    return (
      <article className="container about">
        {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@graph': [
              {
                '@type': 'AboutPage',
                '@id': url,
                url,
                name: about.title,
                inLanguage: locale,
                about: { '@id': `${env.SITE_URL}/#organization` },
              },
              organizationNode(env.SITE_URL, locale, settings),
              ...team.map((member) => personNode(member, locale)),
            ],
          }}
        />
        <header className="prose">
          <h1>{about.title}</h1>
          {about.intro ? <p className="lede">{about.intro}</p> : null}
        </header>
        {about.story ? (
          <section className="prose" aria-labelledby="about-story">
            <h2 id="about-story">{t.story}</h2>
            <RichText data={about.story} />
          </section>
        ) : null}
        {about.approach ? (
          <section className="prose" aria-labelledby="about-approach">
            <h2 id="about-approach">{t.approach}</h2>
            <RichText data={about.approach} />
          </section>
        ) : null}
        {about.values.length > 0 ? (
          <section aria-labelledby="about-values">
            <h2 id="about-values">{t.values}</h2>
            <ul className="values">
              {about.values.map((value, index) => (
                <li key={index} className="value">
                  <h3>{value.title}</h3>
                  {value.text ? <p>{value.text}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {team.length > 0 ? (
          <section aria-labelledby="about-team">
            <h2 id="about-team">{t.team}</h2>
            <ul className="team">
              {team.map((member) => (
                <TeamMemberCard key={member.id} member={member} locale={locale} />
              ))}
            </ul>
          </section>
        ) : null}
        {about.offices.length > 0 ? (
          <section aria-labelledby="about-offices">
            <h2 id="about-offices">{t.offices}</h2>
            {map ? <div className="office-map" dangerouslySetInnerHTML={{ __html: map }} /> : null}
            <ul className="offices">
              {about.offices.map((office, index) => (
                <li key={index}>
                  <h3>{office.city}</h3>
                  {office.address ? <p className="office-address">{office.address}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    )
  }

  return { generateMetadata, Page }
}
