import { messages, parse, protocol, type PGlite } from '@electric-sql/pglite';

type Parsers = PGlite['parsers'];
const { serialize } = protocol;

/**
 * Statements on PGlite whose reply is handed back as raw protocol bytes, to be read by
 * `readRawResult` — on the API's thread, since PGlite runs in a worker (pglite-worker/): the
 * worker's time goes to PostgreSQL, not to decoding rows.
 *
 * - `named`: prepared once per name, then only bound and executed. PGlite's own `query()` always
 *   uses the unnamed statement, so it parses, analyses and plans every call anew: for the request
 *   list's page statement that was two thirds of the call (2.9 ms against 1.0 ms). A name must
 *   always carry the same text (as on PostgreSQL).
 * - `unnamed`: what PGlite's `query()` does (parse, describe, bind, execute), in three passes
 *   through PostgreSQL instead of six.
 *
 * Both run under PGlite's own locks: outside a transaction they wait for an open one to end (as
 * `query()` does); `inTransaction` runs inside the transaction the caller holds (as its
 * `tx.query()` does). Parameters are serialized with PGlite's serializers, by the types
 * PostgreSQL infers.
 */
export function pgliteRawStatements(client: PGlite) {
  const prepared = new Map<string, { text: string; paramTypes: number[] }>();

  /** Bind, describe and execute as one pass; the reply stays unparsed (copied: PGlite hands out a view of its buffer). */
  async function execute(statement: string, paramTypes: number[], params: readonly unknown[]): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    try {
      const values = params.map((v, i) => (v === null || v === undefined ? null : (client.serializers[paramTypes[i]!] ?? String)(v)));
      // An error is in the reply, and PostgreSQL skips what follows it until the Sync below.
      const batch = concat([serialize.bind({ statement, values }), serialize.describe({ type: 'P' }), serialize.execute({})]);
      await client.execProtocolRawStream(batch, { syncToFs: false, onRawData: (data) => void chunks.push(data.slice()) });
    } finally {
      // Through execProtocol, which also puts back PGlite's own reply handler that the raw stream
      // replaced (the Sync's ReadyForQuery still reaches the handler left in place, so it is in the reply).
      await client.execProtocol(serialize.sync(), { syncToFs: false });
    }
    return concat(chunks);
  }

  /** Parses `text` under `name` ('' for the unnamed statement) and answers its parameters' types. */
  async function prepare(name: string, text: string): Promise<number[]> {
    try {
      const described = await client.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name })]), {
        syncToFs: false,
      });
      return parse.parseDescribeStatementResults(described.messages);
    } catch (err) {
      await client.execProtocol(serialize.sync(), { syncToFs: false });
      throw err;
    }
  }

  const exclusive = <T>(inTransaction: boolean, fn: () => Promise<T>): Promise<T> =>
    inTransaction ? client._runExclusiveQuery(fn) : client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));

  return {
    named(name: string, text: string, params: readonly unknown[]): Promise<Uint8Array> {
      return exclusive(false, async () => {
        let statement = prepared.get(name);
        if (!statement) {
          statement = { text, paramTypes: await prepare(name, text) };
          prepared.set(name, statement);
        } else if (statement.text !== text) {
          throw new Error(`prepared statement ${name} was given another text`);
        }
        return execute(name, statement.paramTypes, params);
      });
    },
    unnamed(text: string, params: readonly unknown[], inTransaction: boolean): Promise<Uint8Array> {
      return exclusive(inTransaction, async () => execute('', await prepare('', text), params));
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A raw reply read as PGlite's `query()` answers: rows, fields and the rows a write touched. */
export interface RawResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/**
 * A raw reply (see pgliteRawStatements) parsed as PGlite's `query()` would, with `parsers` and the
 * caller's options (row mode, parsers of its own); the server's error is thrown. A NOTIFY the
 * server delivers in this reply goes to `onNotify`, as PGlite would have passed it to its listeners.
 */
export function readRawResult<T>(
  reply: Uint8Array,
  parsers: Parsers,
  options?: Parameters<typeof parse.parseResults>[2],
  onNotify?: (channel: string) => void,
): RawResult<T> {
  const received: Parameters<typeof parse.parseResults>[0] = [];
  let error: messages.DatabaseError | undefined;
  new protocol.Parser().parse(reply, (message) => {
    if (message instanceof messages.DatabaseError) error ??= message;
    else if (message instanceof messages.NotificationResponseMessage) onNotify?.(message.channel);
    else received.push(message);
  });
  if (error) throw error;
  const [result] = parse.parseResults(received, parsers, options);
  return (result ?? { rows: [], fields: [] }) as RawResult<T>;
}
