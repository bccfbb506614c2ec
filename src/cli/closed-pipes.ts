// `rcat search … | head`: a closed pipe is the reader's choice, not an error worth a trace. Its
// own module so that the launcher's first file (main.ts) holds it without loading a chunk.

/** A write to a pipe whose reader has gone (EPIPE) is dropped; any other stream error throws. */
export function ignoreClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
