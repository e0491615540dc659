/**
 * SQL of bank accounts: an organisation's rows, never deleted here. Rows come back whole; the routes
 * mask the IBAN and account number where the caller may not see them (docs/decisions.md 145).
 */
import type { Static } from 'typebox';
import type { BankAccountField } from '../../../src/domain/bankAccounts';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { isoUtc } from '../transactions/repository';
import { bankAccountList, type BankAccountSchema } from './schemas';

export type BankAccountFields = Record<BankAccountField, string | null>;

/** A row as the database keeps it (every field whole). */
export type BankAccountRow = Omit<Static<typeof BankAccountSchema>, 'masked'>;

/** Field → column, in the order of the INSERT. */
const COLUMNS: Readonly<Record<BankAccountField, string>> = {
  accountLabel: 'account_label',
  accountCurrency: 'account_currency',
  paymentMethod: 'payment_method',
  holderName: 'holder_name',
  holderAddress: 'holder_address',
  holderCity: 'holder_city',
  holderCountry: 'holder_country',
  iban: 'iban',
  accountNumber: 'account_number',
  sortCode: 'sort_code',
  routingNumber: 'routing_number',
  swiftCode: 'swift_code',
  bankName: 'bank_name',
  bankAddress: 'bank_address',
  intermediaryBankName: 'intermediary_bank_name',
  intermediaryBankAddress: 'intermediary_bank_address',
  bankEmail: 'bank_email',
};
const FIELDS = Object.keys(COLUMNS) as BankAccountField[];

const SELECT = [
  'a.id',
  ...FIELDS.map((field) => `a.${COLUMNS[field]} AS "${field}"`),
  `${isoUtc('a.created_at')} AS "createdAt"`,
  `${isoUtc('a.updated_at')} AS "updatedAt"`,
].join(', ');
const FROM = 'bank_accounts a';

export function bankAccountsRepository(db: Db) {
  /** The organisation's account; `forUpdate` locks it for the rest of the transaction `tx`. */
  async function find(
    scope: OrgScope,
    id: number,
    tx: Db = db,
    options: { forUpdate?: boolean } = {},
  ): Promise<BankAccountRow | undefined> {
    const { rows } = await tx.query<BankAccountRow>(
      `SELECT ${SELECT} FROM ${FROM} WHERE a.id = $1 AND a.organisation_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
      [id, scope.organisationId],
    );
    return rows[0];
  }

  return {
    find,

    list(scope: OrgScope, query: ListQueryOf<typeof bankAccountList>) {
      return bankAccountList.run<BankAccountRow>(db, query, {
        select: SELECT,
        from: FROM,
        owner: { column: 'a.organisation_id', scope },
      });
    },

    async insert(tx: Db, scope: OrgScope, fields: BankAccountFields, nowMs: number): Promise<BankAccountRow> {
      const values = FIELDS.map((field) => fields[field]);
      const at = new Date(nowMs);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO bank_accounts (organisation_id, ${FIELDS.map((f) => COLUMNS[f]).join(', ')},
                                    created_at, created_by, updated_at)
         VALUES ($1, ${FIELDS.map((_, i) => `$${i + 2}`).join(', ')},
                 $${FIELDS.length + 2}, $${FIELDS.length + 3}, $${FIELDS.length + 2})
         RETURNING id`,
        [scope.organisationId, ...values, at, scope.userId],
      );
      return (await find(scope, rows[0].id, tx))!;
    },

    /** Replaces every field of the organisation's account; undefined when there is none. */
    async update(
      tx: Db,
      scope: OrgScope,
      id: number,
      fields: BankAccountFields,
      nowMs: number,
    ): Promise<BankAccountRow | undefined> {
      const { rows } = await tx.query(
        `UPDATE bank_accounts SET ${FIELDS.map((f, i) => `${COLUMNS[f]} = $${i + 3}`).join(', ')},
                updated_at = $${FIELDS.length + 3}
          WHERE id = $1 AND organisation_id = $2
          RETURNING id`,
        [id, scope.organisationId, ...FIELDS.map((field) => fields[field]), new Date(nowMs)],
      );
      return rows.length === 1 ? find(scope, id, tx) : undefined;
    },
  };
}
