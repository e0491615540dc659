/**
 * The payment-request rules (src/domain/paymentRequests.ts, docs/decisions.md 170–174): the optional
 * amount against the network's precision, the expiration bounds, the optional mail fields, the
 * payment URI of each chain, the hosted link and the countdown; and the derived deposit addresses
 * (server/modules/payments/address.ts), valid for their chain and stable per request.
 */
import { describe, expect, it } from 'vitest';
import { CHAINS, isValidAddress } from '../../src/domain/addresses';
import {
  PAYMENT_REQUEST_MESSAGES as M,
  clockText,
  expirationProblem,
  extrasProblems,
  isOpenAmount,
  paymentAmountProblem,
  paymentLink,
  paymentUri,
  timeLeft,
} from '../../src/domain/paymentRequests';
import { depositAddress } from '../../server/modules/payments/address';

describe('the amount of a payment request', () => {
  it('is optional: empty is an open amount', () => {
    expect(paymentAmountProblem(undefined, 8)).toBeNull();
    expect(paymentAmountProblem('', 8)).toBeNull();
    expect(paymentAmountProblem(null, 8)).toBeNull();
  });

  it("takes at most the network's decimals", () => {
    expect(paymentAmountProblem('0.00000001', 8)).toBeNull();
    expect(paymentAmountProblem('0.000000001', 8)).toBe(M.amountDecimals);
    expect(paymentAmountProblem('1.000001', 6)).toBeNull();
    expect(paymentAmountProblem('1.0000001', 6)).toBe(M.amountDecimals);
    expect(paymentAmountProblem('12', 0)).toBeNull();
    expect(paymentAmountProblem('12.5', 0)).toBe(M.amountDecimals);
  });

  it('is a plain decimal greater than 0: no comma, sign, exponent or spaces', () => {
    expect(paymentAmountProblem('1,5', 8)).toBe(M.amountNotNumber);
    expect(paymentAmountProblem('1e3', 8)).toBe(M.amountNotNumber);
    expect(paymentAmountProblem(' 1', 8)).toBe(M.amountNotNumber);
    expect(paymentAmountProblem('abc', 8)).toBe(M.amountNotNumber);
    expect(paymentAmountProblem('0', 8)).toBe(M.amountPositive);
    expect(paymentAmountProblem('0.000', 8)).toBe(M.amountPositive);
    expect(paymentAmountProblem('-2', 8)).toBe(M.amountPositive);
  });
});

describe("a payment's price as the API answers it", () => {
  it("is an open amount at '0' (any spelling of zero), a set amount otherwise", () => {
    for (const zero of ['0', '0.0', '00.000']) expect(isOpenAmount(zero)).toBe(true);
    for (const set of ['25.5', '0.01', '10', '-0']) expect(isOpenAmount(set)).toBe(false);
  });
});

describe('the expiration', () => {
  it('is a whole number of minutes from 1 to 10080', () => {
    expect(expirationProblem(1)).toBeNull();
    expect(expirationProblem(10080)).toBeNull();
    expect(expirationProblem('60')).toBeNull();
    expect(expirationProblem(' 60 ')).toBeNull();
    expect(expirationProblem(0)).toBe(M.expirationRange);
    expect(expirationProblem(10081)).toBe(M.expirationRange);
    expect(expirationProblem('')).toBe(M.expirationRequired);
    expect(expirationProblem(undefined)).toBe(M.expirationRequired);
    expect(expirationProblem('1.5')).toBe(M.expirationNumber);
    expect(expirationProblem(1.5)).toBe(M.expirationNumber);
    expect(expirationProblem('-5')).toBe(M.expirationNumber);
  });
});

