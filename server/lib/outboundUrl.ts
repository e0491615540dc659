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
 * The callback worker (server/modules/callbacks/sender.ts) calls `resolveOutboundUrl` before every
 * attempt. `allowed` is an operator's explicit exception (CALLBACK_ALLOWED_ADDRESSES): an internal
 * address and port it names is let through, for a receiver on the operator's own machine or network;
 * every other internal address stays refused.
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
  /** The port to connect to (the URL's, or its scheme's default). */
  port: number;
}

/** An internal address and port an operator allows explicitly (CALLBACK_ALLOWED_ADDRESSES). */
export type AllowedAddress = (address: string, port: number) => boolean;

/**
 * The `address:port` entries of CALLBACK_ALLOWED_ADDRESSES (`127.0.0.1:9000`, `[::1]:9000`) as an
 * AllowedAddress; an entry that is not one throws.
 */
export function allowedAddresses(entries: readonly string[]): AllowedAddress {
  const allowed = new Set(
    entries.map((entry) => {
      const match = /^(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):(\d{1,5})$/.exec(entry.trim());
      const port = match ? Number(match[3]) : 0;
      if (!match || port < 1 || port > 65535) throw new Error(`not an address:port: "${entry}"`);
      return `${(match[1] ?? match[2]).toLowerCase()}|${port}`;
    }),
  );
  return (address, port) => allowed.has(`${address.toLowerCase()}|${port}`);
}

/** The checked target of an outbound request, or OutboundUrlRefused. The URL itself is never logged. */
export async function resolveOutboundUrl(
  text: string,
  resolve: HostResolver = systemResolver,
  allowed?: AllowedAddress,
): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlRefused(text, 'scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlRefused(text, 'scheme');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  // An internal name or literal is refused before any lookup, unless the operator allows what it names.
  const internalHost = !isPublicCallbackUrl(text);
  if (internalHost && !allowed) throw new OutboundUrlRefused(text, 'internal-host');
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
  const refused = (a: ResolvedAddress) => isInternalAddress(a.address) && !allowed?.(a.address, port);
  if (internalHost && addresses.some((a) => !allowed?.(a.address, port)))
    throw new OutboundUrlRefused(text, 'internal-host');
  if (addresses.some(refused)) throw new OutboundUrlRefused(text, 'internal-address');
  return { url, address: addresses[0].address, family: addresses[0].family, port };
}
