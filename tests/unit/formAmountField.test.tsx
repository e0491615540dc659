/**
 * The form kit's amount field (src/forms/FormAmountField.tsx), the one every money-moving form uses:
 * a required decimal text of at most AMOUNT_MAX_LENGTH characters, the phone's decimal keypad, no
 * autofill, never a number input (money is a string); a page gives its own label and helper text.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_LENGTH, FormAmountField } from '../../src/forms';

interface Values {
  amount: string;
}

/** The form's value, as the form holds it (a string or not). */
function Value() {
  const amount: unknown = useWatch<Values>({ name: 'amount' });
  return <output data-testid="value">{JSON.stringify(amount)}</output>;
}

function Form({ helperText }: { helperText?: string }) {
  const form = useForm<Values>({ defaultValues: { amount: '' } });
  return (
    <FormProvider {...form}>
      <FormAmountField<Values> name="amount" label="Amount to send" helperText={helperText} />
      <Value />
    </FormProvider>
  );
}

describe('FormAmountField', () => {
  it('is a required decimal text of at most 40 characters, without autofill', async () => {
    render(<Form />);
    const input = screen.getByRole('textbox', { name: /Amount to send/ }) as HTMLInputElement;
    expect(AMOUNT_MAX_LENGTH).toBe(40);
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('decimal');
    expect(input.maxLength).toBe(AMOUNT_MAX_LENGTH);
    expect(input.autocomplete).toBe('off');
    expect(input.required).toBe(true);
    // The value stays the text typed: '0.10' is not turned into the number 0.1.
    await userEvent.type(input, '0.10');
    expect(screen.getByTestId('value').textContent).toBe('"0.10"');
  });

  it("shows the page's helper text under it", () => {
    render(<Form helperText="Up to 8 decimals" />);
    const input = screen.getByRole('textbox', { name: /Amount to send/ });
    expect(screen.getByText('Up to 8 decimals').id).toBe(input.getAttribute('aria-describedby'));
  });
});
