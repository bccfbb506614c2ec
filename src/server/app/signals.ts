// How `rcat-server start` answers signals (docs/operations.md "Stopping"):
//   first SIGTERM or SIGINT  the graceful stop (readiness 503, drain, journal synced, store closed)
//   a second one             exit at once, 128 + the signal's number as a shell reports it; every
//                            answered debit is already in the usage journal's file, so none is lost
//   SIGHUP                   reopen the access-log file (logrotate's postrotate), as nginx on USR1
import type { RunningServer } from './server.js';

const EXIT_STATUS: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

/** Resolves once the server has stopped after a signal. `exitNow` ends the process (main's). */
export async function serveUntilSignalled(
  server: Pick<RunningServer, 'config' | 'shutdown' | 'reopenLogs'>,
  stderr: NodeJS.WritableStream,
  exitNow: (status: number) => void,
): Promise<void> {
  let stopping = false;
  let onStop: (signal: NodeJS.Signals) => void = () => {};
  const onHangUp = () => server.reopenLogs();
  try {
    await new Promise<void>((resolve, reject) => {
      onStop = (signal) => {
        if (stopping) {
          stderr.write(`${signal} again: exiting now.\n`);
          exitNow(EXIT_STATUS[signal] ?? 1);
          return;
        }
        stopping = true;
        const { shutdownDelay: delay, shutdownTimeout: timeout } = server.config;
        stderr.write(`${signal}: stopping${delay ? ` in ${delay} s (readiness answers 503 now)` : ''}; requests in flight get up to ${timeout} s…\n`);
        server.shutdown().then((outcome) => {
          if (outcome.cutOff) stderr.write(`${outcome.cutOff} request(s) did not finish within ${timeout} s and were cut off.\n`);
          stderr.write('Stopped.\n');
          resolve();
        }, reject);
      };
      process.on('SIGINT', onStop);
      process.on('SIGTERM', onStop);
      process.on('SIGHUP', onHangUp);
    });
  } finally {
    process.off('SIGINT', onStop);
    process.off('SIGTERM', onStop);
    process.off('SIGHUP', onHangUp);
  }
}
