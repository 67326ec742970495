// GET /api/preview/exit?path=/en/blog/x – leave draft preview
import { draftMode } from 'next/headers'
import { redirect } from 'next/navigation'

export async function GET(request: Request): Promise<never> {
  ;(await draftMode()).disable()
  const path = new URL(request.url).searchParams.get('path') ?? '/'
  redirect(/^\/[a-z0-9/-]*$/.test(path) ? path : '/')
}
