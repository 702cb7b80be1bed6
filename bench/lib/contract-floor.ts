import { request } from 'node:http';

/** One answer of the server under test, as the contract floor replays it. */
export interface RecordedAnswer {
  status: number;
  /** Every header but those Node writes itself (date, connection, content-length, …). */
  headers: Record<string, string | string[]>;
  /** The body, base64. */
  body: string;
}

/** Headers Node's HTTP server writes on its own for every answer; the replay gets them from there. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * GETs `url` once (loopback only) with the request headers the load will send, and keeps the
 * answer's status, headers and body. node:http rather than fetch: fetch asks for gzip, the load
 * does not, and the floor must replay the very bytes the load receives.
 */
export function recordAnswer(url: string, headers: Record<string, string> = {}): Promise<RecordedAnswer> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`refusing to record ${url}: loopback only`);
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const kept: RecordedAnswer['headers'] = {};
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined && !WRITTEN_BY_NODE.has(name)) kept[name] = value;
        resolve({
          status: response.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** PUTs a recorded answer to the baseline server's replay route (bench/server.ts). */
export async function replayAnswer(floorUrl: string, answer: RecordedAnswer): Promise<void> {
  const response = await fetch(floorUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  if (response.status !== 204) throw new Error(`floor answered ${response.status}`);
}
