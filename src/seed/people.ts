/**
 * Demo people and proof: the team (who also sign the demo posts and case studies), testimonials,
 * client logos (SVG wordmarks drawn here) and the About page, in every locale. Everything is
 * fictional: the people, the clients and their words are demo content, to be replaced.
 *
 * Idempotent as the rest of the seed: each item is found by its natural key (a team member and a
 * testimonial by name, a logo by name, its file by filename) and created only when missing; the
 * About page is rewritten only when its published copy in a language differs; a document's author
 * is set only where it has none and no unpublished draft would be published with it.
 *
 * Team photos are the illustrated portraits the seed uploads with the other pictures
 * (src/seed/assets/, credited in docs/credits.md); a member without one gets it.
 */
import type { Payload, RequestContext } from 'payload'

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'

import { TEAM_PORTRAIT_IMAGES } from './content'
import { richText } from './richText'

type Outcome = 'created' | 'updated' | 'unchanged'
type PerLocale<T> = Record<Locale, T>

interface SeedMember {
  name: string
  role: PerLocale<string>
  bio: PerLocale<string>
  profileUrl?: string
  order: number
}

export const TEAM: readonly SeedMember[] = [
  {
    name: 'Lucía Romero',
    role: { en: 'Founder and principal engineer', es: 'Fundadora e ingeniera principal' },
    bio: {
      en: 'Twenty years building systems that have to stay up. Started the firm to do fewer projects, better.',
      es: 'Veinte años construyendo sistemas que no pueden caerse. Fundó la firma para hacer menos proyectos, mejor.',
    },
    order: 1,
  },
  {
    name: 'Daniel Okafor',
    role: { en: 'Head of data', es: 'Responsable de datos' },
    bio: {
      en: 'Data platforms and the contracts between the teams that feed them. Former analytics lead in retail.',
      es: 'Plataformas de datos y los contratos entre los equipos que las alimentan. Antes dirigió analítica en retail.',
    },
    order: 2,
  },
  {
    name: 'Marta Vidal',
    role: { en: 'Cloud architect', es: 'Arquitecta cloud' },
    bio: {
      en: 'Migrations that keep the lights on, and cloud bills that make sense to finance.',
      es: 'Migraciones sin apagones y facturas cloud que finanzas entiende.',
    },
    order: 3,
  },
  {
    name: 'Tomás Herrera',
    role: { en: 'Security lead', es: 'Responsable de seguridad' },
    bio: {
      en: 'Zero-trust networks and audits that teams can pass without heroics.',
      es: 'Redes de confianza cero y auditorías que los equipos superan sin heroicidades.',
    },
    order: 4,
  },
]

/** Each member's illustrated portrait (uploaded by the seed's media step, before this runs). */
const PORTRAITS: Readonly<Record<string, string>> = {
  'Lucía Romero': TEAM_PORTRAIT_IMAGES[2],
  'Daniel Okafor': TEAM_PORTRAIT_IMAGES[1],
  'Marta Vidal': TEAM_PORTRAIT_IMAGES[3],
  'Tomás Herrera': TEAM_PORTRAIT_IMAGES[0],
}

/**
 * The id of the seed's upload of `filename`: every upload is stored under a name of its own
 * (`team-portrait-1-12345678.png`, src/media/prepare-upload.ts), so the name is matched with
 * that suffix.
 */
async function seededMediaId(
  payload: Payload,
  context: () => RequestContext,
  filename: string,
): Promise<number | undefined> {
  const dot = filename.lastIndexOf('.')
  const base = filename.slice(0, dot)
  const { docs } = await payload.find({
    overrideAccess: true,
    context: context(),
    collection: 'media',
    where: { filename: { like: base } },
    depth: 0,
    sort: 'id',
    pagination: false,
  })
  const stored = (name: string) =>
    name === filename ||
    (name.startsWith(`${base}-`) &&
      name.endsWith(filename.slice(dot)) &&
      /^\d+$/.test(name.slice(base.length + 1, name.length - (filename.length - dot))))
  return docs.find((doc) => typeof doc.filename === 'string' && stored(doc.filename))?.id
}

/** Who signs each demo document (by slug); the rest stay signed by the firm. */
const AUTHORS: Readonly<Record<string, string>> = {
  'observability-before-incidents': 'Lucía Romero',
  'cloud-cost-guardrails': 'Marta Vidal',
  'data-contracts-in-practice': 'Daniel Okafor',
  'strangler-fig-modernization': 'Lucía Romero',
  'zero-trust-for-mid-sized-teams': 'Tomás Herrera',
  'platform-teams-paved-roads': 'Marta Vidal',
  'ml-models-in-production': 'Daniel Okafor',
  'logistics-cloud-migration': 'Marta Vidal',
  'retail-demand-forecasting': 'Daniel Okafor',
  'credit-union-payments-platform': 'Tomás Herrera',
  'clinic-network-data-platform': 'Daniel Okafor',
}

