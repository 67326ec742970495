import { readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * Every TypeScript source file under `directory` but tests: for the tests that hold the whole
 * application to a rule no linter states (one module may replace a response's methods, one the
 * listed rule's title condition).
 */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}
