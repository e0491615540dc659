/**
 * The form kit's amount field, the one every money-moving form uses: a decimal text (money is a string
 * and `big.js`, never a number field's float), the phone's decimal keypad, no autofill, required, and
 * at most AMOUNT_MAX_LENGTH characters. A page adds its own label and rules.
 */
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

/** More characters than any currency's digits need; the rules say what is wrong with a longer text. */
export const AMOUNT_MAX_LENGTH = 40;

export function FormAmountField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return (
    <FormTextField<T>
      required
      inputMode="decimal"
      autoComplete="off"
      maxLength={AMOUNT_MAX_LENGTH}
      margin="dense"
      {...props}
    />
  );
}
