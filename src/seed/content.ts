/**
 * The demo content: texts, dates and relations only. `index.ts` holds the logic that writes it.
 *
 * Dates are fixed strings so that every run (and every machine) produces the same documents.
 */
import type { Locale } from '@/i18n/locales'

import type { ContentBlock } from './richText'

/** Every editors-only note starts with this, so tests can prove it never leaks publicly. */
export const INTERNAL_NOTE_MARKER = 'INTERNAL-NOTE:'
/** In the titles of the two documents that were never published. */
export const DRAFT_ONLY_MARKER = 'DRAFT-ONLY'
/** In the English title of the newer, unpublished edit of a published post. */
export const UNPUBLISHED_EDIT_MARKER = 'UNPUBLISHED-EDIT'

export type Localized<T> = Readonly<Record<Locale, T>>

export interface SeedImage {
  /** A file in src/seed/assets/ (src/seed/shipped-assets.ts), uploaded under this name. */
  filename: string
  alt: Localized<string>
}

export interface SeedCategory {
  slug: string
  title: Localized<string>
}

export interface DocumentCopy {
  title: string
  excerpt: string
  metaTitle: string
  metaDescription: string
  body: readonly ContentBlock[]
}

export interface SeedDocument {
  slug: string
  /** `draft`: created as a draft and never published. */
  status: 'published' | 'draft'
  publishedAt?: string
  /** Filename of one of `images`. */
  coverImage: string
  /** Slugs of `categories`. */
  categories: readonly string[]
  internalNotes: string
  copy: Localized<DocumentCopy>
  /** A newer English edit saved as a draft over the published version, never published. */
  pendingEdit?: Pick<DocumentCopy, 'title' | 'excerpt'>
}

export interface CaseStudySummaryCopy {
  challenge: string
  solution: string
  /** Key figures, the headline result first. */
  results: readonly { value: string; label: string }[]
}

export interface SeedCaseStudy extends SeedDocument {
  client: string
  industry: Localized<string>
  /** Put forward on the home page. */
  featured: boolean
  summary: Localized<CaseStudySummaryCopy>
}

/** Used only by the two never-published documents: no published document may point at it. */
export const UNANNOUNCED_IMAGE = 'unannounced-client-logo.jpg'

/** The home page's hero image (src/seed/home.ts). */
export const HOME_HERO_IMAGE = 'home-hero.jpg'

/** A picture for the About page (src/seed/people.ts). */
export const ABOUT_IMAGE = 'about-studio.jpg'

/** Illustrated team portraits, one per team member in order (src/seed/people.ts). */
export const TEAM_PORTRAIT_IMAGES = [
  'team-portrait-1.png',
  'team-portrait-2.png',
  'team-portrait-3.png',
  'team-portrait-4.png',
  'team-portrait-5.png',
  'team-portrait-6.png',
] as const

/**
 * The licensed photographs and drawn portraits the seed uploads (src/seed/assets/, credited in
 * docs/credits.md). Alt text says what the picture shows, in each language.
 */
export const images: readonly SeedImage[] = [
  {
    filename: 'cover-observability-before-incidents.jpg',
    alt: {
      en: 'Close-up of a white wall clock with gold hour marks, seen at an angle',
      es: 'Primer plano de un reloj de pared blanco con marcas doradas, visto en ángulo',
    },
  },
  {
    filename: 'cover-cloud-cost-guardrails.jpg',
    alt: {
      en: 'Steel bridge cables crossing a blue sky above a flat shoreline',
      es: 'Cables de acero de un puente cruzando un cielo azul sobre una costa llana',
    },
  },
  {
    filename: 'cover-data-contracts-in-practice.jpg',
    alt: {
      en: 'A stream running down stone steps through a green forest',
      es: 'Un arroyo que baja por escalones de piedra en un bosque verde',
    },
  },
  {
    filename: 'cover-strangler-fig-modernization.jpg',
    alt: {
      en: 'Half a fresh fig in a bright red bowl on grey concrete',
      es: 'Medio higo fresco en un cuenco rojo intenso sobre hormigón gris',
    },
  },
  {
    filename: 'cover-zero-trust-for-mid-sized-teams.jpg',
    alt: {
      en: 'A spaniel looking out through a half-open door',
      es: 'Un spaniel asomado por una puerta entreabierta',
    },
  },
  {
    filename: 'cover-platform-teams-paved-roads.jpg',
    alt: {
      en: 'A worn path across a mountain meadow towards rocky, snow-streaked peaks',
      es: 'Un sendero marcado en un prado de montaña hacia picos rocosos con nieve',
    },
  },
  {
    filename: 'cover-ml-models-in-production.jpg',
    alt: {
      en: 'Dandelion seed heads in a meadow, backlit by the evening sun',
      es: 'Cabezas de semillas de diente de león en un prado, a contraluz al atardecer',
    },
  },
  {
    filename: 'cover-evolving-post.jpg',
    alt: {
      en: 'Autumn forest below a limestone mountain ridge, green pasture in front',
      es: 'Bosque otoñal bajo una sierra caliza, con un prado verde delante',
    },
  },
  {
    filename: 'cover-logistics-cloud-migration.jpg',
    alt: {
      en: 'A nuthatch climbing down a tree trunk, the background softly blurred',
      es: 'Un trepador azul bajando por un tronco, con el fondo desenfocado',
    },
  },
  {
    filename: 'cover-retail-demand-forecasting.jpg',
    alt: {
      en: 'The Milky Way over a calm sea in purple and orange light',
      es: 'La Vía Láctea sobre un mar en calma con luz morada y naranja',
    },
  },
  {
    filename: 'cover-credit-union-payments-platform.jpg',
    alt: {
      en: 'Abstract flowing bands of violet, orange, green and cyan',
      es: 'Bandas abstractas y fluidas en violeta, naranja, verde y cian',
    },
  },
  {
    filename: 'cover-clinic-network-data-platform.jpg',
    alt: {
      en: 'A dragonfly resting on a twig among sunlit green leaves',
      es: 'Una libélula posada en una ramita entre hojas verdes al sol',
    },
  },
  {
    // The home page's hero (src/seed/home.ts): 1600 px wide, twice the hero's image column.
    filename: HOME_HERO_IMAGE,
    alt: {
      en: 'Sunrise over a rocky hilltop with mountain ranges on the horizon',
      es: 'Amanecer sobre una cima rocosa con cordilleras en el horizonte',
    },
  },
  {
    filename: UNANNOUNCED_IMAGE,
    alt: {
      en: 'Paintbrushes with bristles in bright colours, a work in progress',
      es: 'Pinceles con cerdas de colores vivos, un trabajo en curso',
    },
  },
  {
    filename: ABOUT_IMAGE,
    alt: {
      en: 'A small wooden bird ornament hanging in flight beneath two glowing lamps',
      es: 'Un pequeño pájaro de madera colgado en vuelo bajo dos lámparas encendidas',
    },
  },
  {
    filename: TEAM_PORTRAIT_IMAGES[0],
    alt: {
      en: 'Illustrated portrait of a smiling person with short dark hair, round glasses and a teal top',
      es: 'Retrato ilustrado de una persona sonriente con pelo corto oscuro, gafas redondas y camiseta verde azulado',
    },
  },
  {
    filename: TEAM_PORTRAIT_IMAGES[1],
    alt: {
      en: 'Illustrated portrait of a smiling person with full curly black hair and an orange top',
      es: 'Retrato ilustrado de una persona sonriente con pelo negro rizado y abundante y camiseta naranja',
    },
  },
  {
    filename: TEAM_PORTRAIT_IMAGES[2],
    alt: {
      en: 'Illustrated portrait of a smiling person with long light-brown hair and a navy top',
      es: 'Retrato ilustrado de una persona sonriente con pelo largo castaño claro y camiseta azul marino',
    },
  },
  {
    filename: TEAM_PORTRAIT_IMAGES[3],
    alt: {
      en: 'Illustrated portrait of a smiling person with dark hair in a bun, round glasses and a violet top',
      es: 'Retrato ilustrado de una persona sonriente con pelo oscuro recogido en un moño, gafas redondas y camiseta violeta',
    },
  },
  {
    filename: TEAM_PORTRAIT_IMAGES[4],
    alt: {
      en: 'Illustrated portrait of a smiling person with a shaved head and an olive-green top',
      es: 'Retrato ilustrado de una persona sonriente con cabeza rapada y camiseta verde oliva',
    },
  },
  {
    filename: TEAM_PORTRAIT_IMAGES[5],
    alt: {
      en: 'Illustrated portrait of a smiling person with short auburn hair and a slate-grey top',
      es: 'Retrato ilustrado de una persona sonriente con pelo corto castaño rojizo y camiseta gris pizarra',
    },
  },
]

