import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { refuseCrossSiteCookieRequests } from '../modules/auth/index.js';
import { errorBody } from '../common/http/error-body.js';
import { refuseHostileInput } from '../common/http/hostile-input.js';
import { acceptPictureBodies } from '../modules/pictures/index.js';
import { createValidationPipe } from '../common/http/validation.pipe.js';
import { createLogger } from '../common/logging/logger.js';
import { PinoNestLogger } from '../common/logging/pino-nest-logger.js';
import { Metrics, serveMetrics } from '../common/metrics/metrics.js';
import type { AppConfig } from '../config/app-config.js';
import { sendAnswerHeaders } from './security-headers.js';
import { RealtimeHub } from '../modules/notifications/index.js';

export interface CreateAppOptions {
  databaseUrl: string;
  /** Folder of the built SPA (index.html, assets/, sw.js). When absent, only the API is served. */
  webDistDir?: string;
  /** Extra modules mounted beside the app's own (tests use this for probe routes). */
  extraImports?: Type[];
  /** Where log lines go; stdout unless a test reads them. */
  logDestination?: NodeJS.WritableStream;
}

// Content Security Policy for the SPA and the API docs: everything from our own origin, styles inline
// (MUI/emotion inject them), images only from here (profile pictures are served by us; data: and blob:
// for inline icons and the picture preview), never framed.
const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The app may be served over plain http on a LAN; never rewrite its requests to https.
    upgradeInsecureRequests: null,
  },
};

export async function createApp(
  config: AppConfig,
  options: CreateAppOptions,
): Promise<NestFastifyApplication> {
  const logger = createLogger(config, options.logDestination);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    // Every connection ends: Fastify's defaults wait forever for a body and on a silent socket, so a
    // client trickling bytes, or sending none, could hold file descriptors until the process ran out.
    ...httpTimeouts(config),
    // Unset TRUST_PROXY: X-Forwarded-For/-Proto/-Host are ignored, so a client cannot choose its own IP.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forConfig(config, options.databaseUrl, options.extraImports),
    adapter,
    {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    },
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());

  const fastify = app.getHttpAdapter().getInstance();
  sendAnswerHeaders(fastify, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    // The same as CSP frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
  registerInstanceGauges(app);
  serveMetrics(fastify, app.get(Metrics), config);
  refuseCrossSiteCookieRequests(fastify, config);
  refuseHostileInput(fastify);
  acceptPictureBodies(fastify);
  await app.register(fastifyCookie, { secret: config.jwtSecret });
  // API answers above 1 kB (bet lists, pages, ledgers) go out gzip- or Brotli-compressed when the client accepts
  // it: a 50-bet list shrinks ~10x on a phone's connection. Brotli at quality 4 (the plugin's default) costs about
  // what gzip does. Built files keep their precompressed twins (served with Content-Encoding already set, which
  // this skips); the live event stream writes to the socket itself and is never buffered by it.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  if (options.webDistDir && existsSync(join(options.webDistDir, 'index.html'))) {
    await serveSpa(app, options.webDistDir);
  } else {
    fastify.get('/*', async (request, reply) => notFound(request, reply));
  }
  await app.init();
  return app;
}

/** Gauges read at scrape time: the database pool of this instance and its open live-update streams. */
function registerInstanceGauges(app: NestFastifyApplication): void {
  const metrics = app.get(Metrics);
  const pool = (app.get(DataSource).driver as unknown as { master?: Pool }).master;
  metrics.gauge(
    'betwixt_db_pool_connections',
    'Connections in the database pool (open, idle or busy)',
    () => pool?.totalCount ?? 0,
  );
  metrics.gauge('betwixt_db_pool_idle', 'Idle connections in the database pool', () => pool?.idleCount ?? 0);
  metrics.gauge(
    'betwixt_db_pool_waiting',
    'Queries waiting for a free database connection',
    () => pool?.waitingCount ?? 0,
  );
  const hub = app.get(RealtimeHub);
  metrics.gauge(
    'betwixt_sse_streams_open',
    'Live-update (server-sent events) streams open on this instance',
    () => hub.connectionCount,
  );
}

/**
 * Node checks the headers and request deadlines on a timer (30 s by default, longer than our deadlines):
 * four times per the shorter one, at most every 5 s, keeps a connection's end within ~1.25 times its deadline.
 */
export function httpTimeouts(config: AppConfig) {
  const shorter = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(5_000, Math.floor(shorter / 4))),
    },
  };
}

/** Fastify's trustProxy for TRUST_PROXY; a hop count becomes the function Fastify itself makes of one. */
function fastifyTrustProxy(
  trusted: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted;
}

export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Betwixt API')
    .setDescription('Bet virtual dollars with friends; settle by mutual agreement; admins resolve disputes.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, builder);
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send(errorBody(404, `Cannot ${request.method} ${request.url.split('?')[0]}`));
}

/**
 * Serves the built SPA from the same process: files as they are (hashed assets cached for a year,
 * index.html, sw.js and the manifest never), the build's precompressed `.br`/`.gz` twin when the browser
 * accepts it (with Content-Encoding and Vary: Accept-Encoding), and index.html for any other GET outside
 * /api so client routes load.
 */
async function serveSpa(app: NestFastifyApplication, root: string): Promise<void> {
  const indexHtml = readFileSync(join(root, 'index.html'));
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(root, 'assets')}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const fastify = app.getHttpAdapter().getInstance();
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  fastify.get('/', sendIndex);
  fastify.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return notFound(request, reply);
    return sendIndex(request, reply);
  });
}
