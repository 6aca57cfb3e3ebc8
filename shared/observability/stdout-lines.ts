import { writeSync } from 'node:fs';

/** Where pino writes: a stream of lines. */
export interface LogDestination {
  write(line: string): unknown;
  flushSync?(): void;
}

/** Lines are written once this many bytes wait (about five access lines), */
const WRITE_AT_BYTES = 2048;
/**
 * and never more than this in one write: whole lines only, and no more than a pipe takes in one
 * piece (PIPE_BUF), so the lines of several processes sharing one stdout never cut into each other.
 */
const WRITE_AT_MOST_BYTES = 4096;
/** A line waits at most this long on a quiet process. */
const WRITE_EVERY_MS = 200;
/** While the reader takes nothing, lines wait in memory up to this much; later ones are dropped and counted. */
const HOLD_AT_MOST_BYTES = 16 * 1024 * 1024;
/** While the reader takes nothing, a write is tried again this often (a refused write costs a microsecond). */
const RETRY_MS = 5;
/** At exit, how long a full pipe is waited for before the rest is given up. */
const EXIT_WAIT_MS = 2000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Log lines to a file descriptor (standard output), written synchronously in batches:
 * - Lines wait in a list and leave in one write(2) once WRITE_AT_BYTES wait, at most
 *   WRITE_AT_MOST_BYTES of whole lines per write, or WRITE_EVERY_MS after they came on a quiet
 *   process, and all of them at exit.
 * - A synchronous write, not sonic-boom's asynchronous one: under load its writes queued on libuv's
 *   thread pool, and while they waited V8 promoted whole requests into the old generation (about 2 MB
 *   at every young collection, full collections twice a second: a third more CPU per request;
 *   docs/performance.md, "The log writer and the old generation").
 * - A reader that takes nothing (a full pipe: EAGAIN, or a part written) never blocks the process and
 *   never recurses: what is left waits and is tried again every RETRY_MS, up to HOLD_AT_MOST_BYTES; lines
 *   beyond that are dropped, and a line says how many once the reader is back. Only a pipe keeps a
 *   write of up to 4 KiB whole: on a socket the reader may take part of one, and the rest follows
 *   RETRY_MS later. A write that fails otherwise (a full disk) loses its batch, counted the same way
 *   after the lines that waited then. A reader gone (EPIPE)
 *   ends the writing. A process killed outright (SIGKILL) loses at most the last WRITE_EVERY_MS of lines.
 */
export class LineWriter implements LogDestination {
  /** Lines not yet written: `waiting[head]` on. */
  private waiting: string[] = [];
  private head = 0;
  private waitingBytes = 0;
  /** Bytes of a write the reader took only part of (or none of), written before anything else. */
  private stuck: Buffer | undefined;
  /** How many lines `stuck` holds (some of the first one may be out). */
  private stuckLines = 0;
  private retry: NodeJS.Timeout | undefined;
  private dropped = 0;
  private gone = false;
  private exiting = false;

  private readonly holdAtMostBytes: number;

  constructor(
    private readonly fd: number,
    options: { holdAtMostBytes?: number } = {},
  ) {
    this.holdAtMostBytes = options.holdAtMostBytes ?? HOLD_AT_MOST_BYTES;
    // Node puts a pipe or a socket behind standard output or error into non-blocking mode when it
    // makes process.stdout or process.stderr (a file stays as it is): made here, so a reader that stops
    // taking lines never blocks the process in write(2).
    if (fd === 1) process.stdout;
    else if (fd === 2) process.stderr;
    // Lines not yet written by size leave on the tick (never an empty write).
    setInterval(() => {
      if (this.stuck || this.pending()) this.flush();
    }, WRITE_EVERY_MS).unref();
    process.once('exit', () => {
      this.exiting = true;
      this.flushSync();
    });
  }

  private pending(): number {
    return this.waiting.length - this.head;
  }