interface SeedTestimonial {
  name: string
  role: PerLocale<string>
  company: string
  quote: PerLocale<string>
  caseStudy: string
  featured: boolean
}

export const TESTIMONIALS: readonly SeedTestimonial[] = [
  {
    name: 'Elena Marsh',
    role: { en: 'VP of operations', es: 'Vicepresidenta de operaciones' },
    company: 'Northwind Freight (demo)',
    quote: {
      en: 'They moved our dispatch system to the cloud without a single missed delivery window. Our on-call rota finally sleeps.',
      es: 'Migraron nuestro sistema de despacho a la nube sin perder una sola ventana de entrega. Por fin duerme el equipo de guardia.',
    },
    caseStudy: 'logistics-cloud-migration',
    featured: true,
  },
  {
    name: 'Jorge Salinas',
    role: { en: 'Chief data officer', es: 'Director de datos' },
    company: 'Brisa Retail (demo)',
    quote: {
      en: 'The forecasts are good, but what changed the business is that store managers now trust the numbers.',
      es: 'Las previsiones son buenas, pero lo que cambió el negocio es que los encargados de tienda ahora confían en los números.',
    },
    caseStudy: 'retail-demand-forecasting',
    featured: true,
  },
  {
    name: 'Ana Beltrán',
    role: { en: 'CTO', es: 'Directora de tecnología' },
    company: 'Horizonte Credit Union (demo)',
    quote: {
      en: 'A payments platform our auditors praised. We did not think that sentence was possible.',
      es: 'Una plataforma de pagos que nuestros auditores elogiaron. No creíamos que esa frase fuera posible.',
    },
    caseStudy: 'credit-union-payments-platform',
    featured: false,
  },
]

/** Fictional clients' wordmarks, drawn as small SVG files. */
export const CLIENT_LOGOS: readonly { name: string; filename: string; colour: string }[] = [
  { name: 'Northwind Freight', filename: 'logo-northwind-freight.svg', colour: '#1d4ed8' },
  { name: 'Brisa Retail', filename: 'logo-brisa-retail.svg', colour: '#b45309' },
  { name: 'Horizonte Credit Union', filename: 'logo-horizonte.svg', colour: '#047857' },
  { name: 'Clínicas Alba', filename: 'logo-clinicas-alba.svg', colour: '#7c3aed' },
]

const LOGO_WIDTH = 240
const LOGO_HEIGHT = 60

/** A wordmark: the name in the client's colour beside a simple mark. */
export function wordmarkSvg(name: string, colour: string): string {
  const text = name.replace(/[<>&]/g, '')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}">` +
    `<circle cx="30" cy="30" r="18" fill="${colour}"/>` +
    `<text x="58" y="37" font-family="Inter, Arial, sans-serif" font-size="18" font-weight="700" fill="${colour}">${text}</text>` +
    `</svg>`
  )
}

