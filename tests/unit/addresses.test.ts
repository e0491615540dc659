/**
 * Whitelisted addresses (src/domain/addresses.ts): each network's format and checksum on published
 * examples — BIP 13/173/350/86 and the CashAddr specification's legacy forms for the Bitcoin family,
 * EIP-55's test vectors, SEP-23's strkeys, the XRP Ledger's special accounts, well-known Tron and
 * Solana program and token addresses — and the form's field rules and messages.
 */
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  addressKey,
  addressProblems,
  chainOf,
  isValidAddress,
  type AddressInput,
  type Chain,
} from '../../src/domain/addresses';

const EXAMPLES: Record<Chain, { valid: string[]; invalid: string[] }> = {
  BTC: {
    valid: [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ],
    invalid: [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // base58check checksum
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // bech32 checksum
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // v1 with bech32, not bech32m
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // v0 with bech32m, not bech32
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', // witness version 17
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet
      'LgfapHEPhZbRF9pMd5WPT35hFXcZS1USrW', // a Litecoin address
    ],
  },
  BCH: {
    valid: [
      '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
      '1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR',
      '16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb',
      '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC',
    ],
    invalid: [
      '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv',
      '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzD',
      'LgfapHEPhZbRF9pMd5WPT35hFXcZS1USrW',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ],
  },
  LTC: {
    valid: [
      'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW',
      'LTuoeY6RBHV3n3cfhXVVTbJbxzxnXs9ofm',
      'MGEW4aba3tnrVtVhGcmoqqHaLt5ymPSLPi',
      'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz',
    ],
    invalid: [
      '1LgfapHEPhZbRF9pMd5WPT35hFXcZS1USrW',
      'LgfapHEPhZbdRF9pMd5WPT35hFXcZS1USrW',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // a Bitcoin address
      'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dy',
    ],
  },
  EVM_ETH: {
    valid: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886e0f7030069857d2e4169ee7', // all lower case: no checksum carried
      '0x52908400098527886E0F7030069857D2E4169EE7', // all upper case
    ],
    invalid: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', // one letter's case breaks EIP-55
      '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', // 39 digits
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // no 0x
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
    ],
  },
  EVM_BSC: {
    valid: [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xde709f2102306220921060314715629080e2fb77',
    ],
    invalid: [
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d358x',
      '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ],
  },
  TRON: {
    valid: [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    ],
    invalid: [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', // checksum
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', // truncated
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // base58check, but not Tron's 0x41
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ],
  },
  SOLANA: {
    valid: [
      '11111111111111111111111111111111',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      'So11111111111111111111111111111111111111112',
    ],
    invalid: [
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', // '0' is not base58
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt', // 31 bytes
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv', // 33 bytes
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ],
  },
  XRP: {
    valid: [
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
      'rrrrrrrrrrrrrrrrrrrrBZbvji',
      'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    ],
    invalid: [
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', // checksum
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // Bitcoin's alphabet
      'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi', // an X-address: the tag goes in its own field
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdty',
    ],
  },
  XLM: {
    valid: [
      'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7',
      'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
      'GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H',
    ],
    invalid: [
      'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN6', // CRC16
      'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN', // length
      'SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR', // a secret seed, not an account
      'gaazi4tcr3ty5ojhctjc2a4qsy6cjwjh5iajtgkin2er7lbnvkoccwn7',
    ],
  },
};

describe('address formats and checksums', () => {
  for (const [chain, { valid, invalid }] of Object.entries(EXAMPLES) as [Chain, (typeof EXAMPLES)[Chain]][]) {
    it(`${chain}: at least three published valid and three invalid examples`, () => {
      expect(valid.length).toBeGreaterThanOrEqual(3);
      expect(invalid.length).toBeGreaterThanOrEqual(3);
    });
    it.each(valid)(`${chain} accepts %s`, (address) => expect(isValidAddress(chain, address)).toBe(true));
    it.each(invalid)(`${chain} refuses %s`, (address) => expect(isValidAddress(chain, address)).toBe(false));
  }

  it('refuses the empty text and anything beyond 128 characters', () => {
    expect(isValidAddress('SOLANA', '')).toBe(false);
    expect(isValidAddress('EVM_ETH', `0x${'a'.repeat(200)}`)).toBe(false);
  });
});

describe('chains of currencies on networks', () => {
  it.each`
    currency  | network   | chain
    ${'BTC'}  | ${'MAIN'} | ${'BTC'}
    ${'BCH'}  | ${'MAIN'} | ${'BCH'}
    ${'XRP'}  | ${'MAIN'} | ${'XRP'}
    ${'XLM'}  | ${'MAIN'} | ${'XLM'}
    ${'ETH'}  | ${'ETH'}  | ${'EVM_ETH'}
    ${'USDT'} | ${'BSC'}  | ${'EVM_BSC'}
    ${'USDT'} | ${'TRX'}  | ${'TRON'}
    ${'USDC'} | ${'SOL'}  | ${'SOLANA'}
    ${'LINK'} | ${'MAIN'} | ${undefined}
    ${'BTC'}  | ${'LN'}   | ${undefined}
  `('$currency on $network is $chain', ({ currency, network, chain }) => {
    expect(chainOf(currency, network)).toBe(chain);
  });

  it('compares EVM addresses without case, every other format exactly', () => {
    expect(addressKey('EVM_ETH', '0xAbC')).toBe('0xabc');
    expect(addressKey('SOLANA', 'AbC')).toBe('AbC');
  });
});

const NETWORKS: Record<string, string[]> = {
  BTC: ['MAIN'],
  USDT: ['ETH', 'TRX', 'BSC', 'SOL'],
  XRP: ['MAIN'],
  XLM: ['MAIN'],
  EUR: [],
};
const networksOf = (currency: string) => NETWORKS[currency];
const input = (change: Partial<AddressInput>): AddressInput => ({
  label: 'Treasury',
  currency: 'USDT',
  network: 'TRX',
  address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  destinationTag: '',
  ...change,
});
const texts = (change: Partial<AddressInput>) =>
  Object.fromEntries(
    Object.entries(addressProblems(input(change), networksOf)).map(([field, key]) => [
      field,
      ADDRESS_MESSAGES[key],
    ]),
  );

describe('the form’s rules and messages', () => {
  it('accepts a valid address', () => expect(texts({})).toEqual({}));

  it('names the network in the address message', () => {
    expect(texts({ address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMX' })).toEqual({
      address: 'Not a valid Tron (TRC20) address',
    });
    expect(texts({ network: 'ETH', address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW' })).toEqual({
      address: 'Not a valid Ethereum (ERC20) address',
    });
    expect(
      texts({ currency: 'BTC', network: 'MAIN', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }),
    ).toEqual({
      address: 'Not a valid Bitcoin address',
    });
  });

  it('requires every field and refuses special characters in the label', () => {
    expect(texts({ label: '', currency: '', network: '', address: '' })).toEqual({
      label: 'Label is required',
      currency: 'Currency is required',
      network: 'Network is required',
      address: 'Address is required',
    });
    expect(texts({ label: 'Cold <wallet>' })).toEqual({ label: 'Label must not contain special characters' });
    expect(texts({ label: "O'Brien" })).toEqual({ label: 'Label must not contain special characters' });
  });

  it("takes only the currency's networks and cryptocurrencies", () => {
    expect(texts({ currency: 'BTC', network: 'TRX' })).toEqual({
      network: 'Select a network the currency supports',
    });
    expect(texts({ currency: 'EUR', network: 'MAIN' })).toEqual({ currency: 'Select a cryptocurrency' });
    expect(texts({ currency: 'DOGE', network: 'MAIN' })).toEqual({ currency: 'Select a cryptocurrency' });
  });

  it('requires a numeric destination tag on XRP and XLM, and refuses one elsewhere', () => {
    const xrp = { currency: 'XRP', network: 'MAIN', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' };
    expect(texts(xrp)).toEqual({ destinationTag: 'Destination tag is required' });
    expect(texts({ ...xrp, destinationTag: '12a' })).toEqual({
      destinationTag: 'Destination tag must be a whole number',
    });
    expect(texts({ ...xrp, destinationTag: '-1' })).toEqual({
      destinationTag: 'Destination tag must be a whole number',
    });
    expect(texts({ ...xrp, destinationTag: '4294967295' })).toEqual({});
    expect(texts({ ...xrp, destinationTag: '4294967296' })).toEqual({
      destinationTag: 'Destination tag is too large',
    });
    const xlm = {
      currency: 'XLM',
      network: 'MAIN',
      address: 'GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7',
    };
    expect(texts(xlm)).toEqual({ destinationTag: 'Destination tag is required' });
    expect(texts({ ...xlm, destinationTag: '18446744073709551615' })).toEqual({});
    expect(texts({ destinationTag: '5' })).toEqual({
      destinationTag: 'Only XRP and Stellar addresses take a destination tag',
    });
  });
});
