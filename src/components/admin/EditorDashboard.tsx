import { Banner } from '@payloadcms/ui/elements/Banner'
import type { Payload } from 'payload'
import { formatAdminURL } from 'payload/shared'

import { dashboardData, type DashboardItem, type ScheduledItem } from '@/dashboard/data'
import type { User } from '@/payload-types'
import {
  DASHBOARD_WORDS,
  formatScheduleTime,
  wordsLanguageOf,
  type DashboardWords,
  type WordsLanguage,
} from '@/scheduling/words'

import { FAILED_INQUIRIES_QUERY } from './FailedDeliveriesNotice'

/** The Inquiries list, filtered to the inbox's new inquiries. */
export const NEW_INQUIRIES_QUERY = new URLSearchParams({
  'where[status][equals]': 'new',
}).toString()

/**
 * The dashboard's "what to do" (`beforeDashboard`, above the collection cards): buttons to write,
 * the user's drafts, what was published lately, what is scheduled (late or failed ones flagged),
 * and for editors and admins the inbox, failed mail and late or failed schedules. Everything is
 * read as the signed-in user (src/dashboard/data.ts), in their admin language.
 */
export async function EditorDashboard({
  payload,
  user,
  i18n,
}: {
  payload: Payload
  user?: unknown
  i18n?: { language?: string }
}) {
  if (!user) return null
  const language = wordsLanguageOf(i18n?.language)
  const words = DASHBOARD_WORDS[language]
  const data = await dashboardData(payload, user as User, language)
  const admin = (path: `/${string}`) =>
    formatAdminURL({ adminRoute: payload.config.routes.admin, path })
  const late = data.problems.filter((problem) => problem.state === 'late').length
  const failed = data.problems.length - late

  return (
    <section
      className="editor-dashboard"
      data-dashboard-role={data.canPublish ? 'editor' : 'author'}
    >
      {data.problems.length > 0 ? (
        <div data-dashboard-section="schedule-problems">
          <Banner type="error">
            {words.problems(late, failed)}
            <ul style={{ margin: '0.5rem 0 0' }}>
              {data.problems.map(({ job, state }) => (
                <li key={`${job.id}-${state}`}>
                  {job.doc ? (
                    <a href={admin(`/collections/${job.doc.collection}/${job.doc.id}`)}>
                      {`${words.collections[job.doc.collection]} #${job.doc.id}`}
                    </a>
                  ) : null}
                  {` · ${words.states[state]}`}
                  {job.waitUntil ? ` · ${formatScheduleTime(job.waitUntil, language)}` : ''}
                  {state === 'failed' && job.error ? ` · ${words.problemError(job.error)}` : ''}
                </li>
              ))}
            </ul>
          </Banner>
        </div>
      ) : null}
      {data.inbox ? (
        <div data-dashboard-section="inbox">
          <Banner
            type={data.inbox.newInquiries > 0 ? 'info' : 'default'}
            to={admin(`/collections/inquiries?${NEW_INQUIRIES_QUERY}` as `/${string}`)}
          >
            {words.inbox(data.inbox.newInquiries)}
          </Banner>
          {data.inbox.failedMail > 0 ? (
            <Banner
              type="error"
              to={admin(`/collections/inquiries?${FAILED_INQUIRIES_QUERY}` as `/${string}`)}
            >
              {words.failedMail(data.inbox.failedMail)}
            </Banner>
          ) : null}
        </div>
      ) : null}

      <h2 style={{ margin: '1rem 0' }}>{words.heading}</h2>
      <div
        style={{
          display: 'grid',
          gap: '1.5rem',
          gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
          marginBottom: '2rem',
        }}
      >
        <div data-dashboard-section="write">
          <h3>{words.write.heading}</h3>
          <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
            <a
              className="btn btn--style-primary btn--size-medium"
              href={admin('/collections/posts/create')}
            >
              {words.write.post}
            </a>
            <a
              className="btn btn--style-secondary btn--size-medium"
              href={admin('/collections/case-studies/create')}
            >
              {words.write.caseStudy}
            </a>
          </p>
          {data.canPublish ? null : <p>{words.write.authorsNote}</p>}
        </div>
        <ItemList
          section="drafts"
          heading={words.drafts.heading}
          none={words.drafts.none}
          note={words.drafts.basis}
          items={data.drafts}
          words={words}
          language={language}
          admin={admin}
        />
        <ItemList
          section="published"
          heading={words.published.heading}
          none={words.published.none}
          items={data.published}
          words={words}
          language={language}
          admin={admin}
        />
        <ItemList
          section="scheduled"
          heading={words.scheduled.heading}
          none={words.scheduled.none}
          items={data.scheduled}
          words={words}
          language={language}
          admin={admin}
        />
      </div>
    </section>
  )
}

function ItemList({
  section,
  heading,
  none,
  note,
  items,
  words,
  language,
  admin,
}: {
  section: string
  heading: string
  none: string
  note?: string
  items: (DashboardItem | ScheduledItem)[]
  words: DashboardWords
  language: WordsLanguage
  admin: (path: `/${string}`) => string
}) {
  return (
    <div data-dashboard-section={section}>
      <h3>{heading}</h3>
      {note ? <p style={{ opacity: 0.75, margin: '0 0 0.5rem' }}>{note}</p> : null}
      {items.length === 0 ? (
        <p>{none}</p>
      ) : (
        <ul style={{ paddingInlineStart: '1.25rem' }}>
          {items.map((entry) => (
            <li
              key={`${entry.collection}-${entry.id}-${'type' in entry ? entry.type : ''}`}
              data-schedule-state={'state' in entry ? entry.state : undefined}
            >
              <a href={admin(`/collections/${entry.collection}/${entry.id}`)}>
                {entry.title || words.untitled}
              </a>
              {` · ${words.collections[entry.collection]}`}
              {'type' in entry
                ? ` · ${words.cell(entry.type, entry.at ? formatScheduleTime(entry.at, language) : '', entry.state)}`
                : entry.at
                  ? ` · ${formatScheduleTime(entry.at, language)}`
                  : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
