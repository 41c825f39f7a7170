import type { LookupAddress, LookupOptions } from 'node:dns';
import { loadConfig } from '../../../config/app-config.js';
import {
  ENDPOINT_NOT_PUBLIC,
  ENDPOINT_UNRESOLVED,
  isPublicAddress,
  publicOnlyLookup,
  PushEndpointPolicy,
} from './push-endpoint-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'ff02::1',
    'localhost',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.185.74',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '2a00:1450:4001:82a::200a',
    '2606:4700::1111',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('publicOnlyLookup', () => {
  const fakeLookup =
    (answer: string | LookupAddress[]) =>
    (
      _hostname: string,
      _options: LookupOptions,
      callback: (
        error: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void,
    ) =>
      callback(null, answer, typeof answer === 'string' ? 4 : undefined);
  const run = (answer: string | LookupAddress[], options: LookupOptions = {}) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
      publicOnlyLookup(fakeLookup(answer))('push.example.net', options, (error, address) =>
        resolve({ error, address }),
      ),
    );

  it('passes public answers through, single or all', async () => {
    expect(await run('142.250.185.74')).toEqual({ error: null, address: '142.250.185.74' });
    const all = [
      { address: '142.250.185.74', family: 4 },
      { address: '2a00:1450:4001:82a::200a', family: 6 },
    ];
    expect(await run(all, { all: true })).toEqual({ error: null, address: all });
  });

  it('refuses a name with any non-public address, so the socket never connects', async () => {
    const single = await run('127.0.0.1');
    expect(single.error?.code).toBe('ENONPUBLIC');
    expect(single.error?.message).toBe('push.example.net resolves to a non-public address');
    const mixed = await run(
      [
        { address: '142.250.185.74', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      { all: true },
    );
    expect(mixed.error?.code).toBe('ENONPUBLIC');
  });
});

describe('PushEndpointPolicy.assertAllowed', () => {
  const sut = new PushEndpointPolicy(loadConfig({}));
  const resolvesTo =
    (...addresses: string[]) =>
    async (): Promise<LookupAddress[]> =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('accepts a name that resolves to public addresses only', async () => {
    await expect(
      sut.assertAllowed('https://fcm.googleapis.com/fcm/send/abc', resolvesTo('142.250.185.74')),
    ).resolves.toBeUndefined();
  });

  it.each([
    'https://127.0.0.1/push',
    'https://8.8.8.8/push',
    'https://[::1]:8443/push',
    'https://[2606:4700::1111]/x',
  ])('refuses the IP literal %s without resolving anything', async (endpoint) => {
    const resolve = jest.fn(resolvesTo('142.250.185.74'));
    await expect(sut.assertAllowed(endpoint, resolve)).rejects.toMatchObject({
      status: 400,
      message: ENDPOINT_NOT_PUBLIC,
    });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a name that resolves to a private address, even among public ones', async () => {
    await expect(
      sut.assertAllowed('https://push.example.net/x', resolvesTo('142.250.185.74', '169.254.169.254')),
    ).rejects.toMatchObject({ status: 400, message: ENDPOINT_NOT_PUBLIC });
  });

  it('refuses a name that does not resolve', async () => {
    const fails = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    await expect(sut.assertAllowed('https://push.invalid/x', fails)).rejects.toMatchObject({
      status: 400,
      message: ENDPOINT_UNRESOLVED,
    });
  });

  it('allows anything when PUSH_ALLOW_PRIVATE_ENDPOINTS is on (tests and development)', async () => {
    const open = new PushEndpointPolicy(loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }));
    await expect(
      open.assertAllowed('https://127.0.0.1:8443/push', resolvesTo('127.0.0.1')),
    ).resolves.toBeUndefined();
    expect(open.refusesLiteral('127.0.0.1')).toBe(false);
    expect(open.agentLookup()).toBeUndefined();
    expect(sut.refusesLiteral('127.0.0.1')).toBe(true);
    expect(sut.refusesLiteral('fcm.googleapis.com')).toBe(false);
    expect(sut.agentLookup()).toEqual(expect.any(Function));
  });
});
