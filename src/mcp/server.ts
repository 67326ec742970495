import 'server-only'

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

import { BUDGETS } from '@/inquiries/budgets'
import { INQUIRY_FIELD_MAX, inquirySchema } from '@/inquiries/schema'
import { submitInquiry, type SubmitResult } from '@/inquiries/submit-inquiry'

export const MCP_SERVER_INFO = { name: 'consultancy-site', version: '1.0.0' } as const

export const SEND_INQUIRY_TOOL = 'send_inquiry'

const BUDGET_LABELS = {
  perEmail: 'per email address',
  perClient: 'per client',
  unidentified: 'for unidentified clients (shared)',
  global: 'for the whole site',
} as const

export const SEND_INQUIRY_DESCRIPTION = [
  "Send a project inquiry to the consultancy's team, the same as the site's contact form.",
  'The team receives an email with every field you send and replies to `email` (in `locale`,',
  `"en" or "es"). Required: name (≤ ${INQUIRY_FIELD_MAX.name} characters), email`,
  `(≤ ${INQUIRY_FIELD_MAX.email}) and message (≤ ${INQUIRY_FIELD_MAX.message}); optional: phone with`,
  `country code (≤ ${INQUIRY_FIELD_MAX.phone}) and service, a short category label`,
  `(≤ ${INQUIRY_FIELD_MAX.service}). Limits per hour: ${BUDGETS.perEmail.points} per email address,`,
  `${BUDGETS.perClient.points} per client, ${BUDGETS.global.points} for the whole site; when one is`,
  'reached the result says how many seconds to wait. Send each inquiry once: it is not idempotent.',
].join(' ')

const outputSchema = z.object({
  success: z.boolean().describe('True when the inquiry was received and queued for the team.'),
})

function textResult(text: string, isError: boolean) {
  return { content: [{ type: 'text' as const, text }], isError }
}

function toToolResult(result: SubmitResult, email: string) {
  switch (result.status) {
    case 'accepted':
      return {
        content: [
          {
            type: 'text' as const,
            text: `Inquiry received. The team has been notified and will reply to ${email}.`,
          },
        ],
        structuredContent: { success: true },
      }
    case 'invalid':
      return textResult(
        `Invalid arguments: ${result.problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')}. Fix them and call again.`,
        true,
      )
    case 'rate_limited':
      return textResult(
        `Rate limit reached (${result.refusedBy.map((name) => BUDGET_LABELS[name]).join(', ')}). ` +
          `Try again in ${result.retryAfterSeconds} seconds.`,
        true,
      )
    case 'unavailable':
      return textResult('Inquiries cannot be accepted right now; try again in a minute.', true)
  }
}

/**
 * A fresh MCP server for one request (stateless transport), offering one tool: `send_inquiry`,
 * the same operation and budgets as POST /api/inquiries, for the same client identity.
 */
export function createMcpServer(clientAddress: string | null): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Tools of the consultancy’s website. Use send_inquiry to contact the team about a project.',
  })
  server.registerTool(
    SEND_INQUIRY_TOOL,
    {
      title: 'Send an inquiry to the team',
      description: SEND_INQUIRY_DESCRIPTION,
      inputSchema: inquirySchema,
      outputSchema,
      annotations: {
        title: 'Send an inquiry to the team',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    async (args) => {
      const result = await submitInquiry(args, { clientAddress, channel: 'mcp' })
      return toToolResult(result, args.email)
    },
  )
  return server
}