const ABOUT: PerLocale<{
  title: string
  intro: string
  story: string[]
  approach: string[]
  values: { title: string; text: string }[]
  offices: { city: string; address: string; latitude: number; longitude: number }[]
}> = {
  en: {
    title: 'About us',
    intro:
      'A small engineering firm in Madrid and Lisbon: senior people who build, run and hand over the systems our clients depend on.',
    story: [
      'We started in 2015 as three engineers who were tired of handing clients slide decks instead of working software.',
      'Today we are a team of senior engineers who take on a handful of projects at a time, and stay until they run without us.',
    ],
    approach: [
      'We begin with the problem, not the technology: a short discovery, a written plan with its risks, then small releases you can see every week.',
      'Everything we build is documented, tested and owned by your team when we leave.',
    ],
    values: [
      { title: 'Plain words', text: 'We say what we know, what we do not, and what it will cost.' },
      { title: 'Small steps', text: 'Working software every week beats a big reveal.' },
      {
        title: 'Leave it better',
        text: 'Your team owns what we build, with the knowledge to run it.',
      },
      { title: 'Security by default', text: 'Least privilege and audit trails are not extras.' },
    ],
    offices: [
      {
        city: 'Madrid',
        address: 'Calle de Alcalá 120, 28009 Madrid',
        latitude: 40.4168,
        longitude: -3.7038,
      },
      {
        city: 'Lisbon',
        address: 'Avenida da Liberdade 110, 1250-146 Lisbon',
        latitude: 38.7223,
        longitude: -9.1393,
      },
    ],
  },
  es: {
    title: 'Sobre nosotros',
    intro:
      'Una pequeña firma de ingeniería en Madrid y Lisboa: profesionales sénior que construyen, operan y entregan los sistemas de los que dependen nuestros clientes.',
    story: [
      'Empezamos en 2015, tres ingenieros cansados de entregar presentaciones en lugar de software que funciona.',
      'Hoy somos un equipo de ingenieros sénior que acepta pocos proyectos a la vez y se queda hasta que funcionan sin nosotros.',
    ],
    approach: [
      'Empezamos por el problema, no por la tecnología: un breve descubrimiento, un plan escrito con sus riesgos y entregas pequeñas que se ven cada semana.',
      'Todo lo que construimos queda documentado, probado y en manos de su equipo cuando nos vamos.',
    ],
    values: [
      { title: 'Palabras claras', text: 'Decimos lo que sabemos, lo que no y lo que costará.' },
      {
        title: 'Pasos pequeños',
        text: 'Software que funciona cada semana antes que una gran revelación.',
      },
      { title: 'Dejarlo mejor', text: 'Su equipo es dueño de lo que construimos y sabe operarlo.' },
      {
        title: 'Seguridad por defecto',
        text: 'El mínimo privilegio y la trazabilidad no son extras.',
      },
    ],
    offices: [
      {
        city: 'Madrid',
        address: 'Calle de Alcalá 120, 28009 Madrid',
        latitude: 40.4168,
        longitude: -3.7038,
      },
      {
        city: 'Lisboa',
        address: 'Avenida da Liberdade 110, 1250-146 Lisboa',
        latitude: 38.7223,
        longitude: -9.1393,
      },
    ],
  },
}

const paragraphs = (texts: readonly string[]) =>
  richText(texts.map((text) => ({ type: 'paragraph' as const, text })))

/** The About page's copy in a locale, as the global stores it (compared field by field). */
function aboutCopy(locale: Locale) {
  const copy = ABOUT[locale]
  return {
    title: copy.title,
    intro: copy.intro,
    story: paragraphs(copy.story),
    approach: paragraphs(copy.approach),
    values: copy.values,
    offices: copy.offices,
  }
}

/** The texts of a rich text value, in order. */
const textsOf = (value: unknown): string[] =>
  [...JSON.stringify(value ?? null).matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)].map(
    ([, text]) => text!,
  )

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)

