import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { inquiryFields, INQUIRY_LIMITS } from '@/inquiries/contract'
import { AGENT_PATHS, CONTACT_SKILL, SEND_INQUIRY_TOOL } from '@/site/agent-paths'

/**
 * The contact page's note for developers and agents: the other ways to send the inquiry the
 * form sends (HTTP, MCP, the contact-team skill), its fields and limits, and an example. The
 * form itself is not in the page's markdown twin (a twin cannot be submitted): this note is how
 * the twin tells agents what to do instead, so the page and its twin say the same.
 */
export function ContactForAgents({ locale }: { locale: Locale }) {
  const t = messagesFor(locale).contact.agents
  const example = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: t.exampleMessage,
  }
  const command = [
    `curl -X POST ${env.SITE_URL}${AGENT_PATHS.inquiries} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(example)}'`,
  ].join('\n')
  return (
    <section className="for-agents" aria-labelledby="for-agents">
      <h2 id="for-agents">{t.title}</h2>
      <p>{t.intro}</p>
      <ul>
        <li>
          <code>{`POST ${AGENT_PATHS.inquiries}`}</code> {t.http}{' '}
          <a href={AGENT_PATHS.openapi}>{t.openapi}</a>
        </li>
        <li>
          MCP: {t.mcpTool} <code>{SEND_INQUIRY_TOOL}</code> {t.mcpServer}{' '}
          <code>{AGENT_PATHS.mcp}</code> {t.mcpTransport}
        </li>
        <li>
          {t.skill} <a href={AGENT_PATHS.skill(CONTACT_SKILL)}>{CONTACT_SKILL}</a>
        </li>
      </ul>
      <h3>{t.fields}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.field}</th>
            <th scope="col">{t.rules}</th>
          </tr>
        </thead>
        <tbody>
          {inquiryFields().map((field) => (
            <tr key={field.name}>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                {field.required ? t.required : t.optional}
                {field.maxLength !== undefined ? `, ${t.upTo(field.maxLength)}` : null}
                {field.enum ? (
                  <>
                    , {t.oneOf}{' '}
                    {field.enum.map((value, index) => (
                      <span key={value}>
                        {index > 0 ? ', ' : null}
                        <code>{value}</code>
                      </span>
                    ))}
                  </>
                ) : null}
                {field.default !== undefined ? (
                  <>
                    , {t.byDefault} <code>{field.default}</code>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t.limits(INQUIRY_LIMITS.perEmail, INQUIRY_LIMITS.perClient, INQUIRY_LIMITS.global)}</p>
      <h3>{t.example}</h3>
      <pre>
        <code className="language-sh">{command}</code>
      </pre>
    </section>
  )
}
