import { yamlString } from './escape'

/** A frontmatter value: a string, or one level of string map (e.g. `alternates`). */
export type FrontmatterValue = string | Readonly<Record<string, string>>

/**
 * YAML frontmatter between `---` lines, keys in the order given, every string double-quoted
 * (so dates, `yes`, `null` or `#` in a title stay strings). Undefined values are left out; an
 * empty map is left out too.
 */
export function frontmatter(
  fields: Readonly<Record<string, FrontmatterValue | undefined>>,
): string {
  const lines = ['---']
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (typeof value === 'string') {
      lines.push(`${key}: ${yamlString(value)}`)
      continue
    }
    const entries = Object.entries(value)
    if (entries.length === 0) continue
    lines.push(`${key}:`)
    for (const [name, item] of entries) lines.push(`  ${name}: ${yamlString(item)}`)
  }
  lines.push('---')
  return lines.join('\n')
}
