import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'

/** The visitor's preferred supported locale from `Accept-Language` (q-values honoured). */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: Number.isFinite(q) ? q : 0,
        index,
      }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE
}
