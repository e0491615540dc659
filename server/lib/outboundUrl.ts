/**
 * The guard every outbound request to a URL a user gave (the businesses' callback URLs) passes through
 * when it is sent. The form and the API refuse internal addresses when the URL is saved
 * (src/domain/business.ts's isPublicCallbackUrl), but a public name can resolve to an internal address
 * later (or from the start: `internal.example` → 10.0.0.5), so the sender checks again:
 *
 * - the scheme is http or https;
 * - the host is resolved, and every address it resolves to is public (isInternalAddress); one internal
 *   address refuses the URL (a resolver may answer differently on the next lookup);
 * - the caller connects to the returned address (with the host name as Host and TLS server name), never
 *   resolving again, so that the address checked is the address used (no DNS rebinding).
 *
 * There is no callback sender yet: it is to call `resolveOutboundUrl` before every attempt.
 */
import { lookup } from 'node:dns/promises';
import { isInternalAddress, isPublicCallbackUrl } from '../../src/domain/business';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the system resolver by default; tests inject one). */
export type HostResolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: HostResolver = (host) => lookup(host, { all: true, verbatim: true });

export class OutboundUrlRefused extends Error {
  constructor(
    readonly url: string,
    readonly reason: 'scheme' | 'internal-host' | 'internal-address' | 'unresolved',
  ) {
    super(`outbound URL refused (${reason})`);
    this.name = 'OutboundUrlRefused';
  }
}

export interface OutboundTarget {
  url: URL;
  /** The address to connect to: checked, and used without another lookup. */
  address: string;
  family: number;
}

/** The checked target of an outbound request, or OutboundUrlRefused. The URL itself is never logged. */
export async function resolveOutboundUrl(
  text: string,
  resolve: HostResolver = systemResolver,
): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlRefused(text, 'scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlRefused(text, 'scheme');
  if (!isPublicCallbackUrl(text)) throw new OutboundUrlRefused(text, 'internal-host');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: readonly ResolvedAddress[];
  if (/^[\d.]+$/.test(host)) addresses = [{ address: host, family: 4 }];
  else if (host.includes(':')) addresses = [{ address: host, family: 6 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new OutboundUrlRefused(text, 'unresolved');
    }
  }
  if (addresses.length === 0) throw new OutboundUrlRefused(text, 'unresolved');
  if (addresses.some((a) => isInternalAddress(a.address)))
    throw new OutboundUrlRefused(text, 'internal-address');
  return { url, address: addresses[0].address, family: addresses[0].family };
}
