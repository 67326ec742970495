/**
 * The demo services (src/collections/Services.ts): one published document per key of the inquiry
 * contract's service enum but `other`, in English and Spanish, each with related case studies and
 * posts found by slug. Idempotent as the rest of the seed: found by key, written only when what is
 * published differs from this copy.
 */
import type { Payload, RequestContext } from 'payload'

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'
import type { ServiceKey } from '@/site/service-keys'

type Outcome = 'created' | 'updated' | 'unchanged'

interface ServiceCopy {
  title: string
  summary: string
  whatWeDo: string
  engagement: string
}

interface SeedService {
  key: ServiceKey
  caseStudies: string[]
  posts: string[]
  copy: Record<Locale, ServiceCopy>
}

export const seedServices: SeedService[] = [
  {
    key: 'software-engineering',
    caseStudies: ['credit-union-payments-platform'],
    posts: ['strangler-fig-modernization'],
    copy: {
      en: {
        title: 'Software engineering',
        summary:
          'Web platforms and APIs built to last: we modernise what you have or start afresh, shipping every week.',
        whatWeDo:
          'We design and build the systems your business runs on: customer-facing web applications, internal platforms and the APIs between them.\n\nWhere a legacy system holds you back, we replace it piece by piece behind a stable interface, so the business keeps running while the new system grows.',
        engagement:
          'Two to four senior engineers for three to nine months, working in your repositories and your rituals. A working release in the first month, then every week.',
      },
      es: {
        title: 'Ingeniería de software',
        summary:
          'Plataformas web y API hechas para durar: modernizamos lo que tienes o empezamos de cero, con entregas cada semana.',
        whatWeDo:
          'Diseñamos y construimos los sistemas de los que depende tu negocio: aplicaciones web para clientes, plataformas internas y las API que las unen.\n\nCuando un sistema heredado te frena, lo sustituimos pieza a pieza detrás de una interfaz estable, para que el negocio siga funcionando mientras crece el nuevo.',
        engagement:
          'De dos a cuatro ingenieros senior durante tres a nueve meses, trabajando en tus repositorios y con tus rutinas. Una versión en producción el primer mes y, después, cada semana.',
      },
    },
  },
  {
    key: 'data-platforms',
    caseStudies: ['clinic-network-data-platform'],
    posts: ['data-contracts-in-practice'],
    copy: {
      en: {
        title: 'Data platforms',
        summary:
          'Pipelines, warehouses and data contracts that give your teams numbers they can trust.',
        whatWeDo:
          'We build the platform that turns operational data into reliable reporting and analytics: ingestion, modelling, quality checks and the contracts that keep producers and consumers in step.',
        engagement:
          'A discovery of two weeks, then a small team for three to six months that delivers the first trusted dashboards early and hands the platform to your data team.',
      },
      es: {
        title: 'Plataformas de datos',
        summary:
          'Pipelines, almacenes de datos y contratos de datos que dan a tus equipos cifras en las que confiar.',
        whatWeDo:
          'Construimos la plataforma que convierte los datos operativos en informes y analítica fiables: ingesta, modelado, controles de calidad y los contratos que mantienen de acuerdo a productores y consumidores.',
        engagement:
          'Un descubrimiento de dos semanas y, después, un equipo pequeño durante tres a seis meses que entrega pronto los primeros cuadros de mando fiables y traspasa la plataforma a tu equipo de datos.',
      },
    },
  },
  {
    key: 'cloud',
    caseStudies: ['logistics-cloud-migration'],
    posts: ['cloud-cost-guardrails', 'platform-teams-paved-roads'],
    copy: {
      en: {
        title: 'Cloud and infrastructure',
        summary:
          'Infrastructure as code, paved roads for your developers and cloud bills that stay under control.',
        whatWeDo:
          'We move workloads to the cloud and make them cheaper and safer to run there: infrastructure as code, delivery pipelines, cost guardrails and a platform your developers want to use.',
        engagement:
          'An assessment of two to three weeks with a costed plan, then a migration or platform team of two to five engineers, with your own engineers alongside.',
      },
      es: {
        title: 'Nube e infraestructura',
        summary:
          'Infraestructura como código, caminos pavimentados para tus desarrolladores y facturas de nube bajo control.',
        whatWeDo:
          'Llevamos tus cargas a la nube y hacemos que operarlas allí sea más barato y seguro: infraestructura como código, pipelines de entrega, límites de coste y una plataforma que tus desarrolladores quieran usar.',
        engagement:
          'Una evaluación de dos a tres semanas con un plan valorado y, después, un equipo de migración o de plataforma de dos a cinco ingenieros, junto a los tuyos.',
      },
    },
  },
  {
    key: 'security',
    caseStudies: [],
    posts: ['zero-trust-for-mid-sized-teams', 'observability-before-incidents'],
    copy: {
      en: {
        title: 'Security and reliability',
        summary:
          'Zero-trust access, observability and incident practice, so problems are found before your customers find them.',
        whatWeDo:
          'We harden how people and services reach your systems, make failures visible before they become outages, and practise incidents with your team so the real one is routine.',
        engagement:
          'A review of four weeks with a prioritised list of risks, then fixes delivered with your team over two to four months.',
      },
      es: {
        title: 'Seguridad y fiabilidad',
        summary:
          'Acceso de confianza cero, observabilidad y práctica ante incidentes, para encontrar los problemas antes que tus clientes.',
        whatWeDo:
          'Reforzamos cómo acceden personas y servicios a tus sistemas, hacemos visibles los fallos antes de que sean caídas y ensayamos incidentes con tu equipo para que el real sea rutina.',
        engagement:
          'Una revisión de cuatro semanas con una lista priorizada de riesgos y, después, las correcciones junto a tu equipo durante dos a cuatro meses.',
      },
    },
  },
  {
    key: 'machine-learning',
    caseStudies: ['retail-demand-forecasting'],
    posts: ['ml-models-in-production'],
    copy: {
      en: {
        title: 'Machine learning',
        summary:
          'Models that earn their keep in production: forecasting, ranking and automation with monitoring from day one.',
        whatWeDo:
          'We find the decisions a model can improve, build the simplest model that does it, and run it in production with the monitoring and retraining that keep it honest.',
        engagement:
          'A proof of value in six weeks against a baseline you agree, then productionisation over two to four months.',
      },
      es: {
        title: 'Aprendizaje automático',
        summary:
          'Modelos que se ganan su sitio en producción: previsión, ordenación y automatización con monitorización desde el primer día.',
        whatWeDo:
          'Buscamos las decisiones que un modelo puede mejorar, construimos el modelo más sencillo que lo consigue y lo operamos en producción con la monitorización y el reentrenamiento que lo mantienen honesto.',
        engagement:
          'Una prueba de valor en seis semanas frente a una línea base acordada y, después, la puesta en producción en dos a cuatro meses.',
      },
    },
  },
]

