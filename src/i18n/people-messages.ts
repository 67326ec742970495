import type { Locale } from './locales'

/** The About page's, the proof band's and an author's words, in each language of the site. */
export const PEOPLE_MESSAGES = {
  en: {
    aboutDescription: 'Who we are, how we work, our team and where to find us.',
    story: 'Our story',
    approach: 'How we work',
    values: 'What we value',
    team: 'The team',
    offices: 'Where we are',
    officesMap: (cities: string) => `Map of our offices: ${cities}`,
    profile: (name: string) => `${name}'s profile`,
    proofHeading: 'Clients who trust us',
    logos: 'Some of our clients',
    quoteFrom: 'What the client says',
    by: 'By',
    about: 'About us',
  },
  es: {
    aboutDescription: 'Quiénes somos, cómo trabajamos, nuestro equipo y dónde encontrarnos.',
    story: 'Nuestra historia',
    approach: 'Cómo trabajamos',
    values: 'Lo que valoramos',
    team: 'El equipo',
    offices: 'Dónde estamos',
    officesMap: (cities: string) => `Mapa de nuestras oficinas: ${cities}`,
    profile: (name: string) => `Perfil de ${name}`,
    proofHeading: 'Clientes que confían en nosotros',
    logos: 'Algunos de nuestros clientes',
    quoteFrom: 'Lo que dice el cliente',
    by: 'Por',
    about: 'Sobre nosotros',
  },
} as const satisfies Record<Locale, Record<string, unknown>>

export const peopleMessages = (locale: Locale) => PEOPLE_MESSAGES[locale]
