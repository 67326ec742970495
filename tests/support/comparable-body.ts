/**
 * The two instances differ only in their own address, which pages and files spell out (and the
 * skills index's digests of files that do).
 */
const ORIGIN = 'http://site.test'
/**
 * A body as every visitor must get it, whichever instance rendered it: origins unified, and a
 * page's React flight rows (the `self.__next_f.push` scripts) in sorted order, since Next.js
 * streams them in the order its async parts settle. A poisoned answer (RSC data, a prefetch, a
 * redirect) still differs in its markup.
 */
export function comparableBody(body: string, origin: string): string {
  const rows: string[] = []
  // Next.js places the font's size-adjust tag in <head> wherever the page's metadata has settled
  // by then, so its position varies between renders: it is compared by count, not by place.
  const sizeAdjust = '<meta name="next-size-adjust" content=""/>'
  const sizeAdjustTags = body.split(sizeAdjust).length - 1
  const markup = body
    .replaceAll(sizeAdjust, '')
    // Next.js's empty boundaries (metadata, outlets) are closed in place, streamed closed a
    // moment later, or, in some renders, left out of the markup: none of them shows anything.
    .replace(/<!--\$\?--><template id="B:\d+"><\/template><!--\/\$-->/g, '')
    .replaceAll('<!--$--><!--/$-->', '')
    .replace(/<div hidden id="S:\d+"><\/div>/g, '')
    .replace(/<script>\$R[BC][\s\S]*?<\/script>/g, '')
    .replaceAll(origin, ORIGIN)
    .replace(/sha256:[0-9a-f]{64}/g, 'sha256:')
    .replace(/<script>self\.__next_f\.push\(([\s\S]*?)\)<\/script>/g, (_, row: string) => {
      rows.push(...row.split('\\n'))
      return ''
    })
  // React numbers flight rows in the order their async parts settle, so two renders of one page
  // may swap two rows' ids: rows are compared by content, with ids and references to them elided.
  const contents = rows.map((row) =>
    row
      .replace(/^[0-9a-f]+:/, '')
      .replace(/\$([L@]?)[0-9a-f]+(?=\\")/g, (_, kind: string) => `$${kind}ref`),
  )
  return `${markup}\n${sizeAdjust} × ${sizeAdjustTags}\n${contents.sort().join('\n')}`
}
