import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { inquiryFields, INQUIRY_LIMITS } from '@/inquiries/contract'
import { AGENT_PATHS, CONTACT_SKILL, SEND_INQUIRY_TOOL } from '@/site/agent-paths'

/**
 * The developers page's guide to sending an inquiry without the contact form: the other ways to
 * send it (HTTP, MCP, the contact-team skill), its fields and limits, and an example. On a page of
 * its own (`/en/developers`, `/es/desarrolladores`), so the contact page speaks to clients only;
 * the page's markdown twin, converted from it, says the same to agents.
 */
export function InquiryForDevelopers({ locale }: { locale: Locale }) {
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
    <section className="for-agents" aria-labelledby="send-inquiry">
      <h2 id="send-inquiry">{t.title}</h2>
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