  write(line: string): boolean {
    if (this.gone) return true;
    if (this.waitingBytes + (this.stuck?.length ?? 0) >= this.holdAtMostBytes) {
      this.dropped++;
      return true;
    }
    if (this.dropped) this.noteDropped();
    this.waiting.push(line);
    this.waitingBytes += line.length;
    // A line logged by a later exit listener leaves at once: no tick comes after the exit.
    if (this.exiting) this.flushSync();
    else if (this.waitingBytes >= WRITE_AT_BYTES && !this.stuck) this.flush();
    return true;
  }

  /** Writes what waits while the reader takes it; stops at the first write it cannot finish. */
  flush(): void {
    while (!this.gone) {
      // Lines were dropped after all that waits: said after it, once the reader takes lines again.
      if (!this.stuck && this.dropped) this.noteDropped();
      if (!this.stuck && !this.pending()) return;
      const [bytes, lines] = this.stuck ? [this.stuck, this.stuckLines] : this.nextBatch();
      this.stuck = undefined;
      if (!this.writeOut(bytes, lines)) return;
    }
  }

  /** Everything out now (at exit): a full pipe is waited for, up to EXIT_WAIT_MS in all. */
  flushSync(): void {
    const until = Date.now() + EXIT_WAIT_MS;
    for (;;) {
      this.flush();
      if (this.gone || (!this.stuck && !this.pending()) || Date.now() > until) return;
      sleep(5);
    }
  }

  /** A line, in its place among the others, saying how many lines were dropped there. */
  private noteDropped(): void {
    const line = `{"level":40,"time":"${new Date().toISOString()}","pid":${process.pid},"droppedLines":${this.dropped},"msg":"log lines dropped: standard output took nothing for a while"}\n`;
    this.dropped = 0;
    this.waiting.push(line);
    this.waitingBytes += line.length;
  }

  /** Whole lines from the front of the list, WRITE_AT_MOST_BYTES at most (one longer line alone), and how many. */
  private nextBatch(): [Buffer, number] {
    let text = '';
    let bytes = 0;
    const from = this.head;
    let n = from;
    for (; n < this.waiting.length; n++) {
      const line = this.waiting[n];
      const size = Buffer.byteLength(line);
      if (n > from && bytes + size > WRITE_AT_MOST_BYTES) break;
      text += line;
      bytes += size;
      this.waitingBytes -= line.length;
    }
    this.head = n;
    // The list is cut down once its written part is the larger: no copy for every batch.
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    return [Buffer.from(text), n - from];
  }

  /**
   * One write(2) of `lines` lines; false when the reader did not take all of it (the rest is kept and
   * tried again in RETRY_MS), when the write failed, or when the writing has ended.
   */
  private writeOut(bytes: Buffer, lines: number): boolean {
    let written: number;
    try {
      written = writeSync(this.fd, bytes);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR') {
        this.hold(bytes, lines);
        return false;
      }
      if (code === 'EPIPE' || code === 'EBADF' || code === 'EINVAL') {
        // Nobody will ever read what follows.
        this.gone = true;
        this.waiting = [];
        this.head = 0;
        this.waitingBytes = 0;
        return false;
      }
      // A failure that may pass (a full disk, EIO): this batch is lost and counted, the rest tried on the tick.
      this.dropped += lines;
      return false;
    }
    if (written === bytes.length) return true;
    this.hold(bytes.subarray(written), lines);
    return false;
  }

  private hold(bytes: Buffer, lines: number): void {
    this.stuck = bytes;
    this.stuckLines = lines;
    this.retry ??= setTimeout(() => {
      this.retry = undefined;
      this.flush();
    }, RETRY_MS).unref();
  }
}

let stdout: LineWriter | undefined;

/** Standard output's line writer: one per process, whatever makes loggers in it. */
export function stdoutLines(): LogDestination {
  stdout ??= new LineWriter(1);
  return stdout;
}
