import type { ReactNode } from 'react'

/** A navigation link that marks itself current on its section's pages (`pagePath` is the page's). */
export function NavLink({
  href,
  pagePath,
  children,
}: {
  href: string
  pagePath: string | null
  children: ReactNode
}) {
  const current = pagePath !== null && (pagePath === href || pagePath.startsWith(`${href}/`))
  return (
    <a href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  )
}
