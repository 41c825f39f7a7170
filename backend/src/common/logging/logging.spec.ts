import { Writable } from 'node:stream';
import { loadConfig } from '../../config/app-config.js';
import { createLogger } from './logger.js';
import { PinoNestLogger } from './pino-nest-logger.js';

function capture(isTTY: boolean): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  Object.assign(stream, { isTTY });
  return { stream, text: () => text };
}

const config = loadConfig({ LOG_LEVEL: 'trace' });

describe('createLogger', () => {
  it('writes JSON lines when the output is not a terminal', () => {
    const out = capture(false);
    createLogger(config, out.stream).info({ answer: 42 }, 'hello');
    expect(JSON.parse(out.text())).toMatchObject({ level: 30, msg: 'hello', answer: 42 });
  });

  it('writes readable lines on a terminal', async () => {
    const out = capture(true);
    createLogger(config, out.stream).info({ answer: 42 }, 'hello');
    await new Promise((resolve) => setTimeout(resolve, 50)); // pino-pretty's stream is asynchronous
    const plain = out.text().replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '');
    expect(plain).toMatch(/INFO: hello/);
    expect(plain).toMatch(/answer: 42/);
    expect(() => JSON.parse(out.text()) as unknown).toThrow();
  });
});

describe('PinoNestLogger', () => {
  const lines = (call: (logger: PinoNestLogger) => void) => {
    const out = capture(false);
    call(new PinoNestLogger(createLogger(config, out.stream)));
    return out
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  it('files Nest’s (object, message, context) as fields, msg and context', () => {
    expect(lines((sut) => sut.log({ lifted: 2 }, 'Lifted suspensions', 'Jobs'))[0]).toMatchObject({
      level: 30,
      lifted: 2,
      msg: 'Lifted suspensions',
      context: 'Jobs',
    });
    expect(lines((sut) => sut.warn({ userId: 'u1' }, 'Careful', 'Admin'))[0]).toMatchObject({
      level: 40,
      userId: 'u1',
      msg: 'Careful',
      context: 'Admin',
    });
  });

  it('files a plain message with its context, and an error’s stack as the trace', () => {
    expect(lines((sut) => sut.log('Started', 'NestApplication'))[0]).toMatchObject({
      msg: 'Started',
      context: 'NestApplication',
    });
    const stack = 'Error: boom\n    at somewhere (file.js:1:1)';
    expect(lines((sut) => sut.error('It failed', stack, 'Scheduler'))[0]).toMatchObject({
      level: 50,
      msg: 'It failed',
      trace: stack,
      context: 'Scheduler',
    });
    expect(lines((sut) => sut.error({ err: new Error('x') }, 'Job failed', 'Jobs'))[0]).toMatchObject({
      msg: 'Job failed',
      context: 'Jobs',
      err: { message: 'x' },
    });
  });
});
