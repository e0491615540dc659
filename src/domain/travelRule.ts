/**
 * The travel rule's originator data (docs/decisions.md 148–152): who sent a crypto deposit, as the
 * dashboard's form and the reference API both check it. Plain TypeScript, shared by both sides.
 *
 * Names are personal or company names, not labels: "O'Brien", "Nuñez-García", "Łukasz Żółć" or
 * "Müller & Söhne GmbH" are accepted. The shared no-special-characters rule (< > " ' ;) is for labels
 * and free text; here the apostrophe is part of names (and of street and place names: O'Connell
 * Street, L'Aquila), while < > " ; and control characters stay refused everywhere.
 */
import { defineForm, required, trimmed, when, type ValuesOf } from './forms';

export { TRAVEL_RULE_MESSAGES } from './validationTravelRule';

export const ORIGINATOR_TYPES = ['NATURAL', 'LEGAL'] as const;
export type OriginatorType = (typeof ORIGINATOR_TYPES)[number];

/**
 * The national identifier types of the travel rule's common data model (IVMS 101): passport, identity
 * card, driver's licence, alien registration, social security, tax id, company registration, LEI,
 * foreign investment id, and anything else.
 */
export const NATIONAL_IDENTIFIER_TYPES = [
  'CCPT',
  'IDCD',
  'DRLC',
  'ARNU',
  'SOCS',
  'TXID',
  'RAID',
  'LEIX',
  'FIIN',
  'MISC',
] as const;
export type NationalIdentifierType = (typeof NATIONAL_IDENTIFIER_TYPES)[number];

/** Lengths of IVMS 101 where it has one (national identifier 35), generous elsewhere. */
export const ORIGINATOR_LIMITS = {
  name: 100,
  address: 200,
  city: 100,
  nationalIdentifier: 35,
} as const;

/**
 * The officially assigned ISO 3166-1 alpha-2 codes (249). Their names come from the platform's
 * `Intl.DisplayNames` in the user's language (countryOptions), so no list of names is kept here.
 */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string) => COUNTRY_SET.has(value);

/**
 * The country select's options in a language: every code with its name from `Intl.DisplayNames`,
 * sorted by name in that language ('Österreich' among the Os in German).
 */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** < > " ; and control characters: never in any text of the originator. */
const FORBIDDEN = /[<>";\p{Cc}]/u;

/**
 * A personal or company name: letters of any script (with their accents), digits, spaces and
 * . , ' ’ - & ( ) /, and at least one letter. "O'Brien", "Nuñez-García", "Müller & Söhne GmbH".
 */
export function isOriginatorName(value: string): boolean {
  return /^[\p{L}\p{M}\p{N} .,'’\-&()/]+$/u.test(value) && /\p{L}/u.test(value);
}

/** A street or place: anything but < > " ; and control characters ("O'Connell Street 5", "L'Aquila"). */
export const isPlace = (value: string) => !FORBIDDEN.test(value);

/** A passport, tax or registration number: letters, digits, spaces and . / -. */
export const isNationalIdentifier = (value: string) => /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value);

const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);
const atMost = (length: number) => (value: string) => [...value].length <= length;

/** The originator form; the API checks `originator` of PATCH /v1/deposits/travel-rule/{id} with it. */
export const originatorSchema = defineForm({
  type: trimmed(required('originatorTypeRequired'), when('originatorTypeInvalid', oneOf(ORIGINATOR_TYPES))),
  name: trimmed(
    required('originatorNameRequired'),
    when('originatorNamePattern', (v) => isOriginatorName(v) && atMost(ORIGINATOR_LIMITS.name)(v)),
  ),
  address: trimmed(
    required('originatorAddressRequired'),
    when('originatorPlacePattern', (v) => isPlace(v) && atMost(ORIGINATOR_LIMITS.address)(v)),
  ),
  city: trimmed(
    required('originatorCityRequired'),
    when('originatorPlacePattern', (v) => isPlace(v) && atMost(ORIGINATOR_LIMITS.city)(v)),
  ),
  country: trimmed(required('originatorCountryRequired'), when('originatorCountryInvalid', isCountryCode)),
  nationalIdentifierType: trimmed(
    required('nationalIdentifierTypeRequired'),
    when('nationalIdentifierTypeInvalid', oneOf(NATIONAL_IDENTIFIER_TYPES)),
  ),
  nationalIdentifier: trimmed(
    required('nationalIdentifierRequired'),
    when(
      'nationalIdentifierPattern',
      (v) => isNationalIdentifier(v) && atMost(ORIGINATOR_LIMITS.nationalIdentifier)(v),
    ),
  ),
});
export type OriginatorValues = ValuesOf<typeof originatorSchema>;

export interface Originator {
  type: OriginatorType;
  name: string;
  address: string;
  city: string;
  country: string;
  nationalIdentifierType: NationalIdentifierType;
  nationalIdentifier: string;
}

export const ORIGINATOR_FIELDS = [
  'type',
  'name',
  'address',
  'city',
  'country',
  'nationalIdentifierType',
  'nationalIdentifier',
] as const satisfies readonly (keyof Originator)[];

/** Whole days since `receivedAt` at `nowMs` (0 on the day of receipt): the list's age. */
export function ageInDays(receivedAt: string, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - Date.parse(receivedAt)) / 86_400_000));
}
