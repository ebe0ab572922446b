import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; occurredAt: string; projectId: number; data: Record<string, unknown> };
}

/** A local receiver on 127.0.0.1: records every POST and answers what `answer` says (200 unless told). */
export async function localReceiver() {
  const received: Received[] = [];
  let answer: (event: Received['event']) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as Received['event'];
      received.push({ headers: req.headers, body, event });
      const status = answer(event);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `alıcı hatası ${status}` : 'tamam');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith: (fn: (event: Received['event']) => number) => {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
