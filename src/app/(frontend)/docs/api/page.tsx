// GET /docs/api – the API reference, rendered on the server from the OpenAPI document
import type { Metadata } from 'next'
import { Fragment, type ReactNode } from 'react'

import { apiReference, type ReferenceParameter } from '@/agents/api-reference'
import { openApiDocument } from '@/agents/openapi'
import { env } from '@/env'
import { AGENT_PATHS } from '@/site/agent-paths'
import { paths } from '@/site/routes'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'API reference',
  description:
    'Every operation, parameter and response of the public API, from its OpenAPI document.',
  alternates: {
    canonical: AGENT_PATHS.apiReference,
    types: { 'text/markdown': AGENT_PATHS.apiReferenceTwin },
  },
}

/** OpenAPI descriptions are markdown; the reference shows their inline code as code. */
function Text({ children }: { children: string }) {
  return (
    <>
      {children
        .split('`')
        .map((part, index) =>
          index % 2 === 1 ? (
            <code key={index}>{part}</code>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
    </>
  )
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>
          <Text>{paragraph}</Text>
        </p>
      ))}
    </>
  )
}

function ParameterTable({
  caption,
  rows,
  showIn,
}: {
  caption: string
  rows: ReferenceParameter[]
  showIn: boolean
}): ReactNode {
  return (
    <div className="api-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {showIn ? <th scope="col">In</th> : null}
            <th scope="col">Values</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in} ${row.name}`} data-parameter={row.name}>
              <th scope="row">
                <code>{row.name}</code>
                {row.required ? ' (required)' : null}
              </th>
              {showIn ? <td>{row.in}</td> : null}
              <td>
                <Text>{row.values}</Text>
              </td>
              <td>
                <Text>{row.description}</Text>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function ApiReferencePage() {
  const reference = apiReference(openApiDocument(env.SITE_URL))
  return (
    <div className="container api-reference" lang="en">
      <h1>{reference.title} reference</h1>
      <p>
        Version {reference.version} (OpenAPI {reference.openapi}), server{' '}
        <code>{reference.server}</code>. Machine-readable:{' '}
        <a href={AGENT_PATHS.openapi}>openapi.json</a>; as markdown:{' '}
        <a href={AGENT_PATHS.apiReferenceTwin}>api.md</a>.
      </p>
      <p>
        Sending an inquiry from code or an agent, with an example:{' '}
        <a href={paths.developers('en')}>for developers</a> (
        <a href={paths.developers('es')} hrefLang="es" lang="es">
          para desarrolladores
        </a>
        ).
      </p>
      <Paragraphs text={reference.description} />
      <nav aria-label="Operations">
        <ul>
          {reference.operations.map((operation) => (
            <li key={operation.operationId}>
              <a href={`#${operation.operationId}`}>
                <code>{`${operation.method} ${operation.path}`}</code>
              </a>{' '}
              {operation.summary}
            </li>
          ))}
        </ul>
      </nav>
      {reference.tags.map((tag) => {
        const operations = reference.operations.filter((operation) => operation.tag === tag.name)
        if (operations.length === 0) return null
        return (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
            <h2 id={`tag-${tag.name}`}>{tag.description}</h2>
            {operations.map((operation) => (
              <article
                key={operation.operationId}
                id={operation.operationId}
                className="api-operation"
                data-operation-id={operation.operationId}
              >
                <h3>
                  <code>{`${operation.method} ${operation.path}`}</code>
                </h3>
                <p>
                  <strong>{operation.summary}</strong> · <code>{operation.operationId}</code>
                </p>
                {operation.description ? <Paragraphs text={operation.description} /> : null}
                {operation.parameters.length > 0 ? (
                  <ParameterTable caption="Parameters" rows={operation.parameters} showIn />
                ) : null}
                {operation.requestBody ? (
                  <ParameterTable
                    caption={`Request body (application/json): ${operation.requestBody.schema}`}
                    rows={operation.requestBody.fields}
                    showIn={false}
                  />
                ) : null}
                <div className="api-table">
                  <table>
                    <caption>Responses</caption>
                    <thead>
                      <tr>
                        <th scope="col">Status</th>
                        <th scope="col">Description</th>
                        <th scope="col">Body</th>
                        <th scope="col">Headers</th>
                      </tr>
                    </thead>
                    <tbody>
                      {operation.responses.map((response) => (
                        <tr key={response.status}>
                          <th scope="row">{response.status}</th>
                          <td>
                            <Text>{response.description}</Text>
                          </td>
                          <td>{response.schema ? <code>{response.schema}</code> : null}</td>
                          <td>{response.headers.join(', ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </article>
            ))}
          </section>
        )
      })}
    </div>
  )
}
