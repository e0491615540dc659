/**
 * The travel rule's field rules (docs/decisions.md 148–152): names with apostrophes, accents and other
 * scripts are accepted, markup characters are not; the country select lists every ISO 3166-1 alpha-2
 * code named in English and German; the age in whole days.
 */
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../src/domain/forms';
import {
  ageInDays,
  COUNTRY_CODES,
  countryOptions,
  isCountryCode,
  isNationalIdentifier,
  isOriginatorName,
  isPlace,
  originatorSchema,
} from '../../src/domain/travelRule';
import { MESSAGES } from '../../src/domain/validation';
import { localisedServerText } from '../../src/resources/travelRule/TravelRuleEdit';

const VALID = {
  type: 'NATURAL',
  name: "Siobhán O'Brien",
  address: "12 O'Connell Street",
  city: 'Dublin',
  country: 'IE',
  nationalIdentifierType: 'CCPT',
  nationalIdentifier: 'PX1234567',
};

describe('originator names', () => {
  it.each([
    "O'Brien",
    'O’Brien',
    'Nuñez-García',
    'María José Nuñez-García',
    'Łukasz Żółć',
    'Zoë Brontë',
    'Ngũgĩ wa Thiong’o',
    'Jean-Luc d’Artagnan',
    'Дмитрий Иванов',
    '王小明',
    'Dr. Anne St. John',
    'Müller & Söhne GmbH',
    'Acme (Europe) B.V.',
    '7-Eleven, Inc.',
  ])('accepts %s', (name) => {
    expect(isOriginatorName(name)).toBe(true);
    expect(validateForm(originatorSchema, { ...VALID, name })).toEqual({});
  });

  it.each(['<script>', 'Robert"); DROP', 'a;b', 'Bob <b@x>', '12345', "''", 'Tab\there', 'x@y'])(
    'refuses %s',
    (name) => {
      expect(isOriginatorName(name)).toBe(false);
      expect(validateForm(originatorSchema, { ...VALID, name })).toEqual({ name: 'originatorNamePattern' });
    },
  );

  it('requires a name, blank counting as none, and keeps it at 100 characters', () => {
    expect(validateForm(originatorSchema, { ...VALID, name: '   ' })).toEqual({
      name: 'originatorNameRequired',
    });
    expect(validateForm(originatorSchema, { ...VALID, name: 'a'.repeat(100) })).toEqual({});
    expect(validateForm(originatorSchema, { ...VALID, name: 'a'.repeat(101) })).toEqual({
      name: 'originatorNamePattern',
    });
  });
});

describe('the other fields', () => {
  it('takes street and place names with apostrophes, never < > " ;', () => {
    for (const place of ["12 O'Connell Street", "L'Aquila", 'Straße des 17. Juni 135', 'São Paulo'])
      expect(isPlace(place)).toBe(true);
    for (const place of ['<b>', 'a"b', 'a;b', 'a>b']) expect(isPlace(place)).toBe(false);
    expect(validateForm(originatorSchema, { ...VALID, city: 'Dub"lin' })).toEqual({
      city: 'originatorPlacePattern',
    });
  });

  it('checks the national identifier: letters, digits, spaces and . / -, at most 35', () => {
    for (const id of ['PX1234567', 'DE 123/456.78-9', '5493001KJTIIGC8Y1R12'])
      expect(isNationalIdentifier(id)).toBe(true);
    for (const id of ['AB;12', '-12', 'ÄB12', '']) expect(isNationalIdentifier(id)).toBe(false);
    expect(validateForm(originatorSchema, { ...VALID, nationalIdentifier: 'A'.repeat(36) })).toEqual({
      nationalIdentifier: 'nationalIdentifierPattern',
    });
  });

  it('requires every field with its own message, and takes only the listed types and codes', () => {
    expect(validateForm(originatorSchema, {})).toEqual({
      type: 'originatorTypeRequired',
      name: 'originatorNameRequired',
      address: 'originatorAddressRequired',
      city: 'originatorCityRequired',
      country: 'originatorCountryRequired',
      nationalIdentifierType: 'nationalIdentifierTypeRequired',
      nationalIdentifier: 'nationalIdentifierRequired',
    });
    expect(
      validateForm(originatorSchema, {
        ...VALID,
        type: 'natural',
        country: 'ie',
        nationalIdentifierType: 'PASS',
      }),
    ).toEqual({
      type: 'originatorTypeInvalid',
      country: 'originatorCountryInvalid',
      nationalIdentifierType: 'nationalIdentifierTypeInvalid',
    });
    for (const key of Object.values(validateForm(originatorSchema, {}))) expect(MESSAGES[key!]).toBeTruthy();
  });

  it("shows a server's field text in the user's language (its message key)", () => {
    expect(localisedServerText(MESSAGES.originatorNamePattern)).toBe('validation.originatorNamePattern');
    expect(localisedServerText('something else')).toBe('something else');
  });
});

describe('the country select', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, each once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('XK')).toBe(false);
    expect(isCountryCode('UK')).toBe(false);
  });

  it('names every country in English and in German, sorted by name in that language', () => {
    for (const locale of ['en', 'de']) {
      const options = countryOptions(locale);
      expect(options).toHaveLength(249);
      for (const { code, name } of options) expect(name, code).not.toBe(code);
      const names = options.map((o) => o.name);
      expect(names).toEqual([...names].sort(new Intl.Collator(locale).compare));
    }
    const name = (locale: string, code: string) => countryOptions(locale).find((o) => o.code === code)?.name;
    expect(name('en', 'DE')).toBe('Germany');
    expect(name('de', 'DE')).toBe('Deutschland');
    expect(name('en', 'AT')).toBe('Austria');
    expect(name('de', 'AT')).toBe('Österreich');
    expect(name('de', 'CH')).toBe('Schweiz');
  });
});

describe('the age', () => {
  it('counts whole days since the receipt, never below 0', () => {
    const received = '2026-03-01T10:00:00.000Z';
    expect(ageInDays(received, Date.parse('2026-03-01T23:59:59Z'))).toBe(0);
    expect(ageInDays(received, Date.parse('2026-03-02T10:00:00Z'))).toBe(1);
    expect(ageInDays(received, Date.parse('2026-03-31T09:59:59Z'))).toBe(29);
    expect(ageInDays(received, Date.parse('2026-02-01T00:00:00Z'))).toBe(0);
  });
});
