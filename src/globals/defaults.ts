import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/i18n/locales'
import { SITE } from '@/site/config'
import { DEFAULT_OG_IMAGE } from '@/site/og-image'
import { paths } from '@/site/routes'

/** A link an editor sets: a path on this site (`/es/blog`) or an absolute URL. */
export interface SettingsLink {
  label: string
  href: string
}

/**
 * The site settings in one language, as the pages, twins, llms.txt and JSON-LD read them
 * (src/site/settings.ts): every field filled, from the published globals or these defaults.
 */
/** One service the home page offers: a title and a sentence or two. */
export interface HomeService {
  title: string
  description: string
}

/** One of the principles of how the firm works (the home page): a title and one line. */
export interface HomePrinciple {
  title: string
  line: string
}

/** The home page states three principles, each in one line. */
export const MAX_HOME_PRINCIPLES = 3

/** At most this many services: the grid stays scannable (two rows of three). */
export const MAX_HOME_SERVICES = 6

export interface SiteSettings {
  /** The firm's name as the site shows it (header, footer, titles, JSON-LD, feeds, llms.txt). */
  siteName: string
  tagline: string
  description: string
  /** The firm's facts for JSON-LD; empty ones are left out. */
  organization: { legalName: string; email: string; logo: string; sameAs: string[] }
  hero: {
    heading: string
    lede: string
    ctaLabel: string
    ctaLink: string
    /** The hero's picture (a `media` id, shown with its alt text), or none. */
    imageId: number | null
  }
  /** The home page's sections below the hero. */
  services: { heading: string; intro: string; items: HomeService[] }
  proof: { heading: string; intro: string }
  /** How the firm works: a heading and three principles, one line each. */
  principles: { heading: string; items: HomePrinciple[] }
  closing: { heading: string; text: string; ctaLabel: string; ctaLink: string }
  navigation: { headerLinks: SettingsLink[]; footerText: string }
  contact: { heading: string; intro: string }
  /**
   * Whether the About page is written (has a title) in this language: only then do the footer
   * and the bylines link to it, so no page or twin links a 404.
   */
  aboutPage: boolean
}

/**
 * What the site said before any setting was published: the fields' default values and what a
 * field never saved in a language reads as, so a fresh install looks exactly as it always did.
 */
const LOCALIZED_DEFAULTS: Record<
  Locale,
  Omit<SiteSettings, 'siteName' | 'organization' | 'tagline' | 'description' | 'aboutPage'>
