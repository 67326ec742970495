/**
 * The site's mark (the same drawing as the public site's icon, src/app/(frontend)/icon.svg),
 * inline so that the admin needs no request of its own for it.
 */
export function BrandMark({ size }: { size: number | '100%' }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="6" fill="#0b5cad" />
      <path d="M7 24V8h3.2L16 17.2 21.8 8H25v16h-3.2V13.9L16 22.8l-5.8-8.9V24z" fill="#fff" />
    </svg>
  )
}