export async function seedPeopleAndProof(
  payload: Payload,
  context: () => RequestContext,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  const asSeed = () => ({ overrideAccess: true, context: context() }) as const

  // The team.
  const members = new Map<string, number>()
  for (const member of TEAM) {
    const { docs } = await payload.find({
      ...asSeed(),
      collection: 'team-members',
      where: { name: { equals: member.name } },
      depth: 0,
      limit: 1,
    })
    const portrait = PORTRAITS[member.name]
    const photo = portrait ? await seededMediaId(payload, context, portrait) : undefined
    if (docs[0]) {
      members.set(member.name, docs[0].id)
      if (photo !== undefined && !docs[0].photo) {
        await payload.update({
          ...asSeed(),
          collection: 'team-members',
          id: docs[0].id,
          data: { photo, _status: 'published' },
        })
        outcomes.push('updated')
      } else {
        outcomes.push('unchanged')
      }
      continue
    }
    const doc = await payload.create({
      ...asSeed(),
      collection: 'team-members',
      locale: DEFAULT_LOCALE,
      data: {
        name: member.name,
        ...(photo !== undefined ? { photo } : {}),
        role: member.role[DEFAULT_LOCALE],
        bio: member.bio[DEFAULT_LOCALE],
        order: member.order,
        ...(member.profileUrl ? { profileUrl: member.profileUrl } : {}),
        _status: 'published',
      },
    })
    for (const locale of OTHER_LOCALES) {
      await payload.update({
        ...asSeed(),
        collection: 'team-members',
        id: doc.id,
        locale,
        data: { role: member.role[locale], bio: member.bio[locale], _status: 'published' },
      })
    }
    members.set(member.name, doc.id)
    outcomes.push('created')
  }

  // Authors of the demo documents: only where none is set and no newer draft is waiting (a
  // published save would publish it with the author).
  for (const collection of ['posts', 'case-studies'] as const) {
    const { docs } = await payload.find({
      ...asSeed(),
      collection,
      where: { slug: { in: Object.keys(AUTHORS) } },
      depth: 0,
      pagination: false,
      draft: true,
    })
    for (const doc of docs) {
      const author = members.get(AUTHORS[doc.slug ?? ''] ?? '')
      if (author === undefined || doc.author || doc._status !== 'published') continue
      await payload.update({
        ...asSeed(),
        collection,
        id: doc.id,
        data: { author, _status: 'published' },
      })
      outcomes.push('updated')
    }
  }

  // Testimonials, linked to their case studies.
  for (const testimonial of TESTIMONIALS) {
    const { docs } = await payload.find({
      ...asSeed(),
      collection: 'testimonials',
      where: { name: { equals: testimonial.name } },
      depth: 0,
      limit: 1,
    })
    if (docs[0]) {
      outcomes.push('unchanged')
      continue
    }
    const { docs: cases } = await payload.find({
      ...asSeed(),
      collection: 'case-studies',
      where: { slug: { equals: testimonial.caseStudy } },
      depth: 0,
      limit: 1,
    })
    const doc = await payload.create({
      ...asSeed(),
      collection: 'testimonials',
      locale: DEFAULT_LOCALE,
      data: {
        name: testimonial.name,
        company: testimonial.company,
        role: testimonial.role[DEFAULT_LOCALE],
        quote: testimonial.quote[DEFAULT_LOCALE],
        featured: testimonial.featured,
        ...(cases[0] ? { caseStudy: cases[0].id } : {}),
        _status: 'published',
      },
    })
    for (const locale of OTHER_LOCALES) {
      await payload.update({
        ...asSeed(),
        collection: 'testimonials',
        id: doc.id,
        locale,
        data: {
          role: testimonial.role[locale],
          quote: testimonial.quote[locale],
          _status: 'published',
        },
      })
    }
    outcomes.push('created')
  }

  // Client logos: a wordmark file each.
  for (const [index, logo] of CLIENT_LOGOS.entries()) {
    const { docs } = await payload.find({
      ...asSeed(),
      collection: 'client-logos',
      where: { name: { equals: logo.name } },
      depth: 0,
      limit: 1,
    })
    if (docs[0]) {
      outcomes.push('unchanged')
      continue
    }
    const { docs: files } = await payload.find({
      ...asSeed(),
      collection: 'media',
      // Payload may have added a suffix to the name (a file of that name already on disk).
      where: { filename: { like: logo.filename.replace(/\.svg$/, '') } },
      depth: 0,
      limit: 1,
    })
    const data = Buffer.from(wordmarkSvg(logo.name, logo.colour))
    const file =
      files[0] ??
      (await payload.create({
        ...asSeed(),
        collection: 'media',
        locale: DEFAULT_LOCALE,
        data: { alt: logo.name },
        file: { data, mimetype: 'image/svg+xml', name: logo.filename, size: data.length },
      }))
    await payload.create({
      ...asSeed(),
      collection: 'client-logos',
      data: {
        name: logo.name,
        logo: file.id,
        featured: true,
        order: index + 1,
        _status: 'published',
      },
    })
    outcomes.push('created')
  }

  // The About page, in every locale.
  for (const locale of LOCALES) {
    const current = await payload.findGlobal({
      slug: 'about-page',
      locale,
      fallbackLocale: false,
      depth: 0,
      draft: false,
      overrideAccess: true,
    })
    const wanted = aboutCopy(locale)
    // Compared as text: Payload stores rich text with more keys than the seed writes, and
    // numbers of `numeric` columns as it reads them.
    const comparable = (copy: {
      title?: string | null
      intro?: string | null
      story?: unknown
      approach?: unknown
      values?: { title: string; text?: string | null }[] | null
      offices?:
        { city: string; address?: string | null; latitude: number; longitude: number }[] | null
    }) =>
      JSON.stringify([
        copy.title ?? null,
        copy.intro ?? null,
        textsOf(copy.story),
        textsOf(copy.approach),
        (copy.values ?? []).map((value) => [value.title, value.text ?? null]),
        (copy.offices ?? []).map((office) => [
          office.city,
          office.address ?? null,
          Number(office.latitude),
          Number(office.longitude),
        ]),
      ])
    if (comparable(current) === comparable(wanted)) {
      outcomes.push('unchanged')
      continue
    }
    await payload.updateGlobal({
      slug: 'about-page',
      locale,
      data: { ...wanted, _status: 'published' },
      overrideAccess: true,
      context: context(),
    })
    outcomes.push(current.updatedAt ? 'updated' : 'created')
  }
  return outcomes
}