> = {
  en: {
    hero: {
      heading: 'Software, data and cloud consulting that ships',
      lede: 'We are a small senior team that helps companies design, build and run software, data platforms and cloud infrastructure — and leaves their teams stronger than we found them.',
      ctaLabel: 'Tell us about your project',
      ctaLink: paths.contact('en'),
      imageId: null,
    },
    services: {
      heading: 'What we do',
      intro: 'Senior engineers who design, build and run the systems your business depends on.',
      items: [
        {
          title: 'Software delivery',
          description:
            'Web platforms and APIs built to last: modernise what you have or start afresh, shipping every week.',
        },
        {
          title: 'Data platforms',
          description:
            'Pipelines, warehouses and data contracts that give your teams numbers they can trust.',
        },
        {
          title: 'Cloud and platform engineering',
          description:
            'Infrastructure as code, paved roads for your developers and cloud bills that stay under control.',
        },
        {
          title: 'Security and reliability',
          description:
            'Zero-trust access, observability and incident practice, so problems are found before your customers find them.',
        },
      ],
    },
    principles: {
      heading: 'How we work',
      items: [
        {
          title: 'Senior people, small teams',
          line: 'The people you meet are the people who do the work, and they stay until it ships.',
        },
        {
          title: 'Working software every week',
          line: 'We show progress you can use, not slides, and change course early when it is cheaper.',
        },
        {
          title: 'We leave you independent',
          line: 'Your team owns the code, the runbooks and the knowledge when we step back.',
        },
      ],
    },
    proof: {
      heading: 'Results for our clients',
      intro: 'A few of the projects we are proudest of, and what changed for the client.',
    },
    closing: {
      heading: 'Have a project in mind?',
      text: 'Tell us where you are and where you want to be. A senior consultant answers within two working days.',
      ctaLabel: 'Start the conversation',
      ctaLink: paths.contact('en'),
    },
    navigation: {
      headerLinks: [
        { label: 'Blog', href: paths.blog('en') },
        { label: 'Case studies', href: paths.caseStudies('en') },
        { label: 'Contact', href: paths.contact('en') },
        { label: 'Search', href: paths.search('en') },
      ],
      footerText: 'All rights reserved.',
    },
    contact: {
      heading: 'Contact us',
      intro: 'Tell us about your project: we answer every inquiry within two working days.',
    },
  },
  es: {
    hero: {
      heading: 'Consultoría de software, datos y nube que llega a producción',
      lede: 'Somos un equipo pequeño y senior que ayuda a empresas a diseñar, construir y operar software, plataformas de datos e infraestructura en la nube, y que deja a sus equipos más fuertes de lo que los encontró.',
      ctaLabel: 'Cuéntanos tu proyecto',
      ctaLink: paths.contact('es'),
      imageId: null,
    },
    services: {
      heading: 'Qué hacemos',
      intro:
        'Ingenieros senior que diseñan, construyen y operan los sistemas de los que depende tu negocio.',
      items: [
        {
          title: 'Desarrollo de software',
          description:
            'Plataformas web y API hechas para durar: modernizamos lo que tienes o empezamos de cero, con entregas cada semana.',
        },
        {
          title: 'Plataformas de datos',
          description:
            'Pipelines, almacenes y contratos de datos que dan a tus equipos cifras en las que confiar.',
        },
        {
          title: 'Nube e ingeniería de plataforma',
          description:
            'Infraestructura como código, caminos pavimentados para tus desarrolladores y facturas de nube bajo control.',
        },
        {
          title: 'Seguridad y fiabilidad',
          description:
            'Acceso zero trust, observabilidad y práctica ante incidentes, para detectar los problemas antes que tus clientes.',
        },
      ],
    },
    principles: {
      heading: 'Cómo trabajamos',
      items: [
        {
          title: 'Gente senior, equipos pequeños',
          line: 'Las personas que conoces son las que hacen el trabajo, y siguen hasta que llega a producción.',
        },
        {
          title: 'Software que funciona cada semana',
          line: 'Mostramos avances que puedes usar, no diapositivas, y corregimos el rumbo pronto, cuando es más barato.',
        },
        {
          title: 'Te dejamos independiente',
          line: 'Tu equipo se queda con el código, los procedimientos y el conocimiento cuando nos retiramos.',
        },
      ],
    },
    proof: {
      heading: 'Resultados para nuestros clientes',
      intro:
        'Algunos de los proyectos de los que más orgullosos estamos, y lo que cambió para el cliente.',
    },
    closing: {
      heading: '¿Tienes un proyecto en mente?',
      text: 'Cuéntanos dónde estás y adónde quieres llegar. Un consultor senior te responde en dos días laborables.',
      ctaLabel: 'Empecemos a hablar',
      ctaLink: paths.contact('es'),
    },
    navigation: {
      headerLinks: [
        { label: 'Blog', href: paths.blog('es') },
        { label: 'Casos de éxito', href: paths.caseStudies('es') },
        { label: 'Contacto', href: paths.contact('es') },
        { label: 'Buscar', href: paths.search('es') },
      ],
      footerText: 'Todos los derechos reservados.',
    },
    contact: {
      heading: 'Contacto',
      intro: 'Cuéntanos tu proyecto: respondemos a todas las consultas en dos días laborables.',
    },
  },
}

const TAGLINE_AND_SUMMARY: Record<Locale, Pick<SiteSettings, 'tagline' | 'description'>> = {
  en: {
    tagline: 'Software, data and cloud consulting that ships.',
    description:
      'Meridian Consulting helps teams design, build and run software, data platforms and cloud infrastructure. Read our articles and case studies, or tell us about your project.',
  },
  es: {
    tagline: 'Consultoría de software, datos y nube que llega a producción.',
    description:
      'Meridian Consulting ayuda a equipos a diseñar, construir y operar software, plataformas de datos e infraestructura en la nube. Lee nuestros artículos y casos de éxito, o cuéntanos tu proyecto.',
  },
}

/** The firm's facts are the same in every language. */
export const ORGANIZATION_DEFAULTS: SiteSettings['organization'] = {
  legalName: '',
  email: '',
  logo: DEFAULT_OG_IMAGE,
  sameAs: [],
}

export const SETTINGS_DEFAULTS: Readonly<Record<Locale, SiteSettings>> = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    {
      siteName: SITE.name,
      ...TAGLINE_AND_SUMMARY[locale],
      organization: ORGANIZATION_DEFAULTS,
      ...LOCALIZED_DEFAULTS[locale],
      aboutPage: false,
    },
  ]),
) as Record<Locale, SiteSettings>

/** A localized field's default value: the default in the language being edited. */
export const localizedDefault =
  <T>(pick: (settings: SiteSettings) => T) =>
  ({ locale }: { locale?: string }): T =>
    pick(SETTINGS_DEFAULTS[isLocale(locale) ? locale : DEFAULT_LOCALE])
