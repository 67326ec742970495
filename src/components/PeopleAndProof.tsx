import { peopleMessages } from '@/i18n/people-messages'
import type { Locale } from '@/i18n/locales'
import type { ClientLogo, TeamMember, Testimonial } from '@/payload-types'
import { variantsOf } from '@/site/media'
import { caseStudyQuote, mediaOf, proofBand } from '@/site/people'
import { paths } from '@/site/routes'

import { MediaImage } from './MediaImage'

/** A portrait's shown size (CSS pixels): small, square-ish, beside the name. */
const PORTRAIT_SIZE = 160
/** A client logo's shown height; its width follows its own shape. */
const LOGO_HEIGHT = 40
const LOGO_WIDTH_MAX = 160

/** A team member's card: photo, name, role, bio and an optional profile link. */
export function TeamMemberCard({ member, locale }: { member: TeamMember; locale: Locale }) {
  const photo = mediaOf(member.photo)
  const t = peopleMessages(locale)
  return (
    <li className="team-member" id={`person-${member.id}`}>
      {photo?.url ? (
        <MediaImage
          className="team-photo"
          alt={photo.alt ?? member.name}
          variants={variantsOf(photo, ['thumbnail', 'card'])}
          width={photo.width ?? PORTRAIT_SIZE}
          height={photo.height ?? PORTRAIT_SIZE}
          sizes={`${PORTRAIT_SIZE}px`}
        />
      ) : null}
      <h3>{member.name}</h3>
      {member.role ? <p className="team-role">{member.role}</p> : null}
      {member.bio ? <p className="team-bio">{member.bio}</p> : null}
      {member.profileUrl ? (
        <p>
          <a href={member.profileUrl} rel="me noopener">
            {t.profile(member.name)}
          </a>
        </p>
      ) : null}
    </li>
  )
}

/** A client's quote: the words, who said them, and the case study it belongs to. */
export function TestimonialQuote({
  testimonial,
  locale,
}: {
  testimonial: Testimonial
  locale: Locale
}) {
  const caseStudy =
    typeof testimonial.caseStudy === 'object' && testimonial.caseStudy !== null
      ? testimonial.caseStudy
      : null
  const who = [testimonial.role, testimonial.company].filter(Boolean).join(', ')
  return (
    <figure className="testimonial">
      <blockquote>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption>
        <strong>{testimonial.name}</strong>
        {who ? <span>, {who}</span> : null}
        {caseStudy?.slug && caseStudy.title ? (
          <>
            {' · '}
            <a href={paths.caseStudy(locale, caseStudy.slug)}>{caseStudy.title}</a>
          </>
        ) : null}
      </figcaption>
    </figure>
  )
}

/** The home page's proof band: client logos and one or two featured quotes. */
export function ProofBand({
  quotes,
  logos,
  locale,
}: {
  quotes: readonly Testimonial[]
  logos: readonly ClientLogo[]
  locale: Locale
}) {
  if (quotes.length === 0 && logos.length === 0) return null
  const t = peopleMessages(locale)
  return (
    <section className="home-section proof-band" aria-labelledby="home-proof-band">
      <h2 id="home-proof-band">{t.proofHeading}</h2>
      {logos.length > 0 ? (
        <ul className="client-logos" aria-label={t.logos}>
          {logos.map((logo) => {
            const file = mediaOf(logo.logo)!
            const width = Math.min(
              LOGO_WIDTH_MAX,
              file.width && file.height
                ? Math.round((file.width * LOGO_HEIGHT) / file.height)
                : LOGO_WIDTH_MAX,
            )
            // eslint-disable-next-line @next/next/no-img-element -- a vector logo: no sizes to pick from
            const image = <img src={file.url!} alt={logo.name} width={width} height={LOGO_HEIGHT} />
            return (
              <li key={logo.id} className="client-logo">
                {logo.url ? (
                  <a href={logo.url} rel="noopener">
                    {image}
                  </a>
                ) : (
                  image
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
      {quotes.map((quote) => (
        <TestimonialQuote key={quote.id} testimonial={quote} locale={locale} />
      ))}
    </section>
  )
}

/**
 * A document's byline: its author, linked to their place on the About page when that page is
 * written in this language (`linked`), else their name alone.
 */
export function Byline({
  author,
  locale,
  linked,
}: {
  author: TeamMember
  locale: Locale
  linked: boolean
}) {
  const t = peopleMessages(locale)
  return (
    <p className="byline">
      {t.by}{' '}
      {linked ? (
        <a href={`${paths.about(locale)}#person-${author.id}`} rel="author">
          {author.name}
        </a>
      ) : (
        author.name
      )}
      {author.role ? <span>, {author.role}</span> : null}
    </p>
  )
}

/** A case study's client quote (the newest testimonial linked to it, in this language). */
export async function CaseStudyQuote({
  caseStudyId,
  locale,
}: {
  caseStudyId: number
  locale: Locale
}) {
  const quote = await caseStudyQuote(locale, caseStudyId)
  if (!quote) return null
  return (
    <section className="case-study-quote" aria-label={peopleMessages(locale).quoteFrom}>
      <TestimonialQuote testimonial={quote} locale={locale} />
    </section>
  )
}

/** The home page's proof band, read for the page's language (src/site/people.ts). */
export async function HomeProofBand({ locale }: { locale: Locale }) {
  const { quotes, logos } = await proofBand(locale)
  return <ProofBand quotes={quotes} logos={logos} locale={locale} />
}
