/** The send-time guard of outbound URLs (server/lib/outboundUrl.ts), with an injected resolver. */
import { describe, expect, it } from 'vitest';
import {
  allowedAddresses,
  OutboundUrlRefused,
  resolveOutboundUrl,
  type HostResolver,
} from '../../server/lib/outboundUrl';

const resolver =
  (table: Record<string, string[]>): HostResolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const dns = resolver({
  'shop.example': ['93.184.215.14'],
  'both.example': ['93.184.215.14', '10.0.0.5'],
  'rebind.example': ['169.254.169.254'],
  'v6.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'ula.example': ['fd00::1'],
  'empty.example': [],
});

async function refusal(url: string) {
  try {
    await resolveOutboundUrl(url, dns);
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundUrlRefused);
    return (error as OutboundUrlRefused).reason;
  }
  return undefined;
}

describe('resolveOutboundUrl', () => {
  it('returns the checked address of a public host, to connect to without another lookup', async () => {
    const target = await resolveOutboundUrl('https://shop.example/callbacks/deposit', dns);
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('shop.example');
    expect((await resolveOutboundUrl('https://v6.example/', dns)).family).toBe(6);
    expect((await resolveOutboundUrl('http://8.8.8.8/hook', dns)).address).toBe('8.8.8.8');
  });

  it('refuses a public name that resolves to an internal address, even one of several', async () => {
    expect(await refusal('https://rebind.example/')).toBe('internal-address');
    expect(await refusal('https://both.example/')).toBe('internal-address');
    expect(await refusal('https://mapped.example/')).toBe('internal-address');
    expect(await refusal('https://ula.example/')).toBe('internal-address');
  });

  it('refuses internal literals and names before resolving, other schemes, and unknown hosts', async () => {
    for (const url of ['http://127.0.0.1:5432/', 'http://[::1]/', 'http://0x7f000001/', 'http://localhost/'])
      expect(await refusal(url), url).toBe('internal-host');
    expect(await refusal('ftp://shop.example/in')).toBe('scheme');
    expect(await refusal('not a url')).toBe('scheme');
    expect(await refusal('https://nowhere.example/')).toBe('unresolved');
    expect(await refusal('https://empty.example/')).toBe('unresolved');
  });
});

describe("the operator's allowed addresses (CALLBACK_ALLOWED_ADDRESSES)", () => {
  const allowed = allowedAddresses(['127.0.0.1:9000', '[::1]:9000']);
  const local = resolver({ 'receiver.test': ['127.0.0.1'], localhost: ['127.0.0.1'] });

  it('let exactly that internal address and port through, and nothing else', async () => {
    expect(await resolveOutboundUrl('http://127.0.0.1:9000/hook', local, allowed)).toMatchObject({
      address: '127.0.0.1',
      port: 9000,
    });
    expect((await resolveOutboundUrl('http://[::1]:9000/hook', local, allowed)).address).toBe('::1');
    expect((await resolveOutboundUrl('http://receiver.test:9000/hook', local, allowed)).address).toBe(
      '127.0.0.1',
    );
    expect((await resolveOutboundUrl('http://localhost:9000/', local, allowed)).port).toBe(9000);
    const refused = async (url: string) =>
      resolveOutboundUrl(url, local, allowed).then(
        () => undefined,
        (error: OutboundUrlRefused) => error.reason,
      );
    expect(await refused('http://127.0.0.1:9001/hook')).toBe('internal-host');
    expect(await refused('http://127.0.0.1/hook')).toBe('internal-host');
    expect(await refused('http://receiver.test:9001/hook')).toBe('internal-address');
    expect(await refused('http://169.254.169.254:9000/')).toBe('internal-host');
  });

  it('are address:port entries', () => {
    expect(() => allowedAddresses(['localhost:9000'])).toThrow(/not an address:port/);
    expect(() => allowedAddresses(['127.0.0.1'])).toThrow(/not an address:port/);
    expect(() => allowedAddresses(['127.0.0.1:70000'])).toThrow(/not an address:port/);
  });
});
