import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import { Banner } from '@payloadcms/ui/elements/Banner'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'
import { formatAdminURL } from 'payload/shared'
import type { CSSProperties, ReactNode } from 'react'

import { isEditor } from '@/access/roles'
import {
  HorizontalBarChart,
  LineChart,
  StackedBarChart,
  type ChartWords,
} from '@/audience/charts/charts'
import { CHANNELS } from '@/audience/channels'
import {
  AUDIENCE_VIEW_PATH,
  agentAccessByPeriod,
  askedChannel,
  askedRange,
  inquiriesByPeriod,
  refusedShare,
  topPathsOf,
  visitsByPeriod,
} from '@/audience/dashboard'
import {
  agentAccessChartData,
  channelColour,
  inquiriesChartData,
  visitsChartData,
} from '@/audience/dashboard-charts'
import type { AudienceReport } from '@/audience/dashboard-csv'
import { audienceCsvPath } from '@/audience/dashboard-report'
import { DASHBOARD_WORDS, dashboardLanguageOf } from '@/audience/dashboard-labels'
import { dashboardAccessPolicy, refusesNothing } from '@/audience/dashboard-policy'
import { INQUIRY_CHANNELS } from '@/collections/Inquiries'

const SECTION: CSSProperties = { marginBottom: '2rem' }
const FIELD: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4 }
const NOTE: CSSProperties = { maxWidth: '48rem' }

const today = () => new Date().toISOString().slice(0, 10)

/**
 * The Audience view (`/admin/audience`): who reads the site, for a range of UTC days chosen with
 * `from` and `to` (the last 30 days by default) — visits by channel, one channel's most read
 * pages (`channel`), agents' traffic by what the access policy says of it, and inquiries by how
 * they arrived; each chart's numbers as CSV (GET /api/audience/{report}). For editors and admins:
 * Payload lets anyone reach a custom view, so the view sends anonymous readers to the sign-in and
 * tells authors it is not theirs. A bad parameter is a message above the default range's charts.
 */