/** Ids of published documents by slug, for the related lists. */
async function idsBySlug(
  payload: Payload,
  collection: 'posts' | 'case-studies',
  slugs: readonly string[],
): Promise<number[]> {
  if (slugs.length === 0) return []
  const { docs } = await payload.find({
    collection,
    where: { slug: { in: slugs } },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    select: { slug: true },
  })
  const bySlug = new Map(docs.map((doc) => [doc.slug, doc.id]))
  return slugs.flatMap((slug) => {
    const id = bySlug.get(slug)
    return id === undefined ? [] : [id]
  })
}

const idOf = (value: number | { id: number }) => (typeof value === 'number' ? value : value.id)

/** Publishes the demo services; one outcome per service. */
export async function upsertServices(
  payload: Payload,
  context: () => RequestContext,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const [position, service] of seedServices.entries()) {
    const shared = {
      key: service.key,
      position,
      caseStudies: await idsBySlug(payload, 'case-studies', service.caseStudies),
      posts: await idsBySlug(payload, 'posts', service.posts),
    }
    const { docs } = await payload.find({
      collection: 'services',
      where: { key: { equals: service.key } },
      locale: 'all',
      depth: 0,
      limit: 1,
      overrideAccess: true,
    })
    const existing = docs[0] as unknown as
      | (Record<keyof ServiceCopy, Record<string, string | null> | undefined> & {
          id: number
          _status?: string | null
          position?: number | null
          caseStudies?: (number | { id: number })[] | null
          posts?: (number | { id: number })[] | null
        })
      | undefined
    const same =
      existing !== undefined &&
      existing._status === 'published' &&
      existing.position === position &&
      JSON.stringify((existing.caseStudies ?? []).map(idOf)) ===
        JSON.stringify(shared.caseStudies) &&
      JSON.stringify((existing.posts ?? []).map(idOf)) === JSON.stringify(shared.posts) &&
      LOCALES.every((locale) =>
        (Object.keys(service.copy[locale]) as (keyof ServiceCopy)[]).every(
          (field) => existing[field]?.[locale] === service.copy[locale][field],
        ),
      )
    if (same) {
      outcomes.push('unchanged')
      continue
    }
    let id = existing?.id
    for (const locale of [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)]) {
      const data = { ...shared, ...service.copy[locale], _status: 'published' as const }
      if (id === undefined) {
        id = (
          await payload.create({
            collection: 'services',
            locale,
            data,
            overrideAccess: true,
            context: context(),
          })
        ).id
      } else {
        await payload.update({
          collection: 'services',
          id,
          locale,
          data,
          overrideAccess: true,
          context: context(),
        })
      }
    }
    outcomes.push(existing ? 'updated' : 'created')
  }
  return outcomes
}
