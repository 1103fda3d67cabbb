import { execFile } from 'node:child_process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command-line script run as operators run it: a real Node process through tsx, with this
 * environment; resolves with its exit code and output (never rejects: a failure is the result).
 */
export function runCli(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), script, ...args],
      { env, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}
