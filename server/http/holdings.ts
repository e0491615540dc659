/**
 * Whether a business has ever held a currency, for the movements out of it (internal transfers,
 * settlements, crypto withdrawals, conversion quotes): a business that has no ledger account in the
 * currency hears 'The business holds no JPY.' on the currency field, before any posting, rather than
 * the ledger's overdraft ('Insufficient balance'). An account is made by its first posting and never
 * removed, so the answer can only go from no to yes; the ledger still refuses every overdraft itself.
 */
import { noHoldingText } from '../../src/domain/transfers';
import type { OrgScope } from '../auth/scope';
import type { Db } from '../db/client';
import { holdsCurrency } from '../ledger';
import { validationError } from './errors';

/** 400 `{ [field]: 'The business holds no JPY.' }` when the business has no account in the currency. */
export async function assertHolds(
  db: Db,
  scope: OrgScope,
  businessId: number,
  currency: string,
  field: string,
): Promise<void> {
  if (await holdsCurrency(db, scope, businessId, currency)) return;
  const text = noHoldingText(currency);
  throw validationError({ [field]: text }, text);
}
