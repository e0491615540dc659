/**
 * A react-hook-form resolver from a plain check (`values → { field: message key or text }`): the
 * errors land on their fields (type 'validate') and the first one is focused; no error passes the
 * values on. For forms whose rules are a function of other state (a balance, the 2FA setting).
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export function checkResolver<V extends FieldValues>(
  check: (values: V) => Record<string, string>,
): Resolver<V> {
  return (values, _context, options) => {
    const problems = check(values);
    const names = Object.keys(problems);
    if (names.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      names.map((name) => [
        name,
        { type: 'validate', message: problems[name], ref: options.fields[name]?.ref },
      ]),
    );
    return { values: {}, errors: errors as unknown as FieldErrors<V> };
  };
}
