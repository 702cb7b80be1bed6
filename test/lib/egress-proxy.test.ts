import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { type AddressInfo, connect, createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { EgressProxy, type Resolver } from '../../src/lib/egress-proxy.js';

/** A listener that only counts who connects: it must see nobody the guard refused. */
let canary: Server;
let canaryPort: number;
let connections = 0;

before(async () => {
  canary = createServer((socket) => {
    connections += 1;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', () => resolve()));
  canaryPort = (canary.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => canary.close(() => resolve())));

/** The test's resolver: a platform host name that points at loopback, as a hostile DNS answer would. */
const resolver: Resolver = async (hostname) => {
  if (hostname === 'media.example') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'mixed.example')
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

async function proxyWith(options: ConstructorParameters<typeof EgressProxy>[0] = {}) {
  const proxy = new EgressProxy({ resolve: resolver, ...options });
  const url = new URL(await proxy.start());
  after(() => proxy.close());
  return { proxy, port: Number(url.port) };
}

/** Sends a raw request to the proxy and answers its status line. */
function statusLine(proxyPort: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxyPort, '127.0.0.1', () => socket.write(raw));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
      if (data.includes('\r\n')) {
        resolve(data.split('\r\n')[0]);
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(data.split('\r\n')[0]));
  });
}

const connectTo = (authority: string) => `CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`;

describe('EgressProxy', () => {
  it('refuses a CONNECT to a host name that resolves to loopback; the canary sees no connection', async () => {
    const { port } = await proxyWith();
    const before = connections;
    assert.match(await statusLine(port, connectTo(`media.example:${canaryPort}`)), /^HTTP\/1\.1 403/);
    assert.equal(connections, before);
  });

  it('refuses a plain http request for such a host the same way', async () => {
    const { port } = await proxyWith();
    const before = connections;
    const line = await statusLine(
      port,
      `GET http://media.example:${canaryPort}/video.mp4 HTTP/1.1\r\nhost: media.example:${canaryPort}\r\n\r\n`,
    );
    assert.match(line, /^HTTP\/1\.1 403/);
    assert.equal(connections, before);
  });

  it('refuses a host with any non-public address among its answers, and private, metadata and loopback literals', async () => {
    const refusals: string[] = [];
    const { port } = await proxyWith({ onRefused: (host) => refusals.push(host) });
    for (const authority of [
      'mixed.example:443',
      '169.254.169.254:80',
      '10.0.0.1:443',
      `127.0.0.1:${canaryPort}`,
      `[::1]:${canaryPort}`,
      `[::ffff:127.0.0.1]:${canaryPort}`,
      'nowhere.example:443',
    ]) {
      assert.match(await statusLine(port, connectTo(authority)), /^HTTP\/1\.1 403/, authority);
    }
    assert.equal(refusals.length, 7);
  });

  it('tunnels to an allowed address (here loopback, by the test-only switch), so the refusals above are real', async () => {
    const { port } = await proxyWith({ allowLoopbackForTests: true });
    const before = connections;
    assert.match(await statusLine(port, connectTo(`media.example:${canaryPort}`)), /^HTTP\/1\.1 200/);
    for (let i = 0; i < 100 && connections === before; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(connections, before + 1);
  });

  it('holds yt-dlp to the policy: a platform host mapped to loopback fails and the canary sees nothing', async () => {
    const { port } = await proxyWith();
    const before = connections;
    const run = promisify(execFile)(
      'yt-dlp',
      [
        '--ignore-config',
        '--proxy',
        `http://127.0.0.1:${port}`,
        '--no-cache-dir',
        '--retries',
        '0',
        '--simulate',
        '--',
        `http://media.example:${canaryPort}/video.mp4`,
      ],
      { timeout: 60_000 },
    );
    await assert.rejects(run, (error: { stderr?: string; code?: unknown }) => {
      assert.ok(error.code !== 'ENOENT', 'yt-dlp is installed');
      assert.match(String(error.stderr), /403|Forbidden/i);
      return true;
    });
    assert.equal(connections, before);
  });
});
