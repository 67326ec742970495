import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result } from 'lighthouse'

/**
 * Lighthouse (its default, mobile preset: a mid-range phone on a slow 4G link, simulated) in
 * Debian's Chromium, shared by the Lighthouse tests and `npm run bench:lighthouse`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, and nothing that reaches the internet (the machines running this have none). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo'

/** Starts one Chromium for `work` (Lighthouse opens a fresh tab per audit) and always ends it. */
export async function withChromium<T>(work: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  })
  try {
    return await work(chrome.port)
  } finally {
    chrome.kill()
  }
}

/** One Lighthouse run of `url` in the Chromium at `port`. */
export async function audit(url: string, port: number, categories: Category[]): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`)
  }
  return result.lhr
}

/** A category's score as Lighthouse shows it (0–100). */
export const score = (lhr: Result, category: Category): number =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100)

/** The audits of `category` that did not pass fully, with what they say: why a score is low. */
export function shortfalls(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? []
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((result) => result.score !== null && result.score < 1)
    .map((result) => `${result.id} (${result.score}): ${result.title}`)
}

interface NetworkRequest {
  url: string
  resourceType?: string
  transferSize?: number
}

/** Transfer sizes of the scripts the page loaded, from Lighthouse's `network-requests` audit. */
export function scriptTransfers(lhr: Result): { url: string; bytes: number }[] {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] }
  return (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ url: item.url, bytes: item.transferSize ?? 0 }))
}
