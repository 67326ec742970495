/**
 * A picture's credit: who made it and under which licence, shown under it on the site and in the
 * markdown twins. CC BY and CC BY-SA require it wherever the picture is shown; an image without a
 * credit shows no caption at all.
 */

/** Enough for a name, a licence and a source; the column's check holds the same bound. */
export const MEDIA_CREDIT_MAX_LENGTH = 200

/** The credit to show, or null when there is none (missing or only blanks). */
export function creditText(media: { credit?: string | null } | null | undefined): string | null {
  const credit = media?.credit?.trim()
  return credit ? credit : null
}
