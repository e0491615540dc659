/** The multi-step form of the money pages: form → overview → submit → result, with Back. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, TextInput } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { MultiStepForm, type SubmitContext } from '../../src/forms/MultiStepForm';
import { sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderInAdmin } from './helpers/renderAdmin';

interface Values {
  amount: string;
  note: string;
}

// react-admin's inputs send an emptied field as null.
const resolver = (async (values: Values) =>
  !values.amount?.trim()
    ? { values: {}, errors: { amount: { type: 'required', message: 'Amount is required' } } }
    : { values, errors: {} }) as Resolver<Values>;

function setup(submit: (values: Values, context: SubmitContext) => Promise<{ reference: string }>) {
  let n = 0;
  const keys = () => `key-${++n}`;
  renderInAdmin(
    <MultiStepForm<Values, { reference: string }>
      defaultValues={{ amount: '', note: '' }}
      resolver={resolver}
      newKey={keys}
      fields={
        <>
          <TextInput source="amount" label="Amount" />
          <TextInput source="note" label="Note" />
        </>
      }
      overview={(values) => <p data-testid="overview">{`Send ${values.amount} (${values.note})`}</p>}
      submit={submit}
      result={(answer, values, restart) => (
        <>
          <p>{`Sent ${values.amount}: ${answer.reference}`}</p>
          <button onClick={restart}>Another</button>
        </>
      )}
    />,
    { controller: fakeController(sampleSession()) },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

async function fillAndContinue(amount: string, note = 'rent') {
  await userEvent.clear(field('Amount'));
  if (amount) await userEvent.type(field('Amount'), amount);
  await userEvent.clear(field('Note'));
  await userEvent.type(field('Note'), note);
  await userEvent.click(button('Continue'));
}

describe('MultiStepForm', { timeout: 30_000 }, () => {
  it('checks the fields before the overview, then confirms and shows the result', async () => {
    const submit = vi.fn(async (_values: Values, _context: SubmitContext) => ({ reference: 'PAY-1' }));
    setup(submit);
    await fillAndContinue('');
    expect(await screen.findByText('Amount is required')).toBeTruthy();
    expect(screen.queryByTestId('overview')).toBeNull();

    await fillAndContinue('10.50');
    expect((await screen.findByTestId('overview')).textContent).toBe('Send 10.50 (rent)');
    expect(document.activeElement?.textContent).toBe('Check and confirm');
    await userEvent.click(button('Confirm'));
    expect(await screen.findByText('Sent 10.50: PAY-1')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({ amount: '10.50', note: 'rent' }, { idempotencyKey: 'key-1' });

    await userEvent.click(button('Another'));
    expect(field('Amount')).toHaveProperty('value', '');
    await fillAndContinue('10.50'); // the same values again are a new payment: a new key
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Sent 10.50: PAY-1');
    expect(submit.mock.calls.map((call) => call[1])).toEqual([
      { idempotencyKey: 'key-1' },
      { idempotencyKey: 'key-2' },
    ]);
  });

  it('Back returns to the fields with the values kept', async () => {
    setup(async () => ({ reference: 'x' }));
    await fillAndContinue('7');
    await screen.findByTestId('overview');
    await userEvent.click(button('Back'));
    expect(field('Amount')).toHaveProperty('value', '7');
    expect(field('Note')).toHaveProperty('value', 'rent');
  });

  it('puts the server field errors on their fields and focuses the first', async () => {
    const body = { message: 'Please check the form.', errors: { amount: 'Insufficient balance' } };
    setup(async () => {
      throw new HttpError(body.message, 400, body);
    });
    await fillAndContinue('99');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(field('Amount')).toHaveProperty('value', '99');
    await waitFor(() => expect(document.activeElement).toBe(field('Amount')));
  });

  it('keeps another failure on the overview and retries with the same idempotency key', async () => {
    const submit = vi
      .fn<(values: Values, context: SubmitContext) => Promise<{ reference: string }>>()
      .mockRejectedValueOnce(new HttpError('Service unavailable', 503, { message: 'Service unavailable' }))
      .mockResolvedValueOnce({ reference: 'PAY-2' });
    setup(submit);
    await fillAndContinue('5');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
    await userEvent.click(button('Back'));
    await userEvent.click(button('Continue')); // same values: same key
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sent 5: PAY-2')).toBeTruthy();
    expect(submit.mock.calls.map((call) => call[1].idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('draws a new key for changed values and blocks a second click while submitting', async () => {
    let release: (value: { reference: string }) => void = () => {};
    const submit = vi.fn(
      (_values: Values, _context: SubmitContext) =>
        new Promise<{ reference: string }>((resolve) => (release = resolve)),
    );
    setup(submit);
    await fillAndContinue('5');
    await screen.findByTestId('overview');
    await userEvent.click(button('Back'));
    await fillAndContinue('6');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(button('Confirm')).toHaveProperty('disabled', true);
    expect(button('Back')).toHaveProperty('disabled', true);
    release({ reference: 'PAY-3' });
    expect(await screen.findByText('Sent 6: PAY-3')).toBeTruthy();
    expect(submit).toHaveBeenCalledOnce();
    expect(submit.mock.calls[0][1]).toEqual({ idempotencyKey: 'key-2' });
  });
});
