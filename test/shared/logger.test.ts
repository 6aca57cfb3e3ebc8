import { readFileSync } from 'node:fs';
import test from 'ava';
import { pino } from 'pino';
import { loggerOptions, REDACT_PATHS, redactSecrets } from '../../shared/logger.js';
import { allOutput, loggingProcess, parsedLines } from '../helpers/logging-process.js';

/** A logger as the processes make it, writing its lines into an array. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(loggerOptions('info', 'test'), { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

test('every credential path is written as [redacted]: top-level keys, one level down, and request headers', (t) => {
  const { log, lines } = capture();
  for (const path of REDACT_PATHS) {
    const parts = path.split('.');
    const fields: Record<string, unknown> = {};
    let at = fields;
    for (const [i, part] of parts.entries()) {
      const key = part === '*' ? 'anything' : part;
      if (i === parts.length - 1) at[key] = 'the-secret-value';
      else at = at[key] = {} as Record<string, unknown>;
    }
    log.info(fields, path);
  }
  t.is(lines.length, REDACT_PATHS.length);
  for (const line of lines) t.false(JSON.stringify(line).includes('the-secret-value'), `${line.msg} is redacted`);
  t.like(
    lines.find((l) => l.msg === 'req.headers.authorization'),
    {
      req: { headers: { authorization: '[redacted]' } },
    },
  );
});

test("a line's other fields are written as given; an error code at the top level is kept; the caller's object is not changed", (t) => {
  const { log, lines } = capture();
  const data = { userId: 'u-1', code: 'NOT_FOUND', details: { code: '123456', field: 'x' }, list: [1, 2] };
  log.info(data, 'mixed');
  t.like(lines[0], { userId: 'u-1', code: 'NOT_FOUND', details: { code: '[redacted]', field: 'x' }, list: [1, 2] });
  t.is(data.details.code, '123456', 'the object logged is left as it was');
  const clean = { a: 1, nested: { b: 2 } };
  t.is(redactSecrets(clean), clean, 'a line with no secret is not copied');
});

test('an error with a secret among its properties is still written as an error: type, message and stack kept', (t) => {
  const { log, lines } = capture();
  const err = Object.assign(new Error('mail refused'), { secret: 'smtp-password-1' });
  log.error({ err }, 'failed');
  t.false(JSON.stringify(lines[0]).includes('smtp-password-1'));
  t.like(lines[0], { err: { type: 'Error', message: 'mail refused', secret: '[redacted]' } });
  t.regex(String((lines[0].err as { stack: string }).stack), /mail refused/);
});

test('a frozen object, a getter and a class instance holding a credential are written redacted, and logging them never throws', (t) => {
  const { log, lines } = capture();
  class Credentials {
    constructor(
      readonly user: string,
      readonly password: string,
    ) {}
  }
  const withGetter = Object.defineProperty({}, 'token', { get: () => 'getter-token', enumerable: true });
  t.notThrows(() =>
    log.info(
      { body: Object.freeze({ code: '123456', field: 'x' }), input: new Credentials('u', 'hunter2'), bag: withGetter },
      'odd shapes',
    ),
  );
  const line = JSON.stringify(lines[0]);
  for (const secret of ['123456', 'hunter2', 'getter-token']) t.false(line.includes(secret), secret);
  t.like(lines[0], { body: { code: '[redacted]', field: 'x' }, input: { user: 'u', password: '[redacted]' } });
});

test('a process logging to standard output gets every line out whole and in order, even when it exits at once', async (t) => {
  const child = loggingProcess(
    "const log = createLogger('info', 'lines');",
    "for (let i = 0; i < 3000; i++) log.info({ i, text: 'é'.repeat(i % 7) }, 'line');",
    'process.exit(0);',
  );
  const { out, code } = await allOutput(child);
  t.is(code, 0);
  const lines = parsedLines(out);
  t.is(lines.length, 3000);
  t.deepEqual(
    lines.map((l) => l.i),
    Array.from({ length: 3000 }, (_, i) => i),
  );
  t.is(lines[13].text, 'é'.repeat(6));
});

test('a quiet process still gets its one line out within a moment, without exiting', async (t) => {
  const child = loggingProcess("createLogger('info', 'quiet').info('alone');", 'setTimeout(() => {}, 10_000);');
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no line within 5 s')), 5_000);
      child.stdout.setEncoding('utf8').once('data', (chunk: string) => {
        clearTimeout(timer);
        resolve(chunk);
      });
    });
    t.like(JSON.parse(line), { msg: 'alone', name: 'quiet' });
  } finally {
    child.kill('SIGKILL');
  }
});

test('a process with nothing to log writes nothing: no empty write every tick', async (t) => {
  const child = loggingProcess("createLogger('info', 'idle').info('once');", 'setTimeout(() => {}, 10_000);');
  try {
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const writes = () => Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${child.pid}/io`, 'utf8'))?.[1]);
    await new Promise((r) => setTimeout(r, 600));
    const before = writes();
    await new Promise((r) => setTimeout(r, 2_000));
    t.true(writes() - before <= 1, `${writes() - before} writes in 2 s of nothing to log`);
  } finally {
    child.kill('SIGKILL');
  }
});
