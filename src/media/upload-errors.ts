import type { CollectionAfterErrorHook } from 'payload'

import { MEDIA_LIMITS } from './limits'

interface FieldProblem {
  path?: unknown
  message?: unknown
}

/** The reasons Payload found for refusing the uploaded file itself (path `file`). */
export function fileProblems(error: unknown): string[] {
  const problems = (error as { data?: { errors?: unknown } } | null)?.data?.errors
  if (!Array.isArray(problems)) return []
  return (problems as FieldProblem[])
    .filter((problem) => problem.path === 'file' && typeof problem.message === 'string')
    .map((problem) => problem.message as string)
}

/**
 * Media `afterError`: Payload answers a refused file with "The following field is invalid: file"
 * and keeps the reason in its log. Editors get the reason instead, and for a wrong type the list
 * of allowed ones, in Payload's own error shape (which the admin UI displays).
 */
export const explainRefusedFile: CollectionAfterErrorHook = ({ error }) => {
  const problems = fileProblems(error)
  if (problems.length === 0) return
  const typeRefused = problems.some((problem) => /not allowed|Invalid MIME type/i.test(problem))
  const message = [
    ...problems,
    ...(typeRefused ? [`Allowed types: ${MEDIA_LIMITS.mimeTypes.join(', ')}.`] : []),
  ].join(' ')
  return {
    status: 400,
    response: {
      errors: [
        {
          name: 'ValidationError',
          message,
          data: { errors: problems.map((problem) => ({ path: 'file', message: problem })) },
        },
      ],
    },
  }
}
