import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let credentials: { key: Buffer; cert: string } | undefined;

/** A throw-away self-signed certificate for 127.0.0.1 / localhost, made once per test process with openssl. */
function selfSigned(): { key: Buffer; cert: string } {
  if (credentials) return credentials;
  const dir = mkdtempSync(join(tmpdir(), 'kizuna-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    credentials = {
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
    return credentials;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LoopbackServer {
  /** https://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** TCP connections accepted so far: proof of whether anything reached the server at all. */
  connections(): number;
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 that counts connections; closes with close(). */
export async function startLoopbackHttps(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const server: Server = createServer(selfSigned(), handler);
  let count = 0;
  server.on('connection', () => {
    count++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
