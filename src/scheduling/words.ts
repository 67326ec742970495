import type { ScheduleState } from './state'

/**
 * The dashboard's and the "Scheduled" column's words in the admin's languages (the editor's own,
 * Payload's `i18n.language`; English otherwise).
 */
export const WORDS_LANGUAGES = ['en', 'es'] as const
export type WordsLanguage = (typeof WORDS_LANGUAGES)[number]

export const wordsLanguageOf = (language: unknown): WordsLanguage =>
  language === 'es' ? 'es' : 'en'

export interface DashboardWords {
  heading: string
  write: { heading: string; post: string; caseStudy: string; authorsNote: string }
  drafts: { heading: string; none: string; basis: string }
  published: { heading: string; none: string }
  scheduled: { heading: string; none: string }
  states: Record<Exclude<ScheduleState, 'done'>, string>
  types: Record<'publish' | 'unpublish', string>
  collections: Record<'posts' | 'case-studies', string>
  /** Kept word for word in English: editors and tests know the inbox line by it. */
  inbox: (count: number) => string
  failedMail: (count: number) => string
  problems: (late: number, failed: number) => string
  problemError: (error: string) => string
  untitled: string
  /** The "Scheduled" list cell. */
  cell: (type: 'publish' | 'unpublish', when: string, state: ScheduleState) => string
}

const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`

export const DASHBOARD_WORDS: Record<WordsLanguage, DashboardWords> = {
  en: {
    heading: 'What to do',
    write: {
      heading: 'Write',
      post: 'Write a post',
      caseStudy: 'Write a case study',
      authorsNote: 'You save drafts; an editor publishes them.',
    },
    drafts: {
      heading: 'Your drafts',
      none: 'No drafts of yours.',
      basis: 'Drafts whose latest version you saved.',
    },
    published: { heading: 'Recently published', none: 'Nothing published yet.' },
    scheduled: { heading: 'Scheduled', none: 'Nothing scheduled.' },
    states: { pending: 'scheduled', late: 'late', failed: 'failed' },
    types: { publish: 'Publish', unpublish: 'Unpublish' },
    collections: { posts: 'Post', 'case-studies': 'Case study' },
    inbox: (count) => `Inbox: ${plural(count, 'new inquiry', 'new inquiries')}.`,
    failedMail: (count) =>
      `Mail delivery failed: ${plural(count, 'inquiry', 'inquiries')} never reached the team. ` +
      'Open the failed inquiries to read them and the error; set "Delivery status" back to ' +
      '"queued" to send one again.',
    problems: (late, failed) =>
      `Scheduled publishing: ${[
        late > 0 ? `${plural(late, 'schedule is', 'schedules are')} late` : '',
        failed > 0 ? `${plural(failed, 'schedule', 'schedules')} failed` : '',
      ]
        .filter(Boolean)
        .join(', ')}. Open the document to publish it by hand or schedule it again.`,
    problemError: (error) => `Error: ${error}`,
    untitled: '(untitled)',
    cell: (type, when, state) =>
      `${type === 'publish' ? 'Publish' : 'Unpublish'} ${when}` +
      (state === 'late' ? ' (late)' : state === 'failed' ? ' (failed)' : ''),
  },
  es: {
    heading: 'Qué hacer',
    write: {
      heading: 'Escribir',
      post: 'Escribir una entrada',
      caseStudy: 'Escribir un caso de estudio',
      authorsNote: 'Usted guarda borradores; un editor los publica.',
    },
    drafts: {
      heading: 'Sus borradores',
      none: 'No tiene borradores.',
      basis: 'Borradores cuya última versión guardó usted.',
    },
    published: { heading: 'Publicado recientemente', none: 'Aún no hay nada publicado.' },
    scheduled: { heading: 'Programado', none: 'No hay nada programado.' },
    states: { pending: 'programado', late: 'con retraso', failed: 'fallido' },
    types: { publish: 'Publicar', unpublish: 'Despublicar' },
    collections: { posts: 'Entrada', 'case-studies': 'Caso de estudio' },
    inbox: (count) => `Bandeja de entrada: ${plural(count, 'consulta nueva', 'consultas nuevas')}.`,
    failedMail: (count) =>
      `Falló el envío de correo: ${plural(count, 'consulta no llegó', 'consultas no llegaron')} ` +
      'al equipo. Abra las consultas fallidas para leerlas junto con el error; vuelva a poner ' +
      '"Estado de entrega" en "en cola" para reenviar una.',
    problems: (late, failed) =>
      `Publicación programada: ${[
        late > 0 ? `${plural(late, 'programación va', 'programaciones van')} con retraso` : '',
        failed > 0 ? `${plural(failed, 'programación falló', 'programaciones fallaron')}` : '',
      ]
        .filter(Boolean)
        .join(', ')}. Abra el documento para publicarlo a mano o programarlo de nuevo.`,
    problemError: (error) => `Error: ${error}`,
    untitled: '(sin título)',
    cell: (type, when, state) =>
      `${type === 'publish' ? 'Publicar' : 'Despublicar'} ${when}` +
      (state === 'late' ? ' (con retraso)' : state === 'failed' ? ' (fallido)' : ''),
  },
}

/** A schedule's time as the editor reads it: date and time in their language, UTC named. */
export function formatScheduleTime(date: Date, language: WordsLanguage): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date)
}

/**
 * Why a schedule was refused when it was asked for (src/scheduling/schedule-guard.ts), in the
 * asker's admin language: Payload's schedule drawer shows a failure's `error` as it is.
 */
export interface ScheduleRefusalWords {
  /** The asker may not publish this document (an author): nor schedule its publish or unpublish. */
  mayNotPublish: string
  /** No document with scheduled publishing, or a schedule that no longer exists. */
  notSchedulable: string
}

export const SCHEDULE_REFUSAL_WORDS: Record<WordsLanguage, ScheduleRefusalWords> = {
  en: {
    mayNotPublish:
      'You may not schedule a publish or unpublish: only editors and admins publish. ' +
      'Save your draft; an editor publishes it.',
    notSchedulable: 'This cannot be scheduled: the document or the schedule no longer exists.',
  },
  es: {
    mayNotPublish:
      'No puede programar una publicación ni una despublicación: solo los editores y los ' +
      'administradores publican. Guarde su borrador; un editor lo publica.',
    notSchedulable: 'No se puede programar: el documento o la programación ya no existe.',
  },
}
