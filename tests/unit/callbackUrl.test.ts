/** The callback URL rules the edit-business form and the API share (src/domain/business.ts). */
import { describe, expect, it } from 'vitest';
import { businessFormSchema, isInternalAddress, isPublicCallbackUrl } from '../../src/domain/business';
import { businessNameKey } from '../../src/domain/businessName';
import { validateForm } from '../../src/domain/forms';

describe('callback URLs', () => {
  it('refuses internal hosts in the form, with their own message', () => {
    const errors = validateForm(businessFormSchema, {
      businessName: 'Shop',
      depositReceivedCallbackUrl: 'http://169.254.169.254/',
      withdrawalCallbackUrl: 'not a url',
      withdrawalApprovalCallbackUrl: 'https://hooks.shop.example/approve',
    });
    expect(errors).toEqual({
      depositReceivedCallbackUrl: 'callbackUrlInternal',
      withdrawalCallbackUrl: 'callbackUrlFormat',
    });
  });

  it.each([
    ['http://127.0.0.1:5432/', false],
    ['http://2130706433/', false],
    ['http://0x7f.1/', false],
    ['http://[::ffff:10.0.0.1]/', false],
    ['http://[64:ff9b::a9fe:a9fe]/', false],
    ['http://[fd12::1]/', false],
    ['http://intranet/', false],
    ['http://printer.local/', false],
    ['https://shop.example/hook', true],
    ['https://93.184.215.14/', true],
    ['https://[2606:4700::1111]/', true],
  ])('%s public: %s', (url, expected) => {
    expect(isPublicCallbackUrl(url)).toBe(expected);
  });

  it('classifies addresses', () => {
    for (const internal of [
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '100.127.0.1',
      '::',
      '::1',
      'fe80::1',
      'ff02::1',
    ])
      expect(isInternalAddress(internal), internal).toBe(true);
    for (const external of ['172.32.0.1', '100.128.0.1', '8.8.8.8', '2001:4860:4860::8888'])
      expect(isInternalAddress(external), external).toBe(false);
  });
});

describe('business name keys', () => {
  it('make look-alike names one name and keep different names apart', () => {
    const key = businessNameKey('Northwind Coffee');
    for (const same of ['northwind  COFFEE', ' Ｎｏｒｔｈｗｉｎｄ Ｃｏｆｆｅｅ ', 'N\u043erthwind Coffee'])
      expect(businessNameKey(same), same).toBe(key);
    expect(businessNameKey('Northwind Tea')).not.toBe(key);
    expect(businessNameKey('Straße')).toBe(businessNameKey('STRASSE'));
  });
});
