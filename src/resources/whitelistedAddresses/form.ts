/**
 * The address form's pure parts: its values, its resolver (the rules of src/domain/addresses.ts, the
 * same the API runs, plus the 2FA code when the user has 2FA on) and the request body.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { addressProblems, chainOf, needsDestinationTag, type AddressInput } from '../../domain/addresses';
import { sortCurrencies, type Currency } from '../../domain/currencies';
import { isTwoFaCode } from '../../domain/validation';
import { VALIDATION_PREFIX } from '../../forms';

export interface AddressFormValues extends AddressInput {
  twoFaCode: string;
}

export const EMPTY_ADDRESS: AddressFormValues = {
  label: '',
  currency: '',
  network: '',
  address: '',
  destinationTag: '',
  twoFaCode: '',
};

/** The cryptocurrencies an address can be whitelisted for (those with networks), in display order. */
export const addressCurrencies = (currencies: readonly Currency[]) =>
  sortCurrencies(currencies.filter((c) => !c.isFiat && c.supportedNetworks.length > 0));

/** Whether the chosen currency and network take a destination tag (XRP, Stellar). */
export const takesTag = (values: Pick<AddressInput, 'currency' | 'network'>) =>
  needsDestinationTag(chainOf(values.currency, values.network));

/** The values as the rules and the API see them: trimmed, and no tag where the network takes none. */
export function normalise(values: AddressFormValues): AddressFormValues {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
  ) as unknown as AddressFormValues;
  return takesTag(trimmed) ? trimmed : { ...trimmed, destinationTag: '' };
}

export function addressResolver(
  currencies: readonly Currency[],
  twoFaOn: boolean,
): Resolver<AddressFormValues> {
  const networksOf = (code: string) =>
    currencies.find((c) => c.abbreviation === code && !c.isFiat)?.supportedNetworks;
  return (raw) => {
    const values = normalise(raw);
    const problems: Record<string, string> = { ...addressProblems(values, networksOf) };
    if (twoFaOn) {
      if (values.twoFaCode === '') problems.twoFaCode = 'twoFaRequired';
      else if (!isTwoFaCode(values.twoFaCode)) problems.twoFaCode = 'twoFaDigits';
    }
    const names = Object.keys(problems);
    if (names.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      names.map((name) => [name, { type: 'validate', message: `${VALIDATION_PREFIX}${problems[name]}` }]),
    );
    return { values: {}, errors: errors as FieldErrors<AddressFormValues> };
  };
}

/** POST /v1/whitelisted-addresses's body. */
export function toBody(values: AddressFormValues) {
  const { label, currency, network, address, destinationTag } = normalise(values);
  return { label, currency, network, address, ...(destinationTag ? { destinationTag } : {}) };
}
