/**
 * The fiat deposit page (src/customPages/fiatDeposit) inside the real App against a fake /v1: its Done
 * step's status follows the deposit. 'Expected' while the money has not arrived; once a live event of
 * the fiat deposits (GET /v1/events) comes, the record is read again and the status turns Completed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchFn } from '../../src/api/transport';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import type { LiveEvent } from '../../src/domain/events';
import { fakeApi, sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp } from './helpers/renderAdmin';

const DEPOSIT = {
  id: 9,
  businessId: 1,
  currency: 'EUR',
  expectedAmount: '120',
  reference: 'Top-up',
  status: 'EXPECTED',
  instructions: {
    beneficiary: 'Payments Local Ltd',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    reference: 'FD-9 Top-up',
  },
  arrivesAt: '2026-10-01T10:00:10.000Z',
  createdAt: '2026-10-01T10:00:00.000Z',
};

/** A GET /v1/events stream the test writes frames into, beside a fake /v1 for everything else. */
function withEventStream(fetch: FetchFn) {
  const encoder = new TextEncoder();
  let push: ((text: string) => void) | undefined;
  const streamed: FetchFn = async (input, init) => {
    if (new URL(input, 'http://api.test').pathname !== '/v1/events') return fetch(input, init);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  const send = (event: LiveEvent) => push!(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
  return { fetch: streamed, opened: () => push !== undefined, send };
}

describe('the fiat deposit page', () => {
  it(
    'shows the deposit Expected, then Completed once an event says it changed',
    { timeout: 60_000 },
    async () => {
      let status = 'PENDING';
      const api = fakeApi({
        'GET /v1/businesses': {
          body: { businesses: [{ id: 1, businessName: 'Northwind Coffee' }], total: 1 },
        },
        'POST /v1/payment/deposits/fiat': { status: 201, body: { fiatDeposit: DEPOSIT } },
        'GET /v1/payment/deposits/fiat/9': () => ({
          body: { id: 9, businessId: 1, currency: 'EUR', amount: '120', reference: 'Top-up', status },
        }),
      });
      const events = withEventStream(api.fetch);
      const controller = fakeController(
        sampleSession({
          supportedCurrencies: [...CURRENCY_SEED],
          permissions: ['GET_ORGANISATION', 'GET_BUSINESSES', 'CREATE_FIAT_DEPOSIT', 'GET_FIAT_DEPOSITS'],
        }),
      );
      renderApp('/fiat-deposit', controller, events.fetch, undefined, { liveEvents: true });
      const user = userEvent.setup({ delay: null });

      const business = await screen.findByRole('combobox', { name: /^Business/ }, { timeout: 20_000 });
      await within(business).findByRole('option', { name: 'Northwind Coffee' });
      await user.selectOptions(business, 'Northwind Coffee');
      fireEvent.change(screen.getByRole('textbox', { name: /^Expected amount/ }), {
        target: { value: '120' },
      });
      fireEvent.change(screen.getByRole('textbox', { name: /^Reference/ }), { target: { value: 'Top-up' } });
      await user.click(screen.getByRole('button', { name: 'Review deposit' }));
      await user.click(await screen.findByRole('button', { name: 'Get instructions' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));

      // The instructions' status: the text after its term.
      const shown = () => screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent;
      await waitFor(() => expect(shown()).toBe('Expected'));

      // The simulator credits it: the record changes and the stream says so.
      status = 'COMPLETED';
      await waitFor(() => expect(events.opened()).toBe(true));
      events.send({
        id: 1,
        organisationId: 1,
        type: 'fiat-deposits.updated',
        resources: ['fiat-deposits'],
        entityId: '9',
        businessId: 1,
      });
      await waitFor(() => expect(shown()).toBe('Completed'), { timeout: 10_000 });
    },
  );
});
