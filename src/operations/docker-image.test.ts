import { readFileSync } from 'node:fs'

import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The Docker image runs `npm run backup` and `npm run restore` (src/operations/backup.ts): read
 * from the Dockerfile and docker-compose.yml, since no Docker engine runs the tests. The image
 * needs PostgreSQL's client tools of at least the compose server's major version (pg_dump refuses
 * newer servers), the two scripts with every module and package they load, and tsx, which
 * package.json's scripts run them with.
 */
const DOCKERFILE = readFileSync('Dockerfile', 'utf8')
const COMPOSE = readFileSync('docker-compose.yml', 'utf8')
const PACKAGE = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>
}

/** The PostgreSQL client Debian bookworm (the image's base) ships: postgresql-client-15. */
const BOOKWORM_CLIENT_MAJOR = 15
const OPERATION_SCRIPTS = ['scripts/backup.ts', 'scripts/restore.ts']

interface Stage {
  name: string
  base: string
  /** Its instructions, each on one line (continuations joined), comments left out. */
  instructions: string[]
}

function stagesOf(dockerfile: string): Stage[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const stages: Stage[] = []
  for (const instruction of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction)
    if (from) stages.push({ base: from[1]!, name: from[2] ?? '', instructions: [] })
    else stages.at(-1)?.instructions.push(instruction)
  }
  return stages
}

const stages = stagesOf(DOCKERFILE)
const stage = (name: string) => {
  const found = stages.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`The Dockerfile has no stage "${name}".`)
  return found
}
/** The image is its last stage. */
const runStage = stages.at(-1)!

/** An ARG's default in a stage: `ARG NAME=value` or `ARG NAME="value"`. */
function argDefault(of: Stage, name: string): string | undefined {
  for (const instruction of of.instructions) {
    const arg = new RegExp(`^ARG\\s+${name}=(?:"([^"]*)"|(\\S+))`).exec(instruction)
    if (arg) return arg[1] ?? arg[2]
  }
  return undefined
}

/** Major versions of the PostgreSQL images compose runs (`image: postgres:17-alpine`). */
function composePostgresMajors(compose: string): number[] {
  return [
    ...compose.matchAll(/^\s*image:\s*['"]?(?:docker\.io\/)?(?:library\/)?postgres:(\d+)/gm),
  ].map((match) => Number(match[1]))
}

/** The major version of the postgresql-client package the stage installs. */
function installedClientMajor(of: Stage): number | undefined {
  for (const instruction of of.instructions) {
    if (!/^RUN\b/.test(instruction)) continue
    const install = /apt-get install[^&]*\bpostgresql-client-(\d+|\$\{?(\w+)\}?)/.exec(instruction)
    if (!install) continue
    const version = install[2] ? argDefault(of, install[2]) : install[1]
    return Number(version)
  }
  return undefined
}

describe('the Docker image’s PostgreSQL client', () => {
  const serverMajors = composePostgresMajors(COMPOSE)
  const clientMajor = installedClientMajor(runStage)

  it('is read from the Dockerfile and docker-compose.yml as this test expects', () => {
    expect(composePostgresMajors("  postgres:\n    image: 'postgres:16.4-bookworm'\n")).toEqual([
      16,
    ])
    expect(composePostgresMajors('    image: redis:7-alpine\n')).toEqual([])
    const [fixture] = stagesOf(
      'FROM node:26-bookworm-slim AS run\nARG PG=17\nRUN apt-get update \\\n' +
        '  && apt-get install -y postgresql-client-${PG}\n',
    )
    expect(installedClientMajor(fixture!)).toBe(17)
    expect(serverMajors.length).toBeGreaterThan(0)
    expect(clientMajor).toBeDefined()
  })

  it('is at least the major version of the server compose runs', () => {
    expect(clientMajor).toBeGreaterThanOrEqual(Math.max(...serverMajors))
  })

  it('comes, when newer than Debian’s, from the PostgreSQL project’s repository, signed', () => {
    expect(runStage.base).toMatch(/-bookworm/)
    if (clientMajor! <= BOOKWORM_CLIENT_MAJOR) return
    const run = runStage.instructions.join('\n')
    const source =
      /deb \[signed-by=(\S+)\] https:\/\/apt\.postgresql\.org\/pub\/repos\/apt bookworm-pgdg main/.exec(
        run,
      )
    expect(source, 'an apt source for apt.postgresql.org with its key').not.toBeNull()
    // The key is put there before the repository is used, from a file the image's build controls.
    const keyCopy = runStage.instructions.find(
      (instruction) => /^COPY\b/.test(instruction) && instruction.endsWith(` ${source![1]}`),
    )
    expect(keyCopy, `a COPY of ${source![1]}`).toBeDefined()
    expect(run.indexOf(keyCopy!)).toBeLessThan(run.indexOf(source![0]))
  })
})

describe('the Docker image’s backup and restore commands', () => {
  const packages = (argDefault(stage('build'), 'OPERATIONS_PACKAGES') ?? '').split(/\s+/)

  it('are package.json’s scripts, run with tsx', () => {
    expect(PACKAGE.scripts.backup).toBe('tsx scripts/backup.ts')
    expect(PACKAGE.scripts.restore).toBe('tsx scripts/restore.ts')
    expect(packages).toContain('tsx')
  })

  it('gather the scripts, src/, tsconfig.json and the packages, and copy them into the image', () => {
    const gathered = stage('build').instructions.find((instruction) =>
      instruction.includes('/operations'),
    )
    expect(gathered).toBeDefined()
    expect(gathered).toMatch(/cp -R src tsconfig\.json \/operations\//)
    expect(gathered).toContain(`cp ${OPERATION_SCRIPTS.join(' ')} /operations/scripts/`)
    expect(gathered).toMatch(/for name in \$OPERATIONS_PACKAGES/)
    expect(gathered).toContain("copy('node_modules/.bin/tsx')")
    const workdir = runStage.instructions.findLast((instruction) => /^WORKDIR\b/.test(instruction))
    expect(workdir).toBe('WORKDIR /app')
    expect(runStage.instructions).toContainEqual(
      expect.stringMatching(/^COPY --from=build (?:--chown=\S+ )?\/operations\/ \.\/$/),
    )
  })

  it('carry every module and package the scripts load', async () => {
    // esbuild resolves what tsx will load: the project's modules (tsconfig's `@/` paths) and the
    // packages they import by name. Nothing is written.
    const { metafile } = await build({
      entryPoints: OPERATION_SCRIPTS,
      bundle: true,
      write: false,
      outdir: 'unused',
      platform: 'node',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
    })
    const ownModules = Object.keys(metafile.inputs).filter(
      (input) => !input.includes('node_modules/'),
    )
    expect(ownModules).toEqual(expect.arrayContaining(OPERATION_SCRIPTS))
    expect(
      ownModules.filter((input) => !OPERATION_SCRIPTS.includes(input) && !input.startsWith('src/')),
    ).toEqual([])
    const imported = new Set<string>()
    for (const input of ownModules) {
      for (const { path } of metafile.inputs[input]!.imports) {
        const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)
        if (inPackage) imported.add(inPackage[1]!)
      }
    }
    expect(imported).toContain('pg')
    expect([...imported].filter((name) => !packages.includes(name))).toEqual([])
  })
})
