import { notFound } from 'next/navigation'

import { isLocale } from '@/i18n/locales'

const GREETING = {
  en: {
    title: 'Consultancy',
    body: 'Our website is being built. The content API is at /api/posts.',
  },
  es: {
    title: 'Consultoría',
    body: 'Nuestro sitio está en construcción. La API de contenidos está en /api/posts.',
  },
} as const

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  const text = GREETING[locale]
  return (
    <main>
      <h1>{text.title}</h1>
      <p>{text.body}</p>
    </main>
  )
}
