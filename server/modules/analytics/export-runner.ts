import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ANALYTICS_TEXT, EXPORT_CONTENT_TYPES, type ExportFormat } from '@common/analytics';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { perContext } from '../../lib/per-context';
import { requireAuth } from '../../policies/authorize';
import { contentDisposition, writeCsv, writeXlsx, type FilePart, type Row } from './file-writers';


/** Seconds a refused export is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

/** A file to stream: its parts' rows may be a reader's pages, pulled one at a time. */
export interface ExportFile {
  format: ExportFormat;
  /** Safe as it is: ASCII letters, digits, '.', '_' and '-' (see fileNamePart). */
  fileName: string;
  /** The .xlsx sheets' first row. */
  title: string;
  /** Times are written in this zone, the project's, as its screens show them. */
  timeZone: string;
  parts: FilePart[];
}

/** One export holding a slot: whose it is, how many chunks it has written, and whether its client left. */
export interface RunningExport {
  readonly userId: number;
  chunks: number;
  readonly signal: AbortSignal;
}

/**
 * The one way a file leaves the server. It limits the exports running at once (per user and per
 * instance, EXPORT_MAX_PER_USER / EXPORT_MAX_PER_INSTANCE), streams each part's rows chunk by
 * chunk with a turn of the event loop between two chunks (other requests are served meanwhile)
 * and waits for a slow client rather than piling the file up in memory, and stops reading when
 * the client goes away. The slot is released however the export ends.
 */
export class ExportRunner {
  readonly running = new Set<RunningExport>();
  /**
   * Awaited after each chunk, once the event loop has had its turn. Tests hold an export in the
   * middle of its file here; unset in production.
   */
  afterChunk: ((run: RunningExport) => Promise<void>) | null = null;

  constructor(
    private readonly limits: { perUser: number; perInstance: number },
    private readonly log: AppContext['log'],
  ) {}

  /** Exports of `userId` running now. */
  runningFor(userId: number): number {
    let n = 0;
    for (const run of this.running) if (run.userId === userId) n++;
    return n;
  }

  /**
   * Answers the request with the file `prepare` describes. The slot is taken first: a refused
   * export answers 429 (EXPORT_BUSY) before any work (no report is built, no audit row written).
   * The first chunk is read before the answer starts, so a failure there is an ordinary error
   * answer; a failure later cuts the download and is logged; a client leaving ends it quietly.
   */
  async run(request: FastifyRequest, reply: FastifyReply, prepare: () => Promise<ExportFile>): Promise<FastifyReply> {
    const userId = requireAuth(request).user.id;
    if (this.running.size >= this.limits.perInstance || this.runningFor(userId) >= this.limits.perUser) {
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new AppError('EXPORT_BUSY', ANALYTICS_TEXT.exportBusy);
    }
    const abort = new AbortController();
    const run: RunningExport = { userId, chunks: 0, signal: abort.signal };
    this.running.add(run);
    // The answer's connection closing before the whole file went out: the client left.
    const onClose = () => {
      if (!reply.raw.writableFinished) abort.abort();
    };
    reply.raw.once('close', onClose);
    const release = () => {
      this.running.delete(run);
      reply.raw.off('close', onClose);
    };
    try {
      const file = await prepare();
      const out = new PassThrough();
      let firstChunk!: () => void;
      const started = new Promise<void>((resolve) => (firstChunk = resolve));
      const parts = file.parts.map((part) => ({ ...part, rows: this.paced(part.rows, run, out, firstChunk) }));
      // A CSV has no title line: its first line is the header (the title is in the file's name).
      const written = file.format === 'excel' ? writeXlsx(out, file.title, parts, file.timeZone) : writeCsv(out, parts, file.timeZone);
      // Until the first chunk is in, a failure is the request's (the error handler answers it).
      await Promise.race([started, written]);
      void written.then(release, (err: unknown) => {
        release();
        if (abort.signal.aborted) return;
        this.log.error({ err }, 'export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      void reply.header('Content-Type', EXPORT_CONTENT_TYPES[file.format]).header('Content-Disposition', contentDisposition(file.fileName)).header('Cache-Control', 'no-store');
      return reply.send(out);
    } catch (err) {
      release();
      // The client left before the file started: nobody to answer, nothing to report.
      if (abort.signal.aborted) return reply;
      throw err;
    }
  }

  /**
   * A part's rows as the writer pulls them: after each chunk is written, a turn of the event loop,
   * then — while the answer's buffer is full — a wait for the client to read. Nothing more is
   * read once the client has left: the reader's own `finally` runs and it asks for no next page.
   */
  private async *paced(rows: FilePart['rows'], run: RunningExport, out: Writable, firstChunk: () => void): AsyncGenerator<Row[]> {
    const { signal } = run;
    for await (const chunk of rows) {
      signal.throwIfAborted();
      firstChunk();
      yield chunk;
      run.chunks++;
      await nextTurn();
      if (out.writableNeedDrain) await once(out, 'drain', { signal });
      await this.afterChunk?.(run);
      signal.throwIfAborted();
    }
    firstChunk();
  }
}

/** This instance's export runner, with the limits of its configuration. */
export const exportRunnerOf = perContext(
  (ctx: AppContext) => new ExportRunner({ perUser: ctx.config.EXPORT_MAX_PER_USER, perInstance: ctx.config.EXPORT_MAX_PER_INSTANCE }, ctx.log),
);
