import { ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'

import { explainRefusedFile, fileProblems } from './upload-errors'

const refused = (message: string) =>
  new ValidationError({ errors: [{ message, path: 'file' }], collection: 'media' })

const run = (error: Error) =>
  explainRefusedFile({ error, collection: {} as never, context: {}, req: {} as never })

describe('explainRefusedFile', () => {
  it('answers with the reason and the allowed types for a refused type', async () => {
    const result = await run(refused('File type text/html (from extension html) is not allowed.'))
    expect(result).toMatchObject({ status: 400 })
    const message = (result as { response: { errors: { message: string }[] } }).response.errors[0]!
      .message
    expect(message).toMatch(/^File type text\/html \(from extension html\) is not allowed\. /)
    expect(message).toContain('Allowed types: image/jpeg, image/png')
  })

  it('answers with the reason alone for other file problems', async () => {
    const result = await run(refused('SVG file contains potentially harmful content.'))
    const body = (result as { response: { errors: { message: string }[] } }).response
    expect(body.errors[0]!.message).toBe('SVG file contains potentially harmful content.')
  })

  it('leaves every other error to Payload', async () => {
    expect(fileProblems(new Error('boom'))).toEqual([])
    const other = new ValidationError({ errors: [{ message: 'Required', path: 'alt' }] })
    expect(await run(other)).toBeUndefined()
  })
})
