import type { Locale } from '@/i18n/locales'

/** The firm as the site, feeds and agent resources present it. */
export const SITE = {
  name: 'Meridian Consulting',
  tagline: {
    en: 'Software, data and cloud consulting that ships.',
    es: 'Consultoría de software, datos y nube que llega a producción.',
  },
  description: {
    en: 'Meridian Consulting helps teams design, build and run software, data platforms and cloud infrastructure. Read our articles and case studies, or tell us about your project.',
    es: 'Meridian Consulting ayuda a equipos a diseñar, construir y operar software, plataformas de datos e infraestructura en la nube. Lee nuestros artículos y casos de éxito, o cuéntanos tu proyecto.',
  },
} as const satisfies {
  name: string
  tagline: Record<Locale, string>
  description: Record<Locale, string>
}
