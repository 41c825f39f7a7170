import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Module, type Type } from '@nestjs/common';
import { PUSH_EXTRA_CA } from '../../src/modules/notifications/push/web-push-sender.js';

export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

export interface LocalPushService {
  /** PEM of the certificate authority that signed the service's certificate (for `trustPushCa`). */
  caPem: string;
  /** https://localhost:<port> */
  origin: string;
  /** A fresh endpoint URL on this service, as a browser's push subscription would hold. */
  newEndpoint(): string;
  /** What the service answers for `endpoint` from now on (201 unless told otherwise). */
  answer(endpoint: string, status: number): void;
  /** Requests received for `endpoint`, oldest first. */
  received(endpoint: string): ReceivedPush[];
  /**
   * While true, a message arriving on a connection that has already carried one is not answered: the
   * connection is dropped, as a push service does when it closes an idle connection just as it is reused.
   */
  dropReusedConnections: boolean;
  /** Connections dropped so. */
  readonly dropped: number;
  close(): Promise<void>;
}

/**
 * A certificate authority and a certificate for localhost signed by it, made with the openssl CLI in a
 * temporary folder (node:crypto cannot issue certificates).
 */
function issueCertificates(): { caPem: string; keyPem: string; certPem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'betwixt-push-tls-'));
  const file = (name: string) => join(dir, name);
  // Words of `command` are split on spaces (the temporary folder has none); `args` are passed as they are.
  const openssl = (command: string, ...args: string[]) =>
    execFileSync('openssl', [...command.split(' '), ...args], { stdio: 'pipe' });
  const ec = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  try {
    const caUsage = '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign';
    openssl(
      `req -x509 -days 2 ${ec} ${caUsage} -keyout ${file('ca.key')} -out ${file('ca.pem')}`,
      '-subj',
      '/CN=Test CA',
    );
    openssl(`req ${ec} -keyout ${file('leaf.key')} -out ${file('leaf.csr')}`, '-subj', '/CN=localhost');
    writeFileSync(
      file('leaf.ext'),
      'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    );
    const signer = `-CA ${file('ca.pem')} -CAkey ${file('ca.key')} -CAcreateserial`;
    openssl(
      `x509 -req -days 2 ${signer} -in ${file('leaf.csr')} -extfile ${file('leaf.ext')} -out ${file('leaf.pem')}`,
    );
    return {
      caPem: readFileSync(file('ca.pem'), 'utf8'),
      keyPem: readFileSync(file('leaf.key'), 'utf8'),
      certPem: readFileSync(file('leaf.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A push service on https://localhost: accepts every message (201, like the real ones) unless told
 * otherwise per endpoint, and records what it received so tests can check headers and decrypt bodies.
 */
export async function startLocalPushService(): Promise<LocalPushService> {
  const { caPem, keyPem, certPem } = issueCertificates();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const used = new WeakSet<object>();
  const control = { dropReusedConnections: false, dropped: 0 };
  const server: Server = createServer({ key: keyPem, cert: certPem }, (request, response) => {
    if (control.dropReusedConnections && used.has(request.socket)) {
      control.dropped += 1;
      request.socket.destroy();
      return;
    }
    used.add(request.socket);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const status = answers.get(path) ?? 201;
      received.push({
        path,
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        status,
      });
      response.statusCode = status;
      response.end();
    });
  });
  // Idle connections are kept a minute (announced in Keep-Alive), so a test decides when one is dropped.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  let counter = 0;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  return {
    get dropReusedConnections() {
      return control.dropReusedConnections;
    },
    set dropReusedConnections(drop: boolean) {
      control.dropReusedConnections = drop;
    },
    get dropped() {
      return control.dropped;
    },
    caPem,
    origin,
    newEndpoint: () => `${origin}/push/v2/${Date.now().toString(36)}-${(counter += 1)}`,
    answer: (endpoint, status) => answers.set(pathOf(endpoint), status),
    received: (endpoint) => received.filter((push) => push.path === pathOf(endpoint)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A module for `startTestApp({ extraImports })` that makes the app trust the local push service's CA. */
export function trustPushCa(caPem: string): Type {
  @Global()
  @Module({ providers: [{ provide: PUSH_EXTRA_CA, useValue: caPem }], exports: [PUSH_EXTRA_CA] })
  class TrustLocalPushServiceCa {}
  return TrustLocalPushServiceCa;
}