export async function AudienceView({
  initPageResult,
  params,
  searchParams,
  i18n,
  payload,
  user,
}: AdminViewServerProps) {
  const { req, permissions, locale, visibleEntities } = initPageResult
  const adminRoute = payload.config.routes.admin
  const here = formatAdminURL({ adminRoute, path: AUDIENCE_VIEW_PATH })
  if (!req.user) {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(searchParams ?? {})) {
      if (typeof value === 'string') query.set(key, value)
    }
    const back = query.size > 0 ? `${here}?${query}` : here
    redirect(
      `${formatAdminURL({ adminRoute, path: payload.config.admin.routes.login })}?` +
        new URLSearchParams({ redirect: back }).toString(),
    )
  }
  const language = dashboardLanguageOf(i18n.language)
  const words = DASHBOARD_WORDS[language]
  const template = (children: ReactNode) => (
    <DefaultTemplate
      i18n={i18n}
      locale={locale}
      params={params}
      payload={payload}
      permissions={permissions}
      req={req}
      searchParams={searchParams}
      user={user}
      visibleEntities={visibleEntities}
    >
      <SetStepNav nav={[{ label: words.title }]} />
      <Gutter>
        <h1 style={{ margin: '1.5rem 0 0.75rem' }}>{words.title}</h1>
        {children}
      </Gutter>
    </DefaultTemplate>
  )
  if (!isEditor(req.user)) {
    return template(
      <p role="alert" data-audience-forbidden>
        {words.forbidden}
      </p>,
    )
  }

  const asked = askedRange({ from: searchParams?.from, to: searchParams?.to }, today())
  const { range } = asked
  const channelAsked = askedChannel(searchParams?.channel)
  const { channel } = channelAsked
  const db = (payload.db as unknown as PostgresAdapter).pool
  const policy = await dashboardAccessPolicy()
  const [visits, paths, access, inquiries] = await Promise.all([
    visitsByPeriod(db, range),
    topPathsOf(db, range, channel),
    agentAccessByPeriod(db, range, policy),
    inquiriesByPeriod(db, range, INQUIRY_CHANNELS),
  ])
  const period = words.periods[visits.period]
  const share = refusedShare(access)
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 })
  const chartWords: ChartWords = { locale: language, empty: words.empty, total: words.total }
  const csvHref = (report: AudienceReport) => {
    const query = new URLSearchParams({ from: range.from, to: range.to })
    if (report === 'top-paths') query.set('channel', channel)
    return audienceCsvPath(report, query)
  }
  const titles = {
    visits: words.charts.visits(period),
    'top-paths': words.charts.topPaths(words.channels[channel]),
    'agent-access': words.charts.agentAccess(period),
    inquiries: words.charts.inquiries(period),
  } satisfies Record<AudienceReport, string>
  const csvLink = (report: AudienceReport) => (
    <p style={{ margin: '-1rem 0 0' }}>
      <a href={csvHref(report)} download data-csv={report}>
        {words.csv(titles[report])}
      </a>
    </p>
  )

  return template(
    <div className="audience-dashboard" data-range={`${range.from}/${range.to}`}>
      <p style={NOTE}>{words.intro}</p>
      <div role="note" style={{ ...NOTE, marginBottom: '1rem' }}>
        <p data-claimed-identity>
          <strong>{words.claimedIdentity}</strong>
        </p>
        <p>{words.coverage}</p>
      </div>
      {asked.problem ? (
        <Banner type="error">
          <span role="alert">{words.badRange(asked.problem.message)}</span>
        </Banner>
      ) : null}
      {channelAsked.problem ? (
        <Banner type="error">
          <span role="alert">{words.badChannel(channelAsked.problem.message)}</span>
        </Banner>
      ) : null}

      <form
        method="get"
        action={here}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '1rem',
          alignItems: 'flex-end',
          marginBottom: '1rem',
        }}
      >
        <label style={FIELD}>
          {words.range.from}
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label style={FIELD}>
          {words.range.to}
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <label style={FIELD}>
          {words.range.channel}
          <select name="channel" defaultValue={channel}>
            {CHANNELS.map((option) => (
              <option key={option} value={option}>
                {words.channels[option]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="btn btn--style-primary btn--size-small"
          style={{ margin: 0 }}
        >
          {words.range.show}
        </button>
      </form>
      <p data-range-shown>{words.range.shown(range.from, range.to)}</p>

      <section style={SECTION}>
        <StackedBarChart
          id="audience-visits"
          title={titles.visits}
          words={chartWords}
          data={visitsChartData(visits, language, words)}
        />
        {csvLink('visits')}
      </section>

      <section style={SECTION}>
        <HorizontalBarChart
          id="audience-top-paths"
          title={titles['top-paths']}
          words={chartWords}
          items={paths.map((row) => ({ label: row.path, value: row.count }))}
          colour={channelColour(channel)}
        />
        {csvLink('top-paths')}
      </section>

      <section style={SECTION}>
        <p style={NOTE}>
          {words.charts.agentAccessNote}
          {refusesNothing(policy) ? ` ${words.charts.policyOpen}` : ''}
        </p>
        {share === null ? null : (
          <p style={NOTE} data-refused-share>
            <strong>{words.charts.refusedShare(percent.format(share))}</strong>
          </p>
        )}
        <StackedBarChart
          id="audience-agent-access"
          title={titles['agent-access']}
          words={chartWords}
          data={agentAccessChartData(access, language, words)}
        />
        {csvLink('agent-access')}
      </section>

      <section style={SECTION}>
        <LineChart
          id="audience-inquiries"
          title={titles.inquiries}
          words={{ ...chartWords, empty: words.emptyInquiries }}
          data={inquiriesChartData(inquiries, language, words)}
        />
        {csvLink('inquiries')}
      </section>
    </div>,
  )
}
