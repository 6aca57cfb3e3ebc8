import test from 'ava';
import { allOutput, type LoggingProcess, loggingProcess, parsedLines as parsed } from '../helpers/logging-process.js';

/** Resolves once the process has written `word` to standard error. */
const said = (child: LoggingProcess, word: string) =>
  new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      if (err.includes(word)) resolve();
    });
    child.once('exit', () => reject(new Error(`exited before saying ${word}: ${err}`)));
  });

test('lines logged before the event loop stalls are on standard output already: they do not wait for it to turn', async (t) => {
  const child = loggingProcess(
    "const log = createLogger('info', 'stall');",
    'for (let i = 0; i < 200; i++) log.info({ i, pad }, "line");',
    'process.stderr.write("stalling\\n");',
    'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);',
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  try {
    await said(child, 'stalling');
    await new Promise((r) => setTimeout(r, 500));
    const lines = parsed(out);
    // All but the last batch (under 2 KiB, about ten lines) left while the process was still logging.
    t.true(lines.length >= 185, `${lines.length} of 200 lines out while the event loop stalled`);
    t.deepEqual(
      lines.map((l) => l.i),
      Array.from({ length: lines.length }, (_, i) => i),
    );
  } finally {
    child.kill('SIGKILL');
  }
});

test('a reader that stops taking lines never blocks the process, and the lines come out whole and in order once it reads again', async (t) => {
  // About 1 MB of lines a second for 3 s, a line every millisecond; the process notes the longest
  // gap between its ticks.
  const child = loggingProcess(
    "const log = createLogger('info', 'paused');",
    'let i = 0; let last = Date.now(); let gap = 0; const big = pad.repeat(10);',
    'const tick = setInterval(() => { const now = Date.now(); gap = Math.max(gap, now - last); last = now; log.info({ i: i++, big }, "line"); }, 1);',
    'setTimeout(() => { clearInterval(tick); log.info({ done: true, gap, lines: i }, "done"); process.stderr.write("done\\n"); process.exit(0); }, 3_000);',
  );
  // Nothing is read for 1.5 s: the socket between the processes fills within a fraction of that.
  await new Promise((r) => setTimeout(r, 1_500));
  const lines = parsed((await allOutput(child)).out);
  const done = lines.at(-1) as { done: boolean; gap: number; lines: number };
  t.true(done.done);
  t.true(done.gap < 500, `the process stood still ${done.gap} ms while its reader took nothing`);
  t.true(done.lines > 1_000, `${done.lines} lines logged`);
  t.deepEqual(
    lines.slice(0, -1).map((l) => l.i),
    Array.from({ length: done.lines }, (_, i) => i),
  );
});

test('lines beyond what may be held for a reader that takes nothing are dropped, and a line says how many', async (t) => {
  const child = loggingProcess(
    'const log = pino(loggerOptions("info", "dropping"), new LineWriter(1, { holdAtMostBytes: 64 * 1024 }));',
    'for (let i = 0; i < 20_000; i++) log.info({ i, pad }, "line");',
    'process.stderr.write("logged\\n");',
    'setTimeout(() => process.exit(0), 1_500);',
  );
  await said(child, 'logged');
  await new Promise((r) => setTimeout(r, 300));
  const lines = parsed((await allOutput(child)).out);
  const notes = lines.filter((l) => l.droppedLines !== undefined);
  t.is(notes.length, 1);
  t.is(notes[0].level, 40);
  const kept = lines.filter((l) => l.i !== undefined).map((l) => l.i as number);
  t.true(kept.length < 20_000 && kept.length > 0, `${kept.length} kept`);
  t.is(kept.length + (notes[0].droppedLines as number), 20_000);
  // In order, and the note stands where the lines went missing: after the last line kept.
  t.deepEqual(
    kept,
    Array.from({ length: kept.length }, (_, i) => i),
  );
  t.is(lines.at(-1), notes[0]);
});

test('after a reader paused, the lines waiting catch up within moments, not at the pace of the 200 ms tick', async (t) => {
  // About 4 MB of lines a second for 4 s, each with the time it was logged; nothing read for the first second.
  const child = loggingProcess(
    "const log = createLogger('info', 'catching-up');",
    'let i = 0; const big = pad.repeat(10);',
    'const tick = setInterval(() => { for (let k = 0; k < 4; k++) log.info({ i: i++, at: Date.now(), big }, "line"); }, 1);',
    'setTimeout(() => { clearInterval(tick); process.exit(0); }, 4_000);',
  );
  await new Promise((r) => setTimeout(r, 1_000));
  const lags: { at: number; lag: number }[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const now = Date.now();
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const { at } = JSON.parse(line) as { at: number };
      lags.push({ at, lag: now - at });
    }
  });
  await Promise.all([
    new Promise((resolve) => child.once('exit', resolve)),
    new Promise((resolve) => child.stdout.once('close', resolve)),
  ]);
  const start = lags[0].at;
  // Lines logged 2 to 3 s in, one to two seconds after the reader came back.
  const late = lags.filter((l) => l.at - start >= 2_000 && l.at - start < 3_000);
  t.true(late.length > 1_000, `${late.length} lines logged between 2 and 3 s`);
  const worst = Math.max(...late.map((l) => l.lag));
  t.true(worst < 500, `lines logged 2 to 3 s in reached the reader up to ${worst} ms late`);
});
