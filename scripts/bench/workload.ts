/**
 * How a workload's process ends. Node exits 0 when its event loop empties, even while `main` still
 * awaits something that can no longer settle (nothing left to wake it): the workload would stop
 * before measuring and look done. `runWorkload` turns that into a failure that names the step the
 * workload was at (`benchStep`).
 */

let currentStep = 'starting'

/** Records what the workload is doing now, for the message if it stops there. */
export function benchStep(step: string): void {
  currentStep = step
}

/**
 * Runs `main`, then `cleanup` (also after a failure), and exits: 0 once `main` resolved, 1 when
 * it threw, 1 when the event loop emptied while it was still pending.
 */
export function runWorkload(main: () => Promise<void>, cleanup?: () => Promise<void>): void {
  let pending = true
  process.on('beforeExit', () => {
    if (!pending) return
    console.error(
      `The workload stopped while ${currentStep}: its event loop emptied with nothing left to ` +
        'wake what it awaited.',
    )
    process.exit(1)
  })
  const finish = async (code: number) => {
    pending = false
    process.exitCode = code
    try {
      await cleanup?.()
    } catch (error) {
      console.error(error)
      code = 1
    }
    process.exit(code)
  }
  main().then(
    () => finish(0),
    (error: unknown) => {
      console.error(error)
      return finish(1)
    },
  )
}