describe('the optional fields', () => {
  const sender = {
    name: 'N',
    address: 'A',
    city: 'C',
    country: 'P',
    email: 's@example.com',
    signatureName: 'S',
  };
  it('need a subject with a recipient, valid emails, a whole sender, no special characters', () => {
    expect(extrasProblems({})).toEqual({});
    expect(extrasProblems({ recipientEmail: 'p@example.com', mailSubject: 'Invoice', sender })).toEqual({});
    expect(extrasProblems({ recipientEmail: 'p@example.com' })).toEqual({
      mailSubject: M.mailSubjectRequired,
    });
    expect(extrasProblems({ recipientEmail: 'nobody', mailSubject: 'x' })).toEqual({
      recipientEmail: M.emailInvalid,
    });
    expect(extrasProblems({ sender: { ...sender, city: '', email: 'x' } })).toEqual({
      'sender.city': M.senderRequired,
      'sender.email': M.emailInvalid,
    });
    expect(extrasProblems({ paymentId: 'a;b', redirectUrl: 'ftp://x.example/y' })).toEqual({
      paymentId: M.specialCharacters,
    });
    expect(extrasProblems({ redirectUrl: 'not a url' })).toEqual({ redirectUrl: M.redirectUrlInvalid });
  });
});

describe('the payment URI', () => {
  it('is BIP 21 for Bitcoin and its forks, the amount as given', () => {
    expect(paymentUri('BTC', 'BTC', 'bc1qaddr', '0.015')).toBe('bitcoin:bc1qaddr?amount=0.015');
    expect(paymentUri('LTC', 'LTC', 'ltc1qaddr', '2.50')).toBe('litecoin:ltc1qaddr?amount=2.5');
    expect(paymentUri('BCH', 'BCH', '1addr', null)).toBe('bitcoincash:1addr');
  });

  it("is EIP-681 on EVM chains: the chain id, the coin's value in wei, a token's simple amount", () => {
    expect(paymentUri('EVM_ETH', 'ETH', '0xAbC', '1.5')).toBe('ethereum:0xAbC@1?value=1500000000000000000');
    expect(paymentUri('EVM_ETH', 'USDT', '0xAbC', '10')).toBe('ethereum:0xAbC@1?amount=10');
    expect(paymentUri('EVM_BSC', 'USDT', '0xAbC', '10')).toBe('ethereum:0xAbC@56?amount=10');
    expect(paymentUri('EVM_ETH', 'ETH', '0xAbC', null)).toBe('ethereum:0xAbC@1');
  });

  it('names Stellar by SEP-7 and the others by their scheme', () => {
    expect(paymentUri('XLM', 'XLM', 'GABC', '5')).toBe('web+stellar:pay?destination=GABC&amount=5');
    expect(paymentUri('TRON', 'USDT', 'Taddr', '1')).toBe('tron:Taddr?amount=1');
    expect(paymentUri('SOLANA', 'USDC', 'Saddr', '1')).toBe('solana:Saddr?amount=1');
    expect(paymentUri('XRP', 'XRP', 'raddr', null)).toBe('xrpl:raddr');
  });
});

describe('the link', () => {
  it('is the hosted page under the dashboard origin', () => {
    expect(paymentLink('https://pay.example/', 'abc_123')).toBe('https://pay.example/pay/abc_123');
  });
});

describe('the countdown', () => {
  const end = '2026-03-02T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds, rounded up, with days apart', () => {
    const left = timeLeft(end, at('2026-03-01T08:58:59.500Z'));
    expect(left).toEqual({ expired: false, seconds: 90061, days: 1, hours: 1, minutes: 1, secs: 1 });
    expect(clockText(left)).toBe('01:01:01');
    expect(clockText(timeLeft(end, at('2026-03-02T09:59:59.001Z')))).toBe('00:00:01');
  });

  it('is expired at and after the end, and for an unreadable time', () => {
    expect(timeLeft(end, at(end)).expired).toBe(true);
    expect(timeLeft(end, at('2026-03-02T11:00:00Z'))).toMatchObject({ expired: true, seconds: 0 });
    expect(clockText(timeLeft(end, at(end)))).toBe('00:00:00');
    expect(timeLeft('not a time', 0).expired).toBe(true);
  });
});

describe('the deposit address', () => {
  it('is valid for every chain, the same for the same request, another for another', () => {
    for (const chain of CHAINS) {
      const address = depositAddress(chain, 1, 42);
      expect(isValidAddress(chain, address), `${chain}: ${address}`).toBe(true);
      expect(depositAddress(chain, 1, 42)).toBe(address);
      expect(depositAddress(chain, 1, 43)).not.toBe(address);
      expect(depositAddress(chain, 2, 42)).not.toBe(address);
    }
  });
});
