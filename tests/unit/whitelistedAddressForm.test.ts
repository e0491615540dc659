/**
 * The whitelisted-address form's pure parts (src/resources/whitelistedAddresses/form.ts): the resolver
 * runs the API's rules (src/domain/addresses.ts) and the 2FA code rule when 2FA is on; the body drops a
 * tag on a network that takes none; only cryptocurrencies with networks are offered.
 */
import { describe, expect, it } from 'vitest';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import {
  addressCurrencies,
  addressResolver,
  EMPTY_ADDRESS,
  toBody,
  type AddressFormValues,
} from '../../src/resources/whitelistedAddresses/form';

const resolve = async (values: Partial<AddressFormValues>, twoFaOn = false) => {
  const result = await addressResolver(CURRENCY_SEED, twoFaOn)({ ...EMPTY_ADDRESS, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
};

const TRON = {
  label: 'Payouts',
  currency: 'USDT',
  network: 'TRX',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

describe('the whitelisted-address form', () => {
  it('offers the cryptocurrencies with networks, in display order', () => {
    expect(addressCurrencies(CURRENCY_SEED).map((c) => c.abbreviation)).toEqual([
      'BTC',
      'BCH',
      'LTC',
      'ETH',
      'USDT',
      'XLM',
      'XRP',
      'LINK',
      'USDC',
    ]);
  });

  it('names the network of a wrong checksum, as the API does', async () => {
    expect(await resolve({ ...TRON, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toEqual({
      address: 'validation.addressInvalidTRON',
    });
    expect(await resolve(TRON)).toEqual({});
  });

  it('asks for the 2FA code only when 2FA is on', async () => {
    expect(await resolve(TRON, true)).toEqual({ twoFaCode: 'validation.twoFaRequired' });
    expect(await resolve({ ...TRON, twoFaCode: '12345' }, true)).toEqual({
      twoFaCode: 'validation.twoFaDigits',
    });
    expect(await resolve({ ...TRON, twoFaCode: ' 123456 ' }, true)).toEqual({});
  });

  it('requires the tag on XRP, and sends none where the network takes none', async () => {
    const xrp = {
      label: 'Desk',
      currency: 'XRP',
      network: 'MAIN',
      address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    };
    expect(await resolve(xrp)).toEqual({ destinationTag: 'validation.destinationTagRequired' });
    expect(toBody({ ...EMPTY_ADDRESS, ...xrp, destinationTag: ' 42 ' })).toEqual({
      ...xrp,
      destinationTag: '42',
    });
    // A tag typed before switching to Tron is not sent (the field is gone).
    expect(toBody({ ...EMPTY_ADDRESS, ...TRON, label: ' Payouts ', destinationTag: '42' })).toEqual(TRON);
  });
});
