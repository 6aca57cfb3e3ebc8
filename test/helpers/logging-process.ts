import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export type LoggingProcess = ChildProcessByStdio<null, Readable, Readable>;

/**
 * A process that runs `lines` of code with what the services log through in scope: `createLogger`,
 * `loggerOptions`, `pino`, `LineWriter`, and `pad` (100 characters). It runs under the suite's own type
 * stripping, not tsx: tsx opens `process.stdout`, which makes a pipe on it non-blocking, and the writer
 * must be seen doing that itself.
 */
export const loggingProcess = (...lines: string[]): LoggingProcess =>
  spawn(
    process.execPath,
    [
      '--import=./scripts/strip-types.mjs',
      '--input-type=module',
      '-e',
      [
        "import { pino } from 'pino';",
        "import { createLogger, loggerOptions } from './shared/logger.ts';",
        "import { LineWriter } from './shared/observability/stdout-lines.ts';",
        'const pad = "x".repeat(100);',
        ...lines,
      ].join('\n'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );

/** Reads the process's standard output from now on: all of it and its exit code, once it has exited. */
export async function allOutput(child: LoggingProcess): Promise<{ out: string; code: number | null }> {
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const [code] = await Promise.all([
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
    new Promise((resolve) => child.stdout.once('close', resolve)),
  ]);
  return { out, code };
}

/** Standard output's JSON lines. */
export const parsedLines = (out: string) =>
  out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
