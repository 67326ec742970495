import { Gutter, SetDocumentStepNav } from '@payloadcms/ui'
import type { DocumentViewServerProps, SanitizedCollectionConfig } from 'payload'
import { formatAdminURL } from 'payload/shared'

import type { User } from '@/payload-types'

import { CompareFromButton } from './CompareFromButton'

/** Versions per page of the history. */
export const VERSION_HISTORY_PAGE_SIZE = 20

/** Versions the comparison's drawer lists when the collection keeps no fewer (one page, no links). */
const DRAWER_VERSIONS_FALLBACK = 100

/** Payload's admin has no words of its own for these. */
const LABELS = {
  en: { savedBy: 'Saved by', unknown: 'Unknown (before saves were signed)', current: 'current' },
  es: { savedBy: 'Guardado por', unknown: 'Desconocido (anterior al registro)', current: 'actual' },
} as const

const pageOf = (value: unknown): number => {
  const page = Number(Array.isArray(value) ? value[0] : value)
  return Number.isSafeInteger(page) && page > 0 ? page : 1
}

const saverOf = (updatedBy: unknown): string | undefined => {
  if (!updatedBy || typeof updatedBy !== 'object') return undefined
  const user = updatedBy as Pick<User, 'email' | 'name'>
  return user.name ? `${user.name} <${user.email}>` : user.email
}

const pluralLabelOf = (
  plural: SanitizedCollectionConfig['labels']['plural'],
  i18n: DocumentViewServerProps['i18n'],
): string => {
  if (typeof plural === 'function') return plural({ i18n, t: i18n.t as never })
  if (typeof plural === 'string') return plural
  return plural[i18n.language] ?? Object.values(plural)[0] ?? ''
}

/**
 * A post's or case study's version history: Payload's list of versions (when, which, status)
 * with who saved each one, the `updatedBy` account stamped on every write, so an editor sees who
 * proposed a change before comparing or restoring it. Each row opens Payload's comparison view.
 *
 * Payload's comparison view shows this list again in its "more versions" drawer
 * (`versions.useVersionDrawerCreatedAtCell`): there each row, the current version included,
 * picks the version to compare against instead, every version kept on one page.
 */
export async function VersionHistory({
  initPageResult,
  searchParams,
  i18n,
  versions: drawer,
}: DocumentViewServerProps) {
  const { collectionConfig, docID, req } = initPageResult
  if (!collectionConfig || docID === undefined) return null
  const inDrawer = drawer?.useVersionDrawerCreatedAtCell === true
  const labels = i18n.language === 'es' ? LABELS.es : LABELS.en
  const page = inDrawer ? 1 : pageOf(searchParams?.page)
  const kept = collectionConfig.versions ? collectionConfig.versions.maxPerDoc : 0
  const versions = await req.payload.findVersions({
    collection: collectionConfig.slug,
    // Localized drafts also keep per-locale snapshots; Payload's own list leaves them out too.
    where: { and: [{ parent: { equals: docID } }, { snapshot: { not_equals: true } }] },
    sort: '-updatedAt',
    limit: inDrawer ? kept || DRAWER_VERSIONS_FALLBACK : VERSION_HISTORY_PAGE_SIZE,
    page,
    depth: 1,
    overrideAccess: false,
    req,
  })
  const adminRoute = req.payload.config.routes.admin
  const historyPath = `/collections/${collectionConfig.slug}/${docID}/versions` as const
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  })
  const pageLink = (target: number) =>
    `${formatAdminURL({ adminRoute, path: historyPath })}?page=${target}`
  return (
    <>
      {inDrawer ? null : (
        <SetDocumentStepNav
          collectionSlug={collectionConfig.slug}
          id={docID}
          pluralLabel={pluralLabelOf(collectionConfig.labels.plural, i18n)}
          useAsTitle={collectionConfig.admin.useAsTitle}
          view={i18n.t('version:versions')}
        />
      )}
      <main className="versions">
        <Gutter className="versions__wrap">
          {versions.totalDocs === 0 ? (
            <div className="versions__no-versions">{i18n.t('version:noFurtherVersionsFound')}</div>
          ) : (
            <div className="table">
              <table cellPadding={0} cellSpacing={0} data-version-history>
                <thead>
                  <tr>
                    <th>{i18n.t('general:updatedAt')} (UTC)</th>
                    <th>{labels.savedBy}</th>
                    <th>{i18n.t('version:status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {versions.docs.map((version) => {
                    const status = (version.version as { _status?: string })._status
                    const when = dateTime.format(new Date(version.updatedAt))
                    return (
                      <tr key={String(version.id)} className="row">
                        <td>
                          {inDrawer ? (
                            <CompareFromButton versionId={version.id}>{when}</CompareFromButton>
                          ) : (
                            <a
                              href={formatAdminURL({
                                adminRoute,
                                path: `${historyPath}/${version.id}`,
                              })}
                            >
                              {when}
                            </a>
                          )}
                        </td>
                        <td data-saved-by>
                          {saverOf((version.version as { updatedBy?: unknown }).updatedBy) ??
                            labels.unknown}
                        </td>
                        <td>
                          {status === 'published'
                            ? i18n.t('version:published')
                            : i18n.t('version:draft')}
                          {version.latest ? ` (${labels.current})` : ''}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
              {versions.totalPages > 1 && !inDrawer ? (
                <nav className="versions__page-controls" aria-label="Pages">
                  {versions.hasPrevPage ? (
                    <a href={pageLink(page - 1)}>{i18n.t('general:previous')}</a>
                  ) : null}{' '}
                  <span>
                    {page} / {versions.totalPages}
                  </span>{' '}
                  {versions.hasNextPage ? (
                    <a href={pageLink(page + 1)}>{i18n.t('general:next')}</a>
                  ) : null}
                </nav>
              ) : null}
            </div>
          )}
        </Gutter>
      </main>
    </>
  )
}
