/**
 * The mail of a payment request (docs/decisions.md 173): what the outbox row says to the recipient —
 * the amount (or that any amount is welcome), the hosted page's link, the address and network, the
 * expiry in UTC, signed by the sender when one is given. Plain text; nothing sends it.
 */
import type { PaymentSender } from '../../../src/domain/paymentRequests';

export interface PaymentMail {
  subject: string;
  body: string;
}

export interface MailInput {
  reference: string;
  currency: string;
  network: string;
  amount: string | null;
  address: string;
  link: string;
  expiresAt: string;
  mailSubject: string;
  sender?: PaymentSender;
}

export function mailOf(input: MailInput): PaymentMail {
  const { reference, currency, network, amount, address, link, expiresAt, mailSubject, sender } = input;
  const asked = amount === null ? `a payment in ${currency}` : `a payment of ${amount} ${currency}`;
  const lines = [
    'Hello,',
    '',
    `${sender ? sender.name : 'We'} ${sender ? 'requests' : 'request'} ${asked} (${network} network), reference ${reference}.`,
    '',
    `Pay on this page: ${link}`,
    `or send it to the address ${address} on the ${network} network.`,
    '',
    `This request expires at ${expiresAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}.`,
  ];
  if (sender) {
    lines.push(
      '',
      'Kind regards,',
      sender.signatureName,
      '',
      `${sender.name}, ${sender.address}, ${sender.city}, ${sender.country}`,
      sender.email,
    );
  }
  return { subject: mailSubject, body: lines.join('\n') };
}
