// A child process started again whenever it stops unexpectedly, as a service manager would: `npm start`
// keeps its analysis worker running this way (autobeat, peaks and stems would otherwise wait forever).

/** The first wait before a restart; it doubles while the process keeps stopping soon after its start. */
export const FIRST_RESTART_DELAY_MS = 1000;
export const MAX_RESTART_DELAY_MS = 60_000;
/** A process that ran this long before it stopped is restarted after the first delay again. */
export const STABLE_RUN_MS = 60_000;

/**
 * Starts `start()` (which returns a ChildProcess) and starts it again, after a growing delay, each
 * time it exits while not being stopped, saying so with `describe(exitReason, delayS)`. `stop()`
 * sends SIGTERM and resolves once the current process has exited (at once if none runs).
 */
export function keepRunning(start, describe) {
  let child;
  let stopping = false;
  let timer;
  let delayMs = FIRST_RESTART_DELAY_MS;
  const launch = () => {
    const startedAt = Date.now();
    child = start();
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= STABLE_RUN_MS) delayMs = FIRST_RESTART_DELAY_MS;
      console.error(describe(signal ?? `exit ${code}`, delayMs / 1000));
      timer = setTimeout(launch, delayMs);
      delayMs = Math.min(delayMs * 2, MAX_RESTART_DELAY_MS);
    });
  };
  launch();
  return {
    stop() {
      stopping = true;
      clearTimeout(timer);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    },
  };
}
