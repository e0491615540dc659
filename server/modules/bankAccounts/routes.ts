/**
 * /v1/bank-accounts: the organisation's bank accounts (docs/decisions.md 143–147). The list opens
 * with MANAGE_BANK_ACCOUNTS, or with FETCH_BANK_ACCOUNTS together with FETCH_BANK_METADATA; creating
 * and changing an account need MANAGE_BANK_ACCOUNTS and the user's 2FA code when 2FA is on. Which
 * fields an account needs follows its currency and payment method (`GET /metadata`, from
 * src/domain/bankAccounts.ts, whose validator the form uses too). IBANs and account numbers are
 * masked (last 4 shown) everywhere but `GET /{id}` for MANAGE_BANK_ACCOUNTS and the answers to its
 * own changes; the audit log keeps them masked.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNT_METADATA,
  BANK_COMMON_FIELDS,
  BANK_CURRENCIES,
  BANK_DETAIL_FIELDS,
  bankAccountFields,
  maskTail,
  METHODS_BY_CURRENCY,
  validateBankAccount,
  type BankAccountField,
  type BankAccountValues,
} from '../../../src/domain/bankAccounts';
import { requires, requiresAnyOf } from '../../auth/access';
import { orgRows, scopeOf } from '../../auth/scope';
import { audit, changesBetween } from '../../audit';
import { found, validationError } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { bankAccountsRepository, type BankAccountRow } from './repository';
import {
  BankAccountMetadata,
  BankAccountParams,
  BankAccountSchema,
  bankAccountList,
  CreateBankAccountBody,
  UpdateBankAccountBody,
} from './schemas';

const ENTITY = 'bank-account';
const MANAGE = 'MANAGE_BANK_ACCOUNTS';

/** A valid body (Aurora's SEPA account's shape), for the isolation test to reach the handlers. */
export const PROBE_BANK_ACCOUNT = {
  accountLabel: 'Probe',
  accountCurrency: 'EUR',
  paymentMethod: 'SEPA',
  holderName: 'Probe Holder',
  holderAddress: '1 Probe Street',
  holderCity: 'Berlin',
  holderCountry: 'Germany',
  iban: 'DE89370400440532013000',
  bankName: 'Probe Bank',
};

/** Who reads the bank accounts (a settlement's page links its account for them, server/modules/records). */
export const BANK_ACCOUNT_READERS = requiresAnyOf([MANAGE], ['FETCH_BANK_ACCOUNTS', 'FETCH_BANK_METADATA']);
const READERS = BANK_ACCOUNT_READERS;
const tenancy = orgRows('bank_accounts', { probeBody: PROBE_BANK_ACCOUNT });

/** What an answer shows: the row, with the IBAN and account number masked unless `whole`. */
function view(row: BankAccountRow, whole: boolean) {
  return whole
    ? { ...row, masked: false }
    : { ...row, iban: maskTail(row.iban), accountNumber: maskTail(row.accountNumber), masked: true };
}

/** The fields the audit log compares: all but the creation times, numbers masked. */
const AUDITED: readonly BankAccountField[] = [
  ...BANK_COMMON_FIELDS,
  'accountCurrency',
  'paymentMethod',
  ...BANK_DETAIL_FIELDS,
];
const audited = (row: BankAccountRow | undefined) =>
  row && (view(row, false) as unknown as Record<BankAccountField, unknown>);

/** 400 with the validator's field errors in English, or the fields an account keeps. */
function checked(values: BankAccountValues) {
  const problems = validateBankAccount(values);
  const names = Object.keys(problems) as BankAccountField[];
  if (names.length > 0)
    throw validationError(
      Object.fromEntries(names.map((name) => [name, BANK_ACCOUNT_MESSAGES[problems[name]!]])),
    );
  return bankAccountFields(values);
}

const managesAccounts = (request: FastifyRequest) => request.auth.permissions.includes(MANAGE);

export const bankAccountsModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.ctx;
  const accounts = bankAccountsRepository(db);

  app.get(
    '/metadata',
    {
      config: { access: requires('FETCH_BANK_METADATA') },
      schema: {
        tags: ['bank-accounts'],
        summary: 'Per account currency and payment method, the fields an account needs',
        ...authed,
        response: { 200: BankAccountMetadata, ...errors(401, 403) },
      },
    },
    async () => ({
      currencies: BANK_CURRENCIES.map((currency) => ({
        currency,
        paymentMethods: METHODS_BY_CURRENCY[currency].map((paymentMethod) => ({
          paymentMethod,
          fields: [...(BANK_ACCOUNT_METADATA[currency][paymentMethod] ?? [])],
        })),
      })),
      commonFields: [...BANK_COMMON_FIELDS],
    }),
  );

  app.get(
    '',
    {
      config: { access: READERS, tenancy },
      schema: {
        tags: ['bank-accounts'],
        summary: "The organisation's bank accounts, IBANs and account numbers masked, newest first",
        ...authed,
        querystring: bankAccountList.querystring,
        response: { 200: bankAccountList.response(BankAccountSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await accounts.list(scopeOf(request), request.query);
      return bankAccountList.answer({ ...page, rows: page.rows.map((row) => view(row, false)) });
    },
  );

  app.get(
    '/:id',
    {
      config: { access: READERS, tenancy },
      schema: {
        tags: ['bank-accounts'],
        summary: 'One bank account: whole for MANAGE_BANK_ACCOUNTS (the edit page), else masked',
        ...authed,
        params: BankAccountParams,
        response: { 200: BankAccountSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      view(found(await accounts.find(scopeOf(request), request.params.id)), managesAccounts(request)),
  );

  app.post(
    '',
    {
      config: { access: requires(MANAGE), tenancy, twoFactor: true, audit: ENTITY },
      // Before the 2FA check (appended after it by the conventions): bad input keeps the code usable.
      preHandler: async (request) => void checked(request.body as BankAccountValues),
      schema: {
        tags: ['bank-accounts'],
        summary: 'Adds a bank account; the fields needed follow its currency and payment method',
        ...authed,
        body: CreateBankAccountBody,
        response: { 201: BankAccountSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const fields = checked(request.body as BankAccountValues);
      const scope = scopeOf(request);
      const row = await db.transaction(async (tx) => {
        const created = await accounts.insert(tx, scope, fields, now());
        await audit(tx, request, {
          action: 'create',
          entityType: ENTITY,
          entityId: created.id,
          changes: changesBetween(null, audited(created), AUDITED),
        });
        return created;
      });
      return reply.code(201).send(view(row, true));
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: requires(MANAGE), tenancy, twoFactor: true, audit: ENTITY },
      // Before the 2FA check: an unknown account or bad input keeps the code usable.
      preHandler: async (request) => {
        const before = found(await accounts.find(scopeOf(request), request.params.id));
        checked({ ...before, ...(request.body as BankAccountValues) });
      },
      schema: {
        tags: ['bank-accounts'],
        summary: "Changes a bank account's fields (those its currency and method no longer need are cleared)",
        ...authed,
        params: BankAccountParams,
        body: UpdateBankAccountBody,
        response: { 200: BankAccountSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const row = await db.transaction(async (tx) => {
        const before = found(await accounts.find(scope, request.params.id, tx, { forUpdate: true }));
        const fields = checked({ ...before, ...(request.body as BankAccountValues) });
        const after = found(await accounts.update(tx, scope, before.id, fields, now()));
        await audit(tx, request, {
          action: 'update',
          entityType: ENTITY,
          entityId: after.id,
          changes: changesBetween(audited(before), audited(after), AUDITED),
        });
        return after;
      });
      return view(row, true);
    },
  );
};
