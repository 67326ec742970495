import { inquiryRequestSchema, INQUIRY_LIMITS } from '@/inquiries/contract'
import { AGENT_PATHS } from '@/site/agent-paths'

import { errorResponse, headerRef, json, publicOperation, ref } from './components'

/** `POST /api/inquiries`: its body is the inquiry zod schema (src/inquiries/schema.ts). */
export function inquiryPaths() {
  const retryAfter = { 'Retry-After': headerRef('RetryAfter') }
  return {
    [AGENT_PATHS.inquiries]: {
      post: {
        operationId: 'createInquiry',
        tags: ['inquiries'],
        summary: 'Send a project inquiry to the team',
        description: [
          `Delivers the inquiry to the team by email. The body may be at most ${INQUIRY_LIMITS.bodyMaxBytes} bytes.`,
          `Budgets per hour, shared with the MCP tool \`send_inquiry\` and the contact form: ${INQUIRY_LIMITS.perEmail} per email address, ${INQUIRY_LIMITS.perClient} per client (${INQUIRY_LIMITS.unidentified} shared by unidentified clients), ${INQUIRY_LIMITS.global} in total.`,
          'Cross-origin browser requests are refused. A refused request spends no budget. Not idempotent.',
        ].join(' '),
        ...publicOperation(),
        requestBody: { required: true, content: json(ref('Inquiry')) },
        responses: {
          '201': { description: 'Inquiry received.', content: json(ref('InquiryAccepted')) },
          ...errorResponse('invalid_body', 'Invalid fields or body; `details` names each field.'),
          ...errorResponse('forbidden', 'A cross-origin browser request.'),
          ...errorResponse(
            'payload_too_large',
            `The body is over ${INQUIRY_LIMITS.bodyMaxBytes} bytes.`,
          ),
          ...errorResponse(
            'unsupported_media_type',
            'The `Content-Type` is not `application/json`.',
          ),
          ...errorResponse('rate_limited', 'A budget is spent.', retryAfter),
          ...errorResponse('unavailable', 'Inquiries cannot be stored right now.', retryAfter),
        },
      },
    },
  }
}

export function inquirySchemas() {
  return {
    Inquiry: inquiryRequestSchema(),
    InquiryAccepted: {
      type: 'object',
      required: ['success'],
      additionalProperties: false,
      properties: { success: { type: 'boolean' } },
    },
  }
}
