// Opens a URL in the user's browser without a shell (the URL is one argv element, so nothing
// in it is interpreted). $BROWSER wins, as on most Unix tools; otherwise the platform opener.
import { spawn } from 'node:child_process';

function opener(url: string, env: NodeJS.ProcessEnv): [string, string[]] {
  if (env.BROWSER) return [env.BROWSER, [url]];
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Resolves true when the opener started, false when there is none (then print the URL). */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const [command, args] = opener(url, env);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
