// The child process of ./catalogue-build.ts: reads and indexes one catalogue file (the first
// argument), writes the index to the file named by the second (./index-file.ts), answers, and
// ends, taking everything the build allocated with it.
import { buildIndexHere, type IndexerAnswer, InvalidCatalogueError } from './catalogue-build.js';
import { writeIndexFile } from './index-file.js';
import { indexParts } from './search-index-builder.js';

// The server went away (stopped, or killed): nobody wants the index.
process.on('disconnect', () => process.exit(0));

const [file, indexFile] = [process.argv[2]!, process.argv[3]!];
let answer: IndexerAnswer;
try {
  writeIndexFile(indexFile, indexParts(buildIndexHere(file)));
  answer = { ok: true };
} catch (error) {
  const invalid = error instanceof InvalidCatalogueError ? { issues: error.issues, message: error.message } : null;
  answer = { ok: false, invalid, message: (error as Error).message };
}
process.send!(answer);
