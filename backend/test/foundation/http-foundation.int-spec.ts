import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsString, MinLength } from 'class-validator';
import { Public, Roles } from '../../src/common/auth/access-policy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

class EchoDto {
  @IsString()
  @MinLength(3, { message: 'Name must be at least 3 characters' })
  name: string;
}

@Controller('probe')
class ProbeController {
  @Public()
  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail');
  }

  @Roles('user')
  @Get('mine')
  mine(): string {
    return 'signed-in only';
  }

  @Get('undeclared')
  undeclared(): string {
    return 'no policy declared';
  }

  @Public()
  @Post('echo')
  echo(@Body() body: EchoDto): EchoDto {
    return body;
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

function fakeSpaBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'betwixt-spa-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'sw.js'), "self.addEventListener('install', () => self.skipWaiting());");
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Betwixt"}');
  // A hashed asset with the twins the build writes (frontend/vite.config.ts precompress()).
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', ASSET), ASSET_BODY);
  writeFileSync(join(dir, 'assets', `${ASSET}.br`), brotliCompressSync(ASSET_BODY));
  writeFileSync(join(dir, 'assets', `${ASSET}.gz`), gzipSync(ASSET_BODY));
  return dir;
}

const ASSET = 'index-AbC123xy.js';
const ASSET_BODY = `export const data = ${JSON.stringify('x'.repeat(4096))};\n`;

/** A raw GET (fetch would decode the body and hide what was on the wire). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('HTTP foundation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraImports: [ProbeModule], webDistDir: fakeSpaBuild() });
  });
  afterAll(async () => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

  it('answers the health check after asking the database', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ status: 'ok', database: 'up' });
  });

  it('serves the SPA at / and at client routes, and the service worker as JavaScript', async () => {
    for (const path of ['/', '/friends', '/account/settings']) {
      const response = await get(path, { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    }
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets precompressed (Brotli, then gzip) and cached for a year', async () => {
    const url = `${t.url}/assets/${ASSET}`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(brotliCompressSync(ASSET_BODY))).toBe(true);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);

    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET_BODY);
  });

  it('compresses API answers above 1 kB for clients that accept it, and only those', async () => {
    const document = await (await get('/api/docs-json')).text();
    expect(document.length).toBeGreaterThan(1024);
    const br = await rawGet(`${t.url}/api/docs-json`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(document);
    const gz = await rawGet(`${t.url}/api/docs-json`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(document);
    const plain = await rawGet(`${t.url}/api/docs-json`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(document);
    // Small answers are not worth the CPU: the health check stays as it is.
    const small = await rawGet(`${t.url}/api/health`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves robots.txt as text and never caches index.html, sw.js or the manifest', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toContain('User-agent: *');
    for (const path of ['/', '/sw.js', '/manifest.webmanifest']) {
      expect((await get(path)).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
    ] as const) {
      const response = await fetch(`${t.url}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await response.json()) as { statusCode: number; message: string };
      expect(body.statusCode).toBe(404);
    }
  });

  it('serves the OpenAPI UI and document', async () => {
    expect((await get('/api/docs')).status).toBe(200);
    const json = await get('/api/docs-json');
    expect(json.status).toBe(200);
    const document = (await json.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/health');
  });

  it('turns malformed JSON into a 400', async () => {
    const response = await fetch(`${t.url}/api/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(/JSON/);
  });

  it('validates bodies, reporting the message per field, and refuses unknown fields', async () => {
    const post = (body: unknown) =>
      fetch(`${t.url}/api/probe/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const short = await post({ name: 'ab' });
    expect(short.status).toBe(400);
    await expect(short.json()).resolves.toMatchObject({
      message: 'Name must be at least 3 characters',
      fields: { name: 'Name must be at least 3 characters' },
    });
    const extra = await post({ name: 'abc', isAdmin: true });
    expect(extra.status).toBe(400);
    await expect(extra.json()).resolves.toMatchObject({
      fields: { isAdmin: 'property isAdmin should not exist' },
    });
    const ok = await post({ name: 'abc' });
    expect(ok.status).toBe(201);
    await expect(ok.json()).resolves.toEqual({ name: 'abc' });
  });

  it('hides unexpected errors behind an opaque 500 with a request id', async () => {
    const response = await get('/api/probe/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    const body = JSON.parse(text) as { requestId: string; message: string };
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    expect(body.message).toMatch(/went wrong/);
  });

  it('requires a signed-in caller on user routes and denies routes that declare no policy', async () => {
    expect((await get('/api/probe/mine')).status).toBe(401);
    expect((await get('/api/probe/mine', { authorization: 'Bearer not-a-token' })).status).toBe(401);
    const undeclared = await get('/api/probe/undeclared');
    expect(undeclared.status).toBe(403);
    expect(await undeclared.text()).not.toContain('no policy declared');
  });

  it('sends security headers on HTML and API answers', async () => {
    for (const path of ['/', '/api/health', '/api/nope']) {
      const response = await get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
