import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'

/**
 * Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) holding an OpenAPI document, so that any
 * schema in it can be validated against by JSON pointer, `$ref`s between components included.
 * Strict mode stays on (an unknown keyword or a misspelt one fails), union types (`["string",
 * "null"]`, idiomatic in 3.1) are allowed, and formats (`email`, `date-time`) are checked.
 */
export function openApiValidator(document: Record<string, unknown>) {
  const base = 'https://contract.test/openapi.json'
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  addFormats(ajv)
  // The document's own keywords are not schema keywords: let Ajv hold them without complaint.
  for (const keyword of [
    'openapi',
    'info',
    'servers',
    'externalDocs',
    'tags',
    'paths',
    'components',
  ]) {
    ajv.addKeyword({ keyword })
  }
  ajv.addSchema({ ...document, $id: base })
  const cache = new Map<string, ValidateFunction>()
  return {
    ajv,
    /** A validator for `#/components/schemas/Name` or any other `$ref` of the document. */
    validator(ref: string): ValidateFunction {
      let validate = cache.get(ref)
      if (!validate) {
        validate = ajv.compile({ $ref: `${base}${ref}` })
        cache.set(ref, validate)
      }
      return validate
    },
  }
}

/** Ajv's errors as one readable line each. */
export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map(
      (error) =>
        `${error.instancePath || '(root)'} ${error.message} ${JSON.stringify(error.params)}`,
    )
    .join('\n')
}
