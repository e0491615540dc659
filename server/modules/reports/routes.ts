/**
 * /v1/reports: files for auditors (GET_BALANCES), each a POST with a JSON body answered by the file
 * (the spec's blob download helper): the balance confirmation letter (PDF) and the transaction ledger
 * (CSV or XLSX, streamed). Bad input is a 400 with field errors and produces nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requires } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { backgroundOf } from '../../db/client';
import { authed, errors } from '../../http/schemas';
import { holdHeavySlot } from '../../lib/heavyWork';
import { letterForm } from '../../../src/domain/reportForms';
import { BalanceConfirmationBody, LedgerFile, PdfFile, TransactionLedgerBody } from './schemas';
import { reportsService, type ReportFile } from './service';

/** RFC 6266: the ASCII name, and the name in its own script (RFC 5987) when it differs. */
function contentDisposition(file: ReportFile): string {
  const ascii = `attachment; filename="${file.fileName}"`;
  if (file.unicodeFileName === file.fileName) return ascii;
  const encoded = encodeURIComponent(file.unicodeFileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${ascii}; filename*=UTF-8''${encoded}`;
}

export const reportsModule: FastifyPluginAsyncTypebox = async (app) => {
  // Reports are heavy work: their statements give way to those of other requests.
  const reports = reportsService({ ...app.ctx, db: backgroundOf(app.ctx.db) });
  const access = requires('GET_BALANCES');

  /** The caller's scope, once a slot of heavy work is held for the request (else the 429). */
  const heavy = (request: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOf(request);
    holdHeavySlot(app.ctx, scope.userId, reply);
    return scope;
  };

  const send = (file: ReportFile, reply: FastifyReply) =>
    reply
      .type(file.contentType)
      .header('Content-Disposition', contentDisposition(file))
      // Bytes or a byte stream; the schema documents the file (the type provider expects a string).
      .send(file.body instanceof Uint8Array ? Buffer.from(file.body) : file.body);

  app.post(
    '/balance-confirmation',
    {
      config: {
        access,
        tenancy: orgRows('businesses', { probeBody: { asOf: '2026-03-01' } }),
        // The letter's texts: their rules' messages on the fields (src/domain/reportForms.ts).
        form: letterForm,
      },
      schema: {
        tags: ['reports'],
        summary: 'A balance confirmation letter (PDF) as of the end of a UTC day, or as of now for today',
        description:
          "A letter on the brand's letterhead (the provider's legal name and address, PROVIDER_LEGAL_NAME and " +
          'PROVIDER_ADDRESS), in English or German (locale), to an optional addressee: the provider confirms ' +
          'the balances per currency of one business, or of every business the caller may see, at the end of ' +
          'asOf (UTC), or at the moment of generation when asOf is today, each valued in the settlement ' +
          'currency at the stated rates, with the total, a signature block (an optional signatory), a ' +
          'reference unique to the letter (BC-<organisation>-<business or 0>-<asOf YYYYMMDD>-<generated ' +
          'HHMMSS>-<4 random characters>), the time it was generated and page numbers.',
        ...authed,
        body: BalanceConfirmationBody,
        response: { 200: PdfFile, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      send(await reports.balanceConfirmation(heavy(request, reply), request.body), reply),
  );

  app.post(
    '/transaction-ledger',
    {
      config: {
        access,
        tenancy: orgRows('businesses', {
          probeBody: { from: '2026-03-01', to: '2026-03-01', format: 'csv' },
        }),
      },
      schema: {
        tags: ['reports'],
        summary: 'Every ledger posting of a window with opening and closing balances (CSV or XLSX)',
        description:
          'Per account (business and currency): an opening balance line at from 00:00 UTC, every posting ' +
          'whose entry was created in the window (oldest first, with the running balance), and a closing ' +
          'balance line dated at the end of to (23:59:59.999 UTC), or at the moment of generation when to ' +
          'is today. CSV: the codes as stored (entry kind, reference, description). XLSX: a heading block, ' +
          'a frozen header row with an autofilter, dates as date cells, amounts as numbers in the ' +
          "currency's precision, and types, references and descriptions in words of locale (en or de). " +
          'Streamed; at most 366 days.',
        ...authed,
        body: TransactionLedgerBody,
        response: { 200: LedgerFile, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      send(await reports.transactionLedger(heavy(request, reply), request.body), reply),
  );
};
