/**
 * Creates an admin account in the database that DATABASE_URL names: how production gets its
 * first admin (the admin's first-run screen is for development only), and how access is
 * restored if every admin is gone.
 *
 *   npm run create-admin -- --email you@example.com [--name "Your Name"]
 *
 * The password is asked for on the terminal (not echoed), or read from ADMIN_PASSWORD, or from
 * the first line of standard input; never from the command line, where other users of the machine
 * and the shell history would see it. ADMIN_EMAIL may stand in for --email.
 */
import { parseArgs } from 'node:util'

import config from '@payload-config'
import { getPayload, ValidationError } from 'payload'

import { ADMIN_BOOTSTRAP_CONTEXT_KEY } from '@/collections/Users/first-account'

// See scripts/migrate.ts: keep the event loop alive while Payload starts.
const keepAlive = setInterval(() => {}, 1_000)

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const input = process.stdin
    process.stdout.write(prompt)
    input.setRawMode(true)
    input.resume()
    input.setEncoding('utf8')
    let typed = ''
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          input.setRawMode(false)
          input.pause()
          input.off('data', onData)
          process.stdout.write('\n')
          return resolve(typed)
        }
        if (character === '\u0003') fail('\nCancelled.')
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character
      }
    }
    input.on('data', onData)
  })
}

async function firstLineOfStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/, 1)[0] ?? ''
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD
  if (process.stdin.isTTY) {
    const password = await askHidden('Password: ')
    if ((await askHidden('Password again: ')) !== password) fail('The passwords differ.')
    return password
  }
  return firstLineOfStdin()
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' } },
})
const email = (values.email ?? process.env.ADMIN_EMAIL ?? '').trim().toLowerCase()
if (!email) fail('Usage: npm run create-admin -- --email you@example.com [--name "Your Name"]')
const password = await readPassword()
if (!password) fail('No password given (terminal, ADMIN_PASSWORD or standard input).')

const payload = await getPayload({ config })
try {
  const { totalDocs } = await payload.count({
    collection: 'users',
    where: { email: { equals: email } },
  })
  if (totalDocs > 0) fail(`An account with the email ${email} exists already.`)
  await payload.create({
    collection: 'users',
    data: { email, password, roles: ['admin'], ...(values.name ? { name: values.name } : {}) },
    context: { [ADMIN_BOOTSTRAP_CONTEXT_KEY]: true },
  })
  console.log(`Admin account created for ${email}.`)
} catch (error) {
  const reason =
    error instanceof ValidationError
      ? error.data.errors.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
      : String(error)
  fail(`Could not create the admin account: ${reason}`)
} finally {
  await payload.destroy()
  clearInterval(keepAlive)
}
process.exit(0)
