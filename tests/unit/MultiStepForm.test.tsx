/** The multi-step form of the money pages: form → overview → submit → result, with Back. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, TextInput } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { keyedValues, MultiStepForm, type SubmitContext } from '../../src/forms/MultiStepForm';
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

interface Movement {
  amount: string;
  note: string;
  twoFaCode: string;
}

function setupMovement(
  submit: (values: Movement, context: SubmitContext<{ rate: string }>) => Promise<{ reference: string }>,
  options: {
    keyFields?: readonly (keyof Movement)[];
    quote?: (values: Movement, context: { idempotencyKey: string }) => Promise<{ rate: string }>;
  } = {},
) {
  let n = 0;
  renderInAdmin(
    <MultiStepForm<Movement, { reference: string }, { rate: string }>
      defaultValues={{ amount: '', note: '', twoFaCode: '' }}
      newKey={() => `key-${++n}`}
      keyFields={options.keyFields}
      fields={
        <>
          <TextInput source="amount" label="Amount" />
          <TextInput source="note" label="Note" />
          <TextInput source="twoFaCode" label="2FA code" />
        </>
      }
      overview={(values) => <p data-testid="overview">{`Send ${values.amount}`}</p>}
      quote={
        options.quote
          ? { create: options.quote, show: (q) => <p data-testid="quote">{`Rate ${q.rate}`}</p> }
          : undefined
      }
      submit={submit}
      result={(answer) => <p>{`Sent: ${answer.reference}`}</p>}
    />,
    { controller: fakeController(sampleSession()) },
  );
}

async function fill(name: string, value: string) {
  await userEvent.clear(field(name));
  if (value) await userEvent.type(field(name), value);
}

describe('MultiStepForm: the idempotency key of a movement', { timeout: 30_000 }, () => {
  it('follows the movement, not the 2FA code: a new code keeps the key, a changed amount draws a new one', () => {
    expect(keyedValues({ amount: '5', note: 'x', twoFaCode: '111111' })).toBe(
      keyedValues({ twoFaCode: '222222', note: 'x', amount: '5' }),
    );
    expect(keyedValues({ amount: '5', twoFaCode: '1' })).not.toBe(
      keyedValues({ amount: '6', twoFaCode: '1' }),
    );
    expect(keyedValues({ amount: '5', note: 'a' }, { keyFields: ['amount'] })).toBe(
      keyedValues({ amount: '5', note: 'b' }, { keyFields: ['amount'] }),
    );
    // Even a declared list never takes the code.
    expect(
      keyedValues({ amount: '5', code: '1' }, { keyFields: ['amount', 'code'], codeField: 'code' }),
    ).toBe(keyedValues({ amount: '5', code: '2' }, { keyFields: ['amount', 'code'], codeField: 'code' }));
  });

  it('retries a refused 2FA code with a new one under the same key; another amount is a new key', async () => {
    const invalid = { message: 'Invalid or expired 2FA verification code.' };
    const submit = vi
      .fn<(values: Movement, context: SubmitContext<{ rate: string }>) => Promise<{ reference: string }>>()
      .mockRejectedValueOnce(new HttpError(invalid.message, 401, invalid))
      .mockRejectedValueOnce(new HttpError(invalid.message, 401, invalid))
      .mockResolvedValueOnce({ reference: 'PAY-9' });
    setupMovement(submit);
    await fill('Amount', '5');
    await fill('2FA code', '111111');
    await userEvent.click(button('Continue'));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(invalid.message);
    await userEvent.click(button('Back'));
    await fill('2FA code', '222222');
    await userEvent.click(button('Continue'));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('alert');
    await userEvent.click(button('Back'));
    await fill('Amount', '6');
    await fill('2FA code', '333333');
    await userEvent.click(button('Continue'));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sent: PAY-9')).toBeTruthy();
    expect(submit.mock.calls.map(([values, context]) => [values.twoFaCode, context.idempotencyKey])).toEqual([
      ['111111', 'key-1'],
      ['222222', 'key-1'],
      ['333333', 'key-2'],
    ]);
  });

  it('keys on the declared fields only', async () => {
    const submit = vi
      .fn<(values: Movement, context: SubmitContext<{ rate: string }>) => Promise<{ reference: string }>>()
      .mockRejectedValueOnce(new HttpError('Service unavailable', 503, { message: 'Service unavailable' }))
      .mockResolvedValueOnce({ reference: 'PAY-10' });
    setupMovement(submit, { keyFields: ['amount'] });
    await fill('Amount', '5');
    await fill('Note', 'rent');
    await userEvent.click(button('Continue'));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('alert');
    await userEvent.click(button('Back'));
    await fill('Note', 'rent, March');
    await userEvent.click(button('Continue'));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Sent: PAY-10');
    expect(submit.mock.calls.map((call) => call[1].idempotencyKey)).toEqual(['key-1', 'key-1']);
  });
});

describe('MultiStepForm: a quote (create → show → execute)', { timeout: 30_000 }, () => {
  it('creates the quote on Continue, shows it, executes it on Confirm; New quote quotes again', async () => {
    let rate = 0;
    let answer: (quote: { rate: string }) => void = () => {};
    const create = vi.fn(
      (_values: Movement, _context: { idempotencyKey: string }) =>
        new Promise<{ rate: string }>((resolve) => (answer = resolve)),
    );
    const submit = vi
      .fn<(values: Movement, context: SubmitContext<{ rate: string }>) => Promise<{ reference: string }>>()
      .mockRejectedValueOnce(
        new HttpError('This quote has expired.', 409, { message: 'This quote has expired.' }),
      )
      .mockResolvedValueOnce({ reference: 'CONV-1' });
    setupMovement(submit, { quote: create });
    await fill('Amount', '100');
    await userEvent.click(button('Continue'));
    // While the quote is created: still on the fields, Continue disabled (one quote per click).
    await waitFor(() => expect(button('Continue')).toHaveProperty('disabled', true));
    expect(screen.queryByTestId('overview')).toBeNull();
    answer({ rate: `0.9${++rate}` });
    expect((await screen.findByTestId('quote')).textContent).toBe('Rate 0.91');
    expect(screen.getByTestId('overview').textContent).toBe('Send 100');
    await userEvent.click(button('Confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('This quote has expired.');
    await userEvent.click(button('New quote'));
    answer({ rate: `0.9${++rate}` });
    await waitFor(() => expect(screen.getByTestId('quote').textContent).toBe('Rate 0.92'));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(button('Confirm'));
    expect(await screen.findByText('Sent: CONV-1')).toBeTruthy();
    expect(create.mock.calls.map((call) => call[1].idempotencyKey)).toEqual(['key-1', 'key-3']);
    expect(submit.mock.calls.map((call) => call[1])).toEqual([
      { idempotencyKey: 'key-2', quote: { rate: '0.91' } },
      { idempotencyKey: 'key-4', quote: { rate: '0.92' } },
    ]);
  });

  it('puts the field errors of a refused quote on their fields', async () => {
    const body = { message: 'Please check the form.', errors: { amount: 'Insufficient balance' } };
    const create = vi.fn(async () => {
      throw new HttpError(body.message, 400, body);
    });
    setupMovement(async () => ({ reference: 'x' }), { quote: create });
    await fill('Amount', '1000000');
    await userEvent.click(button('Continue'));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByTestId('quote')).toBeNull();
  });
});
