import type { Metadata } from 'next'
import { draftMode } from 'next/headers'

import { CreditedImage } from '@/components/CreditedImage'
import { DocumentCard, DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { MediaImage } from '@/components/MediaImage'
import { HomeProofBand } from '@/components/PeopleAndProof'
import { env } from '@/env'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { CARD_FIELDS, newestDocuments } from '@/site/content'
import { heroImage, proofCaseStudies } from '@/site/home'
import { organizationJsonLd, websiteJsonLd } from '@/site/json-ld'
import { variantsOf } from '@/site/media'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { HOME_LATEST, paths } from '@/site/routes'
import { pageSettings } from '@/site/settings'
import { listedServices } from '@/site/services'
import { reportHomePage } from '@/site/shown'

type Props = { params: Promise<{ locale: string }> }

/** The hero image's column at most (site.css `.hero-grid`), and the page's side margins. */
const HERO_IMAGE_SLOT = 520
const HERO_STACKS_BELOW = 900
const PAGE_GUTTER = '2.5rem'

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const settings = await pageSettings(locale)
  return pageMetadata({
    locale,
    siteName: settings.siteName,
    pathFor: paths.home,
    // The layout's title template adds the site name.
    title: settings.tagline,
    description: settings.description,
  })
}

/**
 * The home page, as the `home` global lays it out: the hero, the services, the proof (featured
 * case studies with their headline result), the latest articles and the closing call to action.
 * Server-rendered only; its markdown twin is converted from it (src/markdown/page-twin.ts).
 */
export default async function HomePage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale)
  const settings = await pageSettings(locale)
  const preview = (await draftMode()).isEnabled
  const [image, posts, proof, serviceDocs] = await Promise.all([
    heroImage(settings.hero.imageId, locale),
    newestDocuments('posts', locale, { limit: HOME_LATEST, select: CARD_FIELDS }),
    proofCaseStudies(locale),
    listedServices(locale, { preview }),
  ])
  if (!preview)
    reportHomePage(
      posts,
      proof.map(({ doc }) => doc),
    )
  const { hero, services, principles, closing } = settings
  const imageWidth = image?.width ?? HERO_IMAGE_SLOT
  const shownWidth = Math.min(imageWidth, HERO_IMAGE_SLOT)
  return (
    <>
      {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
      <JsonLd data={organizationJsonLd(locale, settings)} />
      <JsonLd data={websiteJsonLd(locale, settings)} />
      <section className={image ? 'hero hero-with-image' : 'hero'}>
        <div className="container hero-grid">
          <div className="hero-text">
            <h1>{hero.heading}</h1>
            <p>{hero.lede}</p>
            <a className="button" href={hero.ctaLink}>
              {hero.ctaLabel}
            </a>
          </div>
          {image ? (
            <CreditedImage media={image} className="hero-figure">
              <MediaImage
                className="hero-image"
                alt={image.alt ?? ''}
                variants={variantsOf(image, ['large', 'card', 'thumbnail'])}
                // Its own size: never shown wider than that (site.css), nor than its column.
                width={imageWidth}
                height={image.height ?? Math.round((imageWidth * 9) / 16)}
                sizes={`(min-width: ${HERO_STACKS_BELOW}px) ${shownWidth}px, min(${imageWidth}px, calc(100vw - ${PAGE_GUTTER}))`}
                priority
              />
            </CreditedImage>
          ) : null}
        </div>
      </section>
      <div className="container">
        <section className="home-section principles" aria-labelledby="home-principles">
          <h2 id="home-principles">{principles.heading}</h2>
          {/* A list, numbered by the stylesheet: a twin numbers an <ol> in words of its own. */}
          <ul className="principle-list">
            {principles.items.map((principle, index) => (
              <li key={index} className="principle">
                <h3>{principle.title}</h3>
                <p>{principle.line}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="home-section" aria-labelledby="home-services">
          <h2 id="home-services">{services.heading}</h2>
          {services.intro ? <p className="section-intro">{services.intro}</p> : null}
          <ul className="services">
            {/* The services' own pages when any is published in this language; until then the
                home global's list (src/globals/Home.ts), so the section is never empty. */}
            {serviceDocs.length > 0
              ? serviceDocs.map((service) => (
                  <li key={service.key} className="service service-linked">
                    <h3>
                      <a href={paths.service(locale, service.key)}>{service.title}</a>
                    </h3>
                    <p>{service.summary}</p>
                  </li>
                ))
              : services.items.map((service, index) => (
                  <li key={index} className="service">
                    <h3>{service.title}</h3>
                    <p>{service.description}</p>
                  </li>
                ))}
          </ul>
        </section>
        {proof.length > 0 ? (
          <section className="home-section" aria-labelledby="home-proof">
            <h2 id="home-proof">{settings.proof.heading}</h2>
            {settings.proof.intro ? <p className="section-intro">{settings.proof.intro}</p> : null}
            <ul className="cards">
              {proof.map(({ doc, headline }) => (
                <DocumentCard
                  key={doc.id}
                  doc={doc}
                  locale={locale}
                  href={paths.caseStudy(locale, doc.slug)}
                  headline={headline}
                />
              ))}
            </ul>
            <p className="section-more">
              <a href={paths.caseStudies(locale)}>{t.home.allCaseStudies}</a>
            </p>
          </section>
        ) : null}
        {/* Client logos and featured quotes (testimonials, client-logos collections). */}
        <HomeProofBand locale={locale} />
        <section className="home-section" aria-labelledby="latest-posts">
          <h2 id="latest-posts">{t.home.latestPosts}</h2>
          <DocumentCards collection="posts" docs={posts} locale={locale} />
          <p className="section-more">
            <a href={paths.blog(locale)}>{t.home.allPosts}</a>
          </p>
        </section>
        <section className="contact-cta home-closing" aria-labelledby="home-closing">
          <h2 id="home-closing">{closing.heading}</h2>
          {closing.text ? <p>{closing.text}</p> : null}
          <a className="button" href={closing.ctaLink}>
            {closing.ctaLabel}
          </a>
        </section>
      </div>
    </>
  )
}