export const categories: readonly SeedCategory[] = [
  { slug: 'cloud', title: { en: 'Cloud & Infrastructure', es: 'Nube e infraestructura' } },
  { slug: 'data-analytics', title: { en: 'Data & Analytics', es: 'Datos y analítica' } },
  {
    slug: 'software-engineering',
    title: { en: 'Software Engineering', es: 'Ingeniería de software' },
  },
  { slug: 'security', title: { en: 'Security & Compliance', es: 'Seguridad y cumplimiento' } },
  { slug: 'machine-learning', title: { en: 'Machine Learning', es: 'Aprendizaje automático' } },
]

export const posts: readonly SeedDocument[] = [
  {
    slug: 'observability-before-incidents',
    status: 'published',
    publishedAt: '2026-05-12T09:00:00.000Z',
    coverImage: 'cover-observability-before-incidents.jpg',
    categories: ['cloud', 'software-engineering'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Reuse the SLO worksheet from the spring workshop as a downloadable.`,
    copy: {
      en: {
        title: 'Observability you set up before the incident, not after',
        excerpt:
          'Dashboards built in the middle of an outage answer yesterday’s question. Here is the small set of signals we put in place on day one of every engagement.',
        metaTitle: 'Observability before the incident',
        metaDescription:
          'The logs, metrics, traces and service level objectives we set up on day one, so the next outage is shorter and calmer.',
        body: [
          {
            type: 'paragraph',
            text: 'Most teams discover what they cannot see at three in the morning. The dashboards that get built during an outage tend to answer the question of that outage and nothing else, and they are rarely looked at again.',
          },
          { type: 'heading', text: 'Start from what users feel' },
          {
            type: 'paragraph',
            text: 'We begin with two or three service level objectives written in plain language: how fast a checkout should complete, how often a report may fail. Every alert we configure afterwards has to protect one of them, or it goes.',
          },
          {
            type: 'list',
            items: [
              'Structured logs with a request identifier that crosses every service',
              'Latency and error rate per endpoint, not per server',
              'Traces sampled generously on errors and sparingly on success',
            ],
          },
          {
            type: 'paragraph',
            text: 'None of this needs a large budget. It needs a decision, taken early, about which signals matter, and the discipline to delete the ones that do not.',
          },
        ],
      },
      es: {
        title: 'Observabilidad que se prepara antes del incidente, no después',
        excerpt:
          'Los paneles creados en plena caída responden a la pregunta de ayer. Este es el pequeño conjunto de señales que ponemos en marcha el primer día de cada proyecto.',
        metaTitle: 'Observabilidad antes del incidente',
        metaDescription:
          'Los registros, métricas, trazas y objetivos de nivel de servicio que configuramos el primer día para que la próxima caída sea más corta.',
        body: [
          {
            type: 'paragraph',
            text: 'La mayoría de los equipos descubre lo que no puede ver a las tres de la madrugada. Los paneles que se construyen durante una caída suelen responder solo a esa caída y casi nunca se vuelven a consultar.',
          },
          { type: 'heading', text: 'Empezar por lo que perciben los usuarios' },
          {
            type: 'paragraph',
            text: 'Comenzamos con dos o tres objetivos de nivel de servicio redactados en lenguaje llano: cuánto debe tardar un pago, con qué frecuencia puede fallar un informe. Cada alerta que configuramos después debe proteger uno de ellos; si no, se elimina.',
          },
          {
            type: 'list',
            items: [
              'Registros estructurados con un identificador de petición que atraviesa todos los servicios',
              'Latencia y tasa de errores por endpoint, no por servidor',
              'Trazas con muestreo generoso en los errores y moderado en los aciertos',
            ],
          },
          {
            type: 'paragraph',
            text: 'Nada de esto requiere un gran presupuesto. Requiere una decisión temprana sobre qué señales importan y la disciplina de eliminar las que no.',
          },
        ],
      },
    },
  },
  {
    slug: 'cloud-cost-guardrails',
    status: 'published',
    publishedAt: '2026-06-03T09:00:00.000Z',
    coverImage: 'cover-cloud-cost-guardrails.jpg',
    categories: ['cloud'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Savings figures are averaged across three engagements; do not attribute them to one client.`,
    copy: {
      en: {
        title: 'Cloud cost guardrails that engineers actually keep',
        excerpt:
          'Cost reviews once a quarter come too late. We prefer a few automated guardrails that make the cheap choice the easy one for every engineer.',
        metaTitle: 'Cloud cost guardrails engineers keep',
        metaDescription:
          'Budgets, tagging and sensible defaults that keep cloud bills predictable without slowing delivery teams down.',
        body: [
          {
            type: 'paragraph',
            text: 'A surprising cloud bill is rarely caused by one bad decision. It is the sum of many small defaults nobody revisited: oversized instances, forgotten test environments, storage that only ever grows.',
          },
          { type: 'heading', text: 'Guardrails, not gatekeepers' },
          {
            type: 'paragraph',
            text: 'Approval queues for every new resource slow teams down and push spending into the shadows. Instead we encode the rules into the platform, so that doing the right thing requires no extra step.',
          },
          {
            type: 'list',
            items: [
              'Mandatory ownership and environment tags, enforced at deploy time',
              'Non-production environments that switch off outside working hours',
              'Budget alerts routed to the owning team, not to finance',
              'Storage lifecycle rules applied by default',
            ],
          },
          {
            type: 'paragraph',
            text: 'In our recent engagements these few measures reduced monthly spend by a fifth to a third within two billing cycles, with no change to how teams ship.',
          },
        ],
      },
      es: {
        title: 'Límites de coste en la nube que los ingenieros sí respetan',
        excerpt:
          'Las revisiones trimestrales de costes llegan tarde. Preferimos unos pocos límites automáticos que conviertan la opción barata en la más cómoda para cada ingeniero.',
        metaTitle: 'Límites de coste en la nube que sí se respetan',
        metaDescription:
          'Presupuestos, etiquetado y valores por defecto sensatos que mantienen la factura de la nube bajo control sin frenar a los equipos.',
        body: [
          {
            type: 'paragraph',
            text: 'Una factura sorpresa rara vez se debe a una sola mala decisión. Es la suma de muchos valores por defecto que nadie revisó: instancias sobredimensionadas, entornos de prueba olvidados y almacenamiento que solo crece.',
          },
          { type: 'heading', text: 'Barandillas, no porteros' },
          {
            type: 'paragraph',
            text: 'Las colas de aprobación para cada recurso nuevo ralentizan a los equipos y empujan el gasto a la sombra. En su lugar, codificamos las reglas en la plataforma para que hacer lo correcto no exija ningún paso adicional.',
          },
          {
            type: 'list',
            items: [
              'Etiquetas obligatorias de responsable y entorno, verificadas en cada despliegue',
              'Entornos de no producción que se apagan fuera del horario laboral',
              'Alertas de presupuesto dirigidas al equipo responsable, no a finanzas',
              'Reglas de ciclo de vida del almacenamiento aplicadas por defecto',
            ],
          },
          {
            type: 'paragraph',
            text: 'En nuestros proyectos recientes, estas pocas medidas redujeron el gasto mensual entre una quinta parte y un tercio en dos ciclos de facturación, sin cambiar la forma en que los equipos entregan.',
          },
        ],
      },
    },
  },
  {
    slug: 'data-contracts-in-practice',
    status: 'published',
    publishedAt: '2026-06-24T09:00:00.000Z',
    coverImage: 'cover-data-contracts-in-practice.jpg',
    categories: ['data-analytics', 'software-engineering'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Follow-up piece on schema registries is planned for Q1.`,
    copy: {
      en: {
        title: 'Data contracts in practice: fewer broken dashboards',
        excerpt:
          'When an upstream team renames a column, a dashboard somewhere goes blank. Data contracts turn that silent breakage into a conversation before the change ships.',
        metaTitle: 'Data contracts in practice',
        metaDescription:
          'How explicit, versioned agreements between data producers and consumers stop silent breakage in analytics pipelines.',
        body: [
          {
            type: 'paragraph',
            text: 'Analytics pipelines usually depend on tables that were never designed to be depended on. The application team that owns them has no idea who reads them, so every schema change is a gamble.',
          },
          { type: 'heading', text: 'What a contract contains' },
          {
            type: 'list',
            items: [
              'The schema, with types and which fields may be null',
              'Freshness and volume expectations',
              'An owner and a channel for announcing changes',
            ],
          },
          {
            type: 'paragraph',
            text: 'The contract lives next to the producing code and is checked in its continuous integration. A breaking change fails the build of the producer, not the report of the consumer three days later.',
          },
          {
            type: 'paragraph',
            text: 'We introduce contracts for the five or six datasets that feed the most important decisions first. Trying to cover everything at once is the fastest way to make the idea unpopular.',
          },
        ],
      },
      es: {
        title: 'Contratos de datos en la práctica: menos paneles rotos',
        excerpt:
          'Cuando un equipo cambia el nombre de una columna, algún panel se queda en blanco. Los contratos de datos convierten esa rotura silenciosa en una conversación previa.',
        metaTitle: 'Contratos de datos en la práctica',
        metaDescription:
          'Cómo los acuerdos explícitos y versionados entre productores y consumidores de datos evitan roturas silenciosas en la analítica.',
        body: [
          {
            type: 'paragraph',
            text: 'Las canalizaciones de analítica suelen depender de tablas que nunca se diseñaron para ello. El equipo de la aplicación que las mantiene no sabe quién las lee, así que cada cambio de esquema es una apuesta.',
          },
          { type: 'heading', text: 'Qué incluye un contrato' },
          {
            type: 'list',
            items: [
              'El esquema, con tipos y qué campos pueden ser nulos',
              'Expectativas de actualización y de volumen',
              'Un responsable y un canal para anunciar los cambios',
            ],
          },
          {
            type: 'paragraph',
            text: 'El contrato vive junto al código que produce los datos y se comprueba en su integración continua. Un cambio incompatible rompe la compilación del productor, no el informe del consumidor tres días después.',
          },
          {
            type: 'paragraph',
            text: 'Empezamos por los cinco o seis conjuntos de datos que alimentan las decisiones más importantes. Intentar cubrirlo todo de golpe es la forma más rápida de que la idea pierda apoyo.',
          },
        ],
      },
    },
  },
  {
    slug: 'strangler-fig-modernization',
    status: 'published',
    publishedAt: '2026-07-15T09:00:00.000Z',
    coverImage: 'cover-strangler-fig-modernization.jpg',
    categories: ['software-engineering'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Diagram for the routing layer still to be commissioned from design.`,
    copy: {
      en: {
        title: 'Modernizing a monolith without a big-bang rewrite',
        excerpt:
          'Full rewrites promise a clean slate and usually deliver a long freeze. We replace legacy systems one route at a time while the business keeps running.',
        metaTitle: 'Modernizing a monolith without a rewrite',
        metaDescription:
          'The incremental, route-by-route approach we use to replace legacy applications while they stay in production.',
        body: [
          {
            type: 'paragraph',
            text: 'A rewrite looks attractive on a whiteboard. In practice it means two systems to maintain, a moving target to catch up with, and months without visible progress for the people paying for it.',
          },
          { type: 'heading', text: 'One route at a time' },
          {
            type: 'paragraph',
            text: 'We place a thin routing layer in front of the old application. Each new capability, and each old one we rebuild, is served by new code behind that layer, while everything else still reaches the monolith.',
          },
          {
            type: 'list',
            items: [
              'Pick the first slice by business value and low coupling',
              'Mirror traffic to the new path before switching it over',
              'Delete the old code as soon as a route is fully migrated',
            ],
          },
          { type: 'heading', text: 'Knowing when to stop' },
          {
            type: 'paragraph',
            text: 'Not every corner of a legacy system deserves to be rebuilt. Stable, rarely changed parts can stay where they are for years; the goal is a system that is easy to change where change happens.',
          },
        ],
      },
      es: {
        title: 'Modernizar un monolito sin reescribirlo de golpe',
        excerpt:
          'Las reescrituras completas prometen empezar de cero y suelen traer una larga congelación. Sustituimos los sistemas heredados ruta a ruta mientras el negocio sigue funcionando.',
        metaTitle: 'Modernizar un monolito sin reescribirlo',
        metaDescription:
          'El enfoque incremental, ruta a ruta, que usamos para sustituir aplicaciones heredadas mientras siguen en producción.',
        body: [
          {
            type: 'paragraph',
            text: 'Una reescritura resulta atractiva en la pizarra. En la práctica supone mantener dos sistemas, perseguir un objetivo en movimiento y pasar meses sin avances visibles para quien la financia.',
          },
          { type: 'heading', text: 'Una ruta cada vez' },
          {
            type: 'paragraph',
            text: 'Colocamos una capa de enrutamiento ligera delante de la aplicación antigua. Cada capacidad nueva, y cada una de las antiguas que reconstruimos, se sirve con código nuevo detrás de esa capa, mientras el resto sigue llegando al monolito.',
          },
          {
            type: 'list',
            items: [
              'Elegir la primera parte por su valor de negocio y su bajo acoplamiento',
              'Duplicar el tráfico hacia la ruta nueva antes de activarla',
              'Eliminar el código antiguo en cuanto una ruta está totalmente migrada',
            ],
          },
          { type: 'heading', text: 'Saber cuándo parar' },
          {
            type: 'paragraph',
            text: 'No todos los rincones de un sistema heredado merecen reconstruirse. Las partes estables que apenas cambian pueden quedarse donde están durante años; el objetivo es un sistema fácil de cambiar allí donde ocurren los cambios.',
          },
        ],
      },
    },
  },
  {
    slug: 'zero-trust-for-mid-sized-teams',
    status: 'published',
    publishedAt: '2026-08-05T09:00:00.000Z',
    coverImage: 'cover-zero-trust-for-mid-sized-teams.jpg',
    categories: ['security', 'cloud'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Legal reviewed the wording on compliance claims on 2026-07-30.`,
    copy: {
      en: {
        title: 'Zero trust for mid-sized teams, without the buzzwords',
        excerpt:
          'Zero trust is often sold as a product. For a team of fifty engineers it is mostly a handful of habits around identity, devices and access that expires.',
        metaTitle: 'Zero trust for mid-sized teams',
        metaDescription:
          'A practical, vendor-neutral route to zero trust for organisations without a dedicated security department.',
        body: [
          {
            type: 'paragraph',
            text: 'The idea behind zero trust is simple: being inside the office network should not grant anything. Every request proves who is asking, from which device, and for how long the permission should last.',
          },
          { type: 'heading', text: 'The first three steps' },
          {
            type: 'list',
            items: [
              'Single sign-on with phishing-resistant second factors for every internal tool',
              'Short-lived credentials for production access, granted on request',
              'A device inventory that access decisions can actually consult',
            ],
          },
          {
            type: 'paragraph',
            text: 'These steps remove most of the risk that comes from stolen passwords and forgotten accounts. They also make audits far less painful, because access is recorded by design rather than reconstructed afterwards.',
          },
        ],
      },
      es: {
        title: 'Confianza cero para equipos medianos, sin palabras de moda',
        excerpt:
          'La confianza cero suele venderse como un producto. Para un equipo de cincuenta ingenieros son, sobre todo, unos cuantos hábitos sobre identidad, dispositivos y accesos que caducan.',
        metaTitle: 'Confianza cero para equipos medianos',
        metaDescription:
          'Un camino práctico e independiente de proveedores hacia la confianza cero para organizaciones sin un departamento de seguridad propio.',
        body: [
          {
            type: 'paragraph',
            text: 'La idea de la confianza cero es sencilla: estar dentro de la red de la oficina no debería conceder nada. Cada petición demuestra quién pregunta, desde qué dispositivo y durante cuánto tiempo debe durar el permiso.',
          },
          { type: 'heading', text: 'Los tres primeros pasos' },
          {
            type: 'list',
            items: [
              'Inicio de sesión único con segundo factor resistente al phishing en todas las herramientas internas',
              'Credenciales de corta duración para acceder a producción, concedidas bajo petición',
              'Un inventario de dispositivos que las decisiones de acceso puedan consultar de verdad',
            ],
          },
          {
            type: 'paragraph',
            text: 'Estos pasos eliminan la mayor parte del riesgo que generan las contraseñas robadas y las cuentas olvidadas. Además, hacen las auditorías mucho menos penosas, porque los accesos quedan registrados desde el diseño en lugar de reconstruirse después.',
          },
        ],
      },
    },
  },
  {
    slug: 'platform-teams-paved-roads',
    status: 'published',
    publishedAt: '2026-08-26T09:00:00.000Z',
    coverImage: 'cover-platform-teams-paved-roads.jpg',
    categories: ['cloud', 'software-engineering'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Candidate for the conference talk submission in spring.`,
    copy: {
      en: {
        title: 'Paved roads: what a platform team should build first',
        excerpt:
          'A new platform team is tempted to build a portal. The better first product is one well-supported path from an empty repository to production.',
        metaTitle: 'Paved roads: what a platform team builds first',
        metaDescription:
          'Why a platform team should start with one supported path to production, and how to tell whether developers are using it.',
        body: [
          {
            type: 'paragraph',
            text: 'Platform teams are created to make other teams faster. Too often they start with infrastructure that nobody asked for, and spend their first year persuading colleagues to adopt it.',
          },
          { type: 'heading', text: 'One road, fully paved' },
          {
            type: 'paragraph',
            text: 'We recommend picking the most common kind of service in the organisation and making its journey effortless: a template, a pipeline, sensible defaults for logging and secrets, and a deployment that works the first time.',
          },
          {
            type: 'list',
            items: [
              'Time from new repository to first production deploy',
              'Share of services built on the paved road',
              'Support requests per team per month',
            ],
          },
          {
            type: 'paragraph',
            text: 'Those three numbers tell a platform team more about its product than any satisfaction survey. When they improve, adoption follows without a mandate.',
          },
        ],
      },
      es: {
        title: 'Caminos pavimentados: lo primero que debe construir un equipo de plataforma',
        excerpt:
          'Un equipo de plataforma recién creado siente la tentación de construir un portal. El mejor primer producto es un único camino bien cuidado desde un repositorio vacío hasta producción.',
        metaTitle: 'Caminos pavimentados para equipos de plataforma',
        metaDescription:
          'Por qué un equipo de plataforma debe empezar con un único camino a producción bien soportado y cómo saber si los desarrolladores lo usan.',
        body: [
          {
            type: 'paragraph',
            text: 'Los equipos de plataforma se crean para que otros equipos vayan más rápido. Con demasiada frecuencia empiezan por una infraestructura que nadie ha pedido y dedican su primer año a convencer a sus compañeros de que la adopten.',
          },
          { type: 'heading', text: 'Un camino, bien pavimentado' },
          {
            type: 'paragraph',
            text: 'Recomendamos elegir el tipo de servicio más habitual en la organización y hacer que su recorrido no cueste esfuerzo: una plantilla, una canalización, valores por defecto razonables para registros y secretos, y un despliegue que funcione a la primera.',
          },
          {
            type: 'list',
            items: [
              'Tiempo desde un repositorio nuevo hasta el primer despliegue en producción',
              'Proporción de servicios construidos sobre el camino pavimentado',
              'Solicitudes de soporte por equipo y por mes',
            ],
          },
          {
            type: 'paragraph',
            text: 'Esas tres cifras dicen más a un equipo de plataforma sobre su producto que cualquier encuesta de satisfacción. Cuando mejoran, la adopción llega sin necesidad de imponerla.',
          },
        ],
      },
    },
  },
  {
    slug: 'ml-models-in-production',
    status: 'published',
    publishedAt: '2026-09-16T09:00:00.000Z',
    coverImage: 'cover-ml-models-in-production.jpg',
    categories: ['machine-learning', 'data-analytics'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Ask the data science lead to review the monitoring section before any reprint.`,
    copy: {
      en: {
        title: 'Getting machine learning models out of notebooks',
        excerpt:
          'Most models that never reach production were good enough. What they lacked was a repeatable way to train, ship and watch them.',
        metaTitle: 'Getting ML models out of notebooks',
        metaDescription:
          'The minimum engineering around a model, from reproducible training to drift monitoring, that turns a promising notebook into a product.',
        body: [
          {
            type: 'paragraph',
            text: 'A notebook is a fine place to discover that a model works. It is a poor place to run it. The gap between the two is mostly engineering, and it is smaller than many teams fear.',
          },
          { type: 'heading', text: 'The minimum we put in place' },
          {
            type: 'list',
            items: [
              'Training that runs from versioned code and a versioned snapshot of the data',
              'A model registry that records which version serves which traffic',
              'Monitoring of input drift and of the business metric the model exists for',
            ],
          },
          {
            type: 'paragraph',
            text: 'With those pieces, retraining becomes a routine job rather than a heroic effort, and a model that quietly degrades is noticed in days instead of quarters.',
          },
          {
            type: 'paragraph',
            text: 'We deliberately keep the tooling boring. The value lies in the habits it supports, not in the number of components on the architecture diagram.',
          },
        ],
      },
      es: {
        title: 'Cómo sacar los modelos de aprendizaje automático de los notebooks',
        excerpt:
          'La mayoría de los modelos que nunca llegan a producción eran suficientemente buenos. Les faltaba una forma repetible de entrenarlos, desplegarlos y vigilarlos.',
        metaTitle: 'Sacar los modelos de ML de los notebooks',
        metaDescription:
          'La ingeniería mínima alrededor de un modelo, del entrenamiento reproducible a la vigilancia de la deriva, que convierte un notebook en un producto.',
        body: [
          {
            type: 'paragraph',
            text: 'Un notebook es un buen lugar para descubrir que un modelo funciona, pero un mal lugar para ejecutarlo. La distancia entre ambos es sobre todo ingeniería, y es menor de lo que muchos equipos temen.',
          },
          { type: 'heading', text: 'Lo mínimo que ponemos en marcha' },
          {
            type: 'list',
            items: [
              'Un entrenamiento que parte de código versionado y de una instantánea versionada de los datos',
              'Un registro de modelos que indica qué versión atiende qué tráfico',
              'Vigilancia de la deriva de las entradas y de la métrica de negocio que justifica el modelo',
            ],
          },
          {
            type: 'paragraph',
            text: 'Con esas piezas, reentrenar se convierte en una tarea rutinaria y no en una hazaña, y un modelo que se degrada en silencio se detecta en días en lugar de trimestres.',
          },
          {
            type: 'paragraph',
            text: 'Mantenemos las herramientas deliberadamente aburridas. El valor está en los hábitos que sostienen, no en el número de componentes del diagrama de arquitectura.',
          },
        ],
      },
    },
  },
  {
    slug: 'evolving-post',
    status: 'published',
    publishedAt: '2026-10-07T09:00:00.000Z',
    coverImage: 'cover-evolving-post.jpg',
    categories: ['software-engineering', 'data-analytics'],
    internalNotes: `${INTERNAL_NOTE_MARKER} A rewrite with the new workshop agenda is in progress as a draft.`,
    copy: {
      en: {
        title: 'How we run a two-week discovery',
        excerpt:
          'Before we estimate anything, we spend two weeks with the people who will use and run the system. This is what those two weeks look like.',
        metaTitle: 'How we run a two-week discovery',
        metaDescription:
          'Interviews, a technical walkthrough and a prioritised plan: the structure of the discovery phase that opens most of our engagements.',
        body: [
          {
            type: 'paragraph',
            text: 'Estimates made before anyone has seen the existing system are guesses dressed up as numbers. Our engagements therefore start with a short, fixed-price discovery that replaces assumptions with evidence.',
          },
          { type: 'heading', text: 'Week one: listen' },
          {
            type: 'paragraph',
            text: 'We interview the people who use, operate and pay for the system, and we read the code and the infrastructure with the engineers who know it best.',
          },
          { type: 'heading', text: 'Week two: decide' },
          {
            type: 'list',
            items: [
              'A map of the current system and its main risks',
              'Three options with their costs and trade-offs',
              'A prioritised plan for the first three months',
            ],
          },
        ],
      },
      es: {
        title: 'Cómo organizamos un descubrimiento de dos semanas',
        excerpt:
          'Antes de estimar nada, pasamos dos semanas con las personas que usarán y operarán el sistema. Así son esas dos semanas.',
        metaTitle: 'Cómo organizamos un descubrimiento de dos semanas',
        metaDescription:
          'Entrevistas, un recorrido técnico y un plan priorizado: la estructura de la fase de descubrimiento con la que empiezan la mayoría de nuestros proyectos.',
        body: [
          {
            type: 'paragraph',
            text: 'Las estimaciones hechas antes de que nadie haya visto el sistema actual son conjeturas disfrazadas de cifras. Por eso nuestros proyectos empiezan con un descubrimiento breve y de precio cerrado que sustituye las suposiciones por datos.',
          },
          { type: 'heading', text: 'Primera semana: escuchar' },
          {
            type: 'paragraph',
            text: 'Entrevistamos a quienes usan, operan y financian el sistema, y leemos el código y la infraestructura junto a los ingenieros que mejor los conocen.',
          },
          { type: 'heading', text: 'Segunda semana: decidir' },
          {
            type: 'list',
            items: [
              'Un mapa del sistema actual y de sus principales riesgos',
              'Tres opciones con sus costes y compromisos',
              'Un plan priorizado para los tres primeros meses',
            ],
          },
        ],
      },
    },
    pendingEdit: {
      title: `${UNPUBLISHED_EDIT_MARKER}: How we run a three-week discovery`,
      excerpt:
        'We have stretched discovery to three weeks to include a hands-on prototype. This revision is still being reviewed by the team.',
    },
  },
  {
    slug: 'draft-only-post',
    status: 'draft',
    coverImage: UNANNOUNCED_IMAGE,
    categories: ['machine-learning'],
    internalNotes: `${INTERNAL_NOTE_MARKER} Embargoed until the client approves the announcement. Do not publish.`,
    copy: {
      en: {
        title: `${DRAFT_ONLY_MARKER}: A new partnership in applied machine learning`,
        excerpt:
          'An upcoming announcement about a long-term partnership in applied machine learning. Not for publication yet.',
        metaTitle: `${DRAFT_ONLY_MARKER}: New partnership announcement`,
        metaDescription: 'Draft announcement of a partnership that has not been made public.',
        body: [
          {
            type: 'paragraph',
            text: 'We are preparing to announce a multi-year partnership with an organisation that wants to bring forecasting models into its daily operations.',
          },
          { type: 'heading', text: 'What the partnership covers' },
          {
            type: 'list',
            items: [
              'A shared team of data scientists and engineers',
              'A common platform for training and serving models',
            ],
          },
          {
            type: 'paragraph',
            text: 'Details, names and dates will be added once both sides have approved the announcement.',
          },
        ],
      },
      es: {
        title: `${DRAFT_ONLY_MARKER}: Una nueva alianza en aprendizaje automático aplicado`,
        excerpt:
          'Un próximo anuncio sobre una alianza a largo plazo en aprendizaje automático aplicado. Todavía no se puede publicar.',
        metaTitle: `${DRAFT_ONLY_MARKER}: Anuncio de una nueva alianza`,
        metaDescription: 'Borrador del anuncio de una alianza que aún no se ha hecho pública.',
        body: [
          {
            type: 'paragraph',
            text: 'Estamos preparando el anuncio de una alianza plurianual con una organización que quiere incorporar modelos de previsión a su operación diaria.',
          },
          { type: 'heading', text: 'Qué abarca la alianza' },
          {
            type: 'list',
            items: [
              'Un equipo mixto de científicos de datos e ingenieros',
              'Una plataforma común para entrenar y servir modelos',
            ],
          },
          {
            type: 'paragraph',
            text: 'Los detalles, los nombres y las fechas se añadirán cuando ambas partes hayan aprobado el anuncio.',
          },
        ],
      },
    },
  },
]

export const caseStudies: readonly SeedCaseStudy[] = [
  {
    slug: 'logistics-cloud-migration',
    status: 'published',
    publishedAt: '2026-06-10T09:00:00.000Z',
    coverImage: 'cover-logistics-cloud-migration.jpg',
    categories: ['cloud'],
    client: 'Tidewell Freight',
    industry: { en: 'Logistics', es: 'Logística' },
    featured: true,
    summary: {
      en: {
        challenge:
          'The lease on the data centre hosting the parcel tracking platform was ending, months before the busiest season of the year.',
        solution:
          'Infrastructure rebuilt as code, continuous database replication, and services moved in small groups behind a reversible traffic switch.',
        results: [
          { value: '11 weeks', label: 'from kickoff to the last service moved' },
          { value: '0 h', label: 'of planned downtime for customers' },
          { value: '−25 %', label: 'hosting costs' },
        ],
      },
      es: {
        challenge:
          'El contrato del centro de datos que alojaba la plataforma de seguimiento vencía meses antes de la temporada de más actividad del año.',
        solution:
          'Infraestructura reconstruida como código, replicación continua de las bases de datos y servicios trasladados en pequeños grupos tras un conmutador de tráfico reversible.',
        results: [
          { value: '11 semanas', label: 'desde el arranque hasta el último servicio migrado' },
          { value: '0 h', label: 'de parada planificada para los clientes' },
          { value: '−25 %', label: 'en costes de alojamiento' },
        ],
      },
    },
    internalNotes: `${INTERNAL_NOTE_MARKER} Client approved the case study text; the contract value stays confidential.`,
    copy: {
      en: {
        title: 'Moving a freight tracking platform to the cloud in eleven weeks',
        excerpt:
          'A regional freight operator left an ageing data centre behind without a single hour of planned downtime for its tracking service.',
        metaTitle: 'Freight tracking platform moved to the cloud',
        metaDescription:
          'How a regional freight operator migrated its shipment tracking platform to the cloud in eleven weeks with no planned downtime.',
        body: [
          {
            type: 'paragraph',
            text: 'The tracking platform handled every scan of every parcel, and the lease on the data centre that hosted it was about to end. A rushed move would have put the busiest season of the year at risk.',
          },
          { type: 'heading', text: 'Approach' },
          {
            type: 'paragraph',
            text: 'We rebuilt the infrastructure as code first, replicated the databases continuously, and moved services in small groups behind a traffic switch that could be reversed in seconds.',
          },
          {
            type: 'list',
            items: [
              'Eleven weeks from kickoff to the last service moved',
              'No planned downtime for customers tracking their shipments',
              'Hosting costs roughly a quarter lower than the data centre contract',
            ],
          },
          { type: 'heading', text: 'What stayed with the team' },
          {
            type: 'paragraph',
            text: 'The operator’s own engineers ran the final migrations themselves, using the runbooks and pipelines we had built together.',
          },
        ],
      },
      es: {
        title: 'Una plataforma de seguimiento de envíos en la nube en once semanas',
        excerpt:
          'Un operador regional de transporte dejó atrás un centro de datos envejecido sin una sola hora de parada planificada en su servicio de seguimiento.',
        metaTitle: 'Seguimiento de envíos migrado a la nube',
        metaDescription:
          'Cómo un operador regional de transporte migró su plataforma de seguimiento de envíos a la nube en once semanas y sin paradas planificadas.',
        body: [
          {
            type: 'paragraph',
            text: 'La plataforma registraba cada lectura de cada paquete, y el contrato del centro de datos que la alojaba estaba a punto de vencer. Una mudanza precipitada habría puesto en riesgo la temporada de más actividad del año.',
          },
          { type: 'heading', text: 'Enfoque' },
          {
            type: 'paragraph',
            text: 'Primero reconstruimos la infraestructura como código, replicamos las bases de datos de forma continua y trasladamos los servicios en pequeños grupos detrás de un conmutador de tráfico que podía revertirse en segundos.',
          },
          {
            type: 'list',
            items: [
              'Once semanas desde el arranque hasta el último servicio migrado',
              'Ninguna parada planificada para los clientes que siguen sus envíos',
              'Costes de alojamiento aproximadamente una cuarta parte inferiores a los del centro de datos',
            ],
          },
          { type: 'heading', text: 'Lo que se quedó en el equipo' },
          {
            type: 'paragraph',
            text: 'Los propios ingenieros del operador ejecutaron las últimas migraciones con los procedimientos y las canalizaciones que habíamos construido juntos.',
          },
        ],
      },
    },
  },
  {
    slug: 'retail-demand-forecasting',
    status: 'published',
    publishedAt: '2026-07-22T09:00:00.000Z',
    coverImage: 'cover-retail-demand-forecasting.jpg',
    categories: ['machine-learning', 'data-analytics'],
    client: 'Quillmark Grocers',
    industry: { en: 'Retail', es: 'Comercio minorista' },
    featured: true,
    summary: {
      en: {
        challenge:
          'Fresh produce was ordered from spreadsheets: some stores ran out by noon while others discarded crates every evening.',
        solution:
          'Store-level demand forecasts for every fresh product, delivered into the ordering screen managers already used.',
        results: [
          { value: '−30 %', label: 'fresh food thrown away' },
          { value: '−18 %', label: 'stock-outs of fresh produce' },
          { value: '1 season', label: 'to reach every store' },
        ],
      },
      es: {
        challenge:
          'Los productos frescos se pedían con hojas de cálculo: unas tiendas se quedaban sin existencias a mediodía y otras tiraban cajas cada noche.',
        solution:
          'Previsiones de demanda por tienda para cada producto fresco, integradas en la pantalla de pedidos que los encargados ya usaban.',
        results: [
          { value: '−30 %', label: 'de alimentos frescos desechados' },
          { value: '−18 %', label: 'de roturas de stock en frescos' },
          { value: '1 temporada', label: 'para llegar a todas las tiendas' },
        ],
      },
    },
    internalNotes: `${INTERNAL_NOTE_MARKER} Waste reduction figure verified against the client's own audit.`,
    copy: {
      en: {
        title: 'Demand forecasting that cut fresh food waste',
        excerpt:
          'A grocery chain replaced spreadsheet ordering for fresh produce with store-level forecasts, and threw away noticeably less food.',
        metaTitle: 'Demand forecasting that cut fresh food waste',
        metaDescription:
          'Store-level demand forecasts for fresh produce helped a grocery chain reduce waste and stock-outs within one season.',
        body: [
          {
            type: 'paragraph',
            text: 'Store managers ordered fresh produce from spreadsheets and experience. Some stores ran out of bread by noon while others discarded crates of fruit every evening.',
          },
          { type: 'heading', text: 'What we built' },
          {
            type: 'paragraph',
            text: 'A forecasting service that predicts daily demand per store and product, taking weather, local events and promotions into account, and suggests an order that managers can adjust.',
          },
          {
            type: 'list',
            items: [
              'Fresh food waste down by about a sixth in the pilot stores',
              'Fewer empty shelves at the end of the day',
              'Suggested orders accepted unchanged in most cases after six weeks',
            ],
          },
          {
            type: 'paragraph',
            text: 'Keeping managers in control of the final order was essential: the forecasts earned trust because people could see and correct them.',
          },
        ],
      },
      es: {
        title: 'Previsión de la demanda que redujo el desperdicio de productos frescos',
        excerpt:
          'Una cadena de supermercados sustituyó los pedidos en hojas de cálculo por previsiones por tienda y desechó bastante menos comida.',
        metaTitle: 'Previsión de demanda contra el desperdicio',
        metaDescription:
          'Las previsiones de demanda por tienda ayudaron a una cadena de supermercados a reducir el desperdicio y las roturas de stock en una temporada.',
        body: [
          {
            type: 'paragraph',
            text: 'Los responsables de tienda pedían los productos frescos con hojas de cálculo y a base de experiencia. Algunas tiendas se quedaban sin pan a mediodía mientras otras tiraban cajas de fruta cada noche.',
          },
          { type: 'heading', text: 'Qué construimos' },
          {
            type: 'paragraph',
            text: 'Un servicio de previsión que estima la demanda diaria por tienda y producto, teniendo en cuenta el tiempo, los eventos locales y las promociones, y propone un pedido que los responsables pueden ajustar.',
          },
          {
            type: 'list',
            items: [
              'Desperdicio de productos frescos reducido en torno a una sexta parte en las tiendas piloto',
              'Menos estanterías vacías al final del día',
              'Pedidos sugeridos aceptados sin cambios en la mayoría de los casos tras seis semanas',
            ],
          },
          {
            type: 'paragraph',
            text: 'Fue esencial que los responsables conservaran el control del pedido final: las previsiones se ganaron la confianza porque la gente podía verlas y corregirlas.',
          },
        ],
      },
    },
  },
  {
    slug: 'credit-union-payments-platform',
    status: 'published',
    publishedAt: '2026-09-02T09:00:00.000Z',
    coverImage: 'cover-credit-union-payments-platform.jpg',
    categories: ['software-engineering', 'security'],
    client: 'Orchard Lane Mutual',
    industry: { en: 'Financial services', es: 'Servicios financieros' },
    featured: false,
    summary: {
      en: {
        challenge:
          'Payments ran as a nightly batch, so members waited a day for transfers and every incident meant a night of manual checks.',
        solution:
          'A real-time payments service with an append-only audit trail, introduced beside the batch system and switched over account by account.',
        results: [
          { value: 'Seconds', label: 'for a transfer, instead of the next day' },
          { value: '100 %', label: 'of payments with an audit trail' },
          { value: '0', label: 'findings at the following regulatory audit' },
        ],
      },
      es: {
        challenge:
          'Los pagos se procesaban en un lote nocturno: los socios esperaban un día por sus transferencias y cada incidencia suponía una noche de comprobaciones manuales.',
        solution:
          'Un servicio de pagos en tiempo real con un registro de auditoría inalterable, introducido junto al sistema por lotes y activado cuenta a cuenta.',
        results: [
          { value: 'Segundos', label: 'por transferencia, en lugar de al día siguiente' },
          { value: '100 %', label: 'de los pagos con registro de auditoría' },
          { value: '0', label: 'observaciones en la siguiente auditoría regulatoria' },
        ],
      },
    },
    internalNotes: `${INTERNAL_NOTE_MARKER} Security details intentionally kept vague at the client's request.`,
    copy: {
      en: {
        title: 'A modern payments core for a member-owned lender',
        excerpt:
          'A member-owned lender replaced a nightly batch payment system with a real-time service, while keeping regulators and auditors comfortable.',
        metaTitle: 'A modern payments core for a member-owned lender',
        metaDescription:
          'Replacing nightly payment batches with a real-time, auditable service for a member-owned financial institution.',
        body: [
          {
            type: 'paragraph',
            text: 'Members expected their payments to arrive within minutes, but the existing system processed them in a single batch every night. Every change to it needed weeks of manual testing.',
          },
          { type: 'heading', text: 'Approach' },
          {
            type: 'paragraph',
            text: 'We designed an event-driven payments service with an append-only ledger, ran it side by side with the batch system for two months, and compared every result before switching over.',
          },
          {
            type: 'list',
            items: [
              'Payments settled in minutes instead of overnight',
              'A complete audit trail produced automatically for every transaction',
              'Release cycle shortened from six weeks to a few days',
            ],
          },
        ],
      },
      es: {
        title: 'Un núcleo de pagos moderno para una entidad financiera de sus socios',
        excerpt:
          'Una entidad financiera propiedad de sus socios sustituyó los pagos por lotes nocturnos por un servicio en tiempo real, con la tranquilidad de reguladores y auditores.',
        metaTitle: 'Un núcleo de pagos moderno para una mutua',
        metaDescription:
          'Sustituir los lotes de pagos nocturnos por un servicio auditable en tiempo real para una entidad financiera propiedad de sus socios.',
        body: [
          {
            type: 'paragraph',
            text: 'Los socios esperaban que sus pagos llegaran en minutos, pero el sistema existente los procesaba en un único lote cada noche. Cualquier cambio requería semanas de pruebas manuales.',
          },
          { type: 'heading', text: 'Enfoque' },
          {
            type: 'paragraph',
            text: 'Diseñamos un servicio de pagos basado en eventos con un libro mayor de solo adición, lo ejecutamos en paralelo con el sistema por lotes durante dos meses y comparamos cada resultado antes del cambio definitivo.',
          },
          {
            type: 'list',
            items: [
              'Pagos liquidados en minutos en lugar de durante la noche',
              'Un registro de auditoría completo generado automáticamente para cada operación',
              'Ciclo de publicación reducido de seis semanas a unos pocos días',
            ],
          },
        ],
      },
    },
  },
  {
    slug: 'clinic-network-data-platform',
    status: 'published',
    publishedAt: '2026-10-21T09:00:00.000Z',
    coverImage: 'cover-clinic-network-data-platform.jpg',
    categories: ['data-analytics', 'security'],
    client: 'Sunmere Health Network',
    industry: { en: 'Healthcare', es: 'Salud' },
    featured: true,
    summary: {
      en: {
        challenge:
          'Twelve clinics kept their records in five systems, and no manager could see waiting times across the network.',
        solution:
          'A governed data platform with shared definitions, access rules per role and daily reports every clinic reads the same way.',
        results: [
          { value: '12', label: 'clinics on one set of numbers' },
          { value: '5 → 1', label: 'sources of truth for waiting times' },
          { value: 'Daily', label: 'reports, instead of quarterly' },
        ],
      },
      es: {
        challenge:
          'Doce clínicas guardaban sus registros en cinco sistemas y ningún responsable podía ver los tiempos de espera de toda la red.',
        solution:
          'Una plataforma de datos gobernada, con definiciones comunes, permisos por función e informes diarios que todas las clínicas leen igual.',
        results: [
          { value: '12', label: 'clínicas con las mismas cifras' },
          { value: '5 → 1', label: 'fuentes de verdad para los tiempos de espera' },
          { value: 'Diarios', label: 'informes, en lugar de trimestrales' },
        ],
      },
    },
    internalNotes: `${INTERNAL_NOTE_MARKER} No patient data was used in screenshots; keep it that way in any update.`,
    copy: {
      en: {
        title: 'One trusted data platform for a network of clinics',
        excerpt:
          'Twelve clinics, five record systems and no shared view of waiting times. A governed data platform gave managers one set of numbers they could trust.',
        metaTitle: 'One trusted data platform for a clinic network',
        metaDescription:
          'A governed data platform that brought twelve clinics onto one set of reliable operational metrics while protecting patient privacy.',
        body: [
          {
            type: 'paragraph',
            text: 'Each clinic reported waiting times and capacity in its own way, so network-wide meetings were spent arguing about whose numbers were right rather than about what to do.',
          },
          { type: 'heading', text: 'What we delivered' },
          {
            type: 'list',
            items: [
              'Automated ingestion from five record systems into one warehouse',
              'Pseudonymisation of personal data before it reaches analysts',
              'A shared definition of every operational metric, owned by named people',
            ],
          },
          {
            type: 'paragraph',
            text: 'Within three months the weekly operations meeting used a single dashboard, and the time from a question to an answer fell from weeks to hours.',
          },
          {
            type: 'paragraph',
            text: 'Privacy was designed in from the start: access is granted per purpose and reviewed every quarter together with the network’s data protection officer.',
          },
        ],
      },
      es: {
        title: 'Una plataforma de datos fiable para una red de clínicas',
        excerpt:
          'Doce clínicas, cinco sistemas de historiales y ninguna visión común de las listas de espera. Una plataforma de datos gobernada dio a los gestores unas cifras en las que confiar.',
        metaTitle: 'Una plataforma de datos fiable para una red de clínicas',
        metaDescription:
          'Una plataforma de datos gobernada que unificó las métricas operativas de doce clínicas protegiendo la privacidad de los pacientes.',
        body: [
          {
            type: 'paragraph',
            text: 'Cada clínica informaba de los tiempos de espera y de su capacidad a su manera, así que las reuniones de la red se dedicaban a discutir qué cifras eran correctas en lugar de qué hacer.',
          },
          { type: 'heading', text: 'Qué entregamos' },
          {
            type: 'list',
            items: [
              'Ingesta automatizada desde cinco sistemas de historiales a un único almacén de datos',
              'Seudonimización de los datos personales antes de que lleguen a los analistas',
              'Una definición compartida de cada métrica operativa, con responsables identificados',
            ],
          },
          {
            type: 'paragraph',
            text: 'En tres meses, la reunión semanal de operaciones pasó a usar un único panel, y el tiempo entre una pregunta y su respuesta bajó de semanas a horas.',
          },
          {
            type: 'paragraph',
            text: 'La privacidad se diseñó desde el principio: el acceso se concede por finalidad y se revisa cada trimestre junto con el delegado de protección de datos de la red.',
          },
        ],
      },
    },
  },
  {
    slug: 'draft-only-case-study',
    status: 'draft',
    coverImage: UNANNOUNCED_IMAGE,
    categories: ['cloud'],
    client: 'Unannounced client (placeholder)',
    industry: { en: 'Energy', es: 'Energía' },
    featured: false,
    summary: {
      en: {
        challenge: 'A placeholder challenge for a case study that is never published.',
        solution: 'A placeholder solution.',
        results: [{ value: '—', label: 'placeholder result' }],
      },
      es: {
        challenge: 'Un reto de ejemplo para un caso que nunca se publica.',
        solution: 'Una solución de ejemplo.',
        results: [{ value: '—', label: 'resultado de ejemplo' }],
      },
    },
    internalNotes: `${INTERNAL_NOTE_MARKER} Client name and figures under NDA until the joint press release.`,
    copy: {
      en: {
        title: `${DRAFT_ONLY_MARKER}: Grid telemetry platform for an energy supplier`,
        excerpt:
          'A case study in preparation about a telemetry platform for an energy supplier. Awaiting client approval.',
        metaTitle: `${DRAFT_ONLY_MARKER}: Grid telemetry case study`,
        metaDescription: 'Draft case study awaiting client approval. Not for publication.',
        body: [
          {
            type: 'paragraph',
            text: 'The supplier needed to collect readings from thousands of field devices and act on them within seconds.',
          },
          { type: 'heading', text: 'Outline' },
          {
            type: 'list',
            items: [
              'Context and constraints',
              'Architecture of the telemetry pipeline',
              'Results, once the client has confirmed the figures',
            ],
          },
        ],
      },
      es: {
        title: `${DRAFT_ONLY_MARKER}: Plataforma de telemetría de red para una comercializadora de energía`,
        excerpt:
          'Un caso de éxito en preparación sobre una plataforma de telemetría para una comercializadora de energía. Pendiente de la aprobación del cliente.',
        metaTitle: `${DRAFT_ONLY_MARKER}: Caso de telemetría de red`,
        metaDescription:
          'Borrador de caso de éxito pendiente de la aprobación del cliente. No publicar.',
        body: [
          {
            type: 'paragraph',
            text: 'La comercializadora necesitaba recoger lecturas de miles de dispositivos de campo y actuar sobre ellas en cuestión de segundos.',
          },
          { type: 'heading', text: 'Esquema' },
          {
            type: 'list',
            items: [
              'Contexto y restricciones',
              'Arquitectura de la canalización de telemetría',
              'Resultados, cuando el cliente haya confirmado las cifras',
            ],
          },
        ],
      },
    },
  },
]
