import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../../common/errors/domain-error.js';
import { AppConfig } from '../../../config/app-config.js';

/**
 * IPv4 ranges that are not the public internet: "this network", private (RFC 1918), carrier-grade NAT,
 * loopback, link-local (cloud metadata lives at 169.254.169.254), IETF protocol assignments,
 * documentation, benchmarking, multicast and reserved. IPv4-mapped IPv6 addresses match these too.
 */
const NON_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
/**
 * IPv6 is allowed only inside global unicast (2000::/3), which leaves out loopback, unique-local
 * (fc00::/7), link-local (fe80::/10), multicast, NAT64 and IPv4-mapped addresses; within it,
 * documentation and the transition prefixes that embed an IPv4 address (Teredo, 6to4) are refused.
 */
const NON_PUBLIC_V6: [string, number][] = [
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_V6) nonPublic.addSubnet(network, prefix, 'ipv6');
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** True for an address on the public internet; false for private, loopback, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  switch (isIP(address)) {
    case 4:
      return !nonPublic.check(address, 'ipv4');
    case 6:
      return globalUnicastV6.check(address, 'ipv6') && !nonPublic.check(address, 'ipv6');
    default:
      return false;
  }
}

/** The host of a URL as a resolver or `isIP` wants it (URL keeps IPv6 literals in brackets). */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

type Lookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * A `lookup` for an HTTP agent that refuses to connect when a name resolves to a non-public address.
 * Checking at connect time, on the very addresses the socket will use, also covers a name that resolved
 * to a public address when the subscription was stored and points inside the network now (DNS
 * rebinding). Any non-public answer refuses the whole name.
 */
/** The error code of a refused connection to a non-public address (Node has none for it). */
export const NON_PUBLIC_ENDPOINT = 'ENONPUBLIC';

export function publicOnlyLookup(lookup: Lookup = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      if (addresses.every(isPublicAddress)) return callback(null, address, family);
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
      refused.code = NON_PUBLIC_ENDPOINT;
      callback(refused, address, family);
    });
  };
}

const RESOLVE_TIMEOUT_MS = 5_000;
export const ENDPOINT_NOT_PUBLIC = 'endpoint must be a public https address';
export const ENDPOINT_UNRESOLVED = 'endpoint host could not be found';

/**
 * Which push endpoints the server may POST to. Browsers get endpoints from their vendor's push service
 * (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com, ...), but the body of a
 * subscribe call is user input: without this rule anyone could make the server send requests into its
 * own network. PUSH_ALLOW_PRIVATE_ENDPOINTS turns it off for tests and development.
 */
@Injectable()
export class PushEndpointPolicy {
  constructor(private readonly config: AppConfig) {}

  get allowsPrivate(): boolean {
    return this.config.PUSH_ALLOW_PRIVATE_ENDPOINTS;
  }

  /** The agent's lookup: undefined (the system's) when private endpoints are allowed. */
  agentLookup(): LookupFunction | undefined {
    return this.allowsPrivate ? undefined : publicOnlyLookup();
  }

  /** At subscribe time: an IP literal or a name with any non-public address is a 400. */
  async assertAllowed(
    endpoint: string,
    resolve: (hostname: string) => Promise<LookupAddress[]> = resolveAll,
  ): Promise<void> {
    if (this.allowsPrivate) return;
    const hostname = bareHostname(new URL(endpoint));
    if (this.refusesLiteral(hostname))
      throw new BadRequestError(ENDPOINT_NOT_PUBLIC, 'push_endpoint_refused');
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new BadRequestError(ENDPOINT_UNRESOLVED, 'push_endpoint_unresolved');
    }
    if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
      throw new BadRequestError(ENDPOINT_NOT_PUBLIC, 'push_endpoint_refused');
    }
  }

  /**
   * At send time, for hosts a socket connects to without any lookup: IP literals are refused unless
   * allowed (a stored row may predate a configuration change).
   */
  refusesLiteral(hostname: string): boolean {
    return !this.allowsPrivate && isIP(hostname) !== 0;
  }
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Resolving ${hostname} timed out`)), RESOLVE_TIMEOUT_MS);
    systemLookup(hostname, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}
