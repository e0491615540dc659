/**
 * The rules of creating and changing a business: the form's string rules and businessProblems
 * (src/domain/business.ts, shared with the dashboard) against the organisation's metadata and the
 * currency table, a name unique in the organisation by its key (src/domain/businessName.ts: case,
 * spaces, compatibility forms and look-alike letters do not make another name), the settlement currency
 * taken from the organisation. A refused request saves nothing.
 *
 * The hidden business: a non-ADMIN's name is checked against the businesses the caller may see only,
 * so no answer reveals the hidden one (its name, given by a non-ADMIN, is simply taken); ADMIN is
 * refused any name of the organisation. The database holds names unique per visibility
 * (businesses_name_key), which is what makes both true at once.
 *
 * Concurrency: an update locks the business's row, checks and writes in one transaction, so two
 * updates of one business apply one after the other (both succeed, the later wins) and a row is never
 * half written. Two creations (or renames) with one name race on the unique index businesses_name_key:
 * the loser gets the same 400 on businessName as a name taken before.
 */
import {
  businessFormSchema,
  businessProblems,
  type Business,
  type BusinessPayload,
} from '../../../src/domain/business';
import type { CallbackSecretAnswer } from '../../../src/domain/callbacks';
import { errorTexts, validateForm } from '../../../src/domain/forms';
import { MESSAGES } from '../../../src/domain/validation';
import { changesBetween, type Recorder } from '../../audit';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { callbacksRepository } from '../callbacks/repository';
import { currenciesRepository } from '../currencies/repository';
import { metadataRepository } from '../metadata/repository';
import { businessesRepository, isDuplicateName } from './repository';

/**
 * The check of every money movement and quote: 404 unless each id names a business of the caller's
 * organisation that the caller may see (the hidden one only for ADMIN; an API key its own only), so a
 * movement reveals nothing of another organisation's or a hidden business.
 */
export async function requireVisibleBusinesses(db: Db, scope: OrgScope, ...ids: number[]): Promise<void> {
  const found = await businessesRepository(db).visibleIds(scope, ids);
  if (ids.some((id) => !found.has(id))) throw notFound();
}

/** The fields of a business its audit rows compare (every one a reader of the business may see). */
export const BUSINESS_AUDIT_FIELDS = [
  'businessName',
  'settlementCurrency',
  'supportedDisplayCurrencies',
  'supportedDepositCurrenciesWithNetworks',
  'depositReceivedCallbackUrl',
  'withdrawalCallbackUrl',
  'withdrawalApprovalCallbackUrl',
  'overpaymentPolicy',
  'refundFollowUpDepositsForOneTimePayments',
  'blockchainFeePaidBy',
  'stableCryptoCurrencyDepegThreshold',
  'userServiceFeeDistributionPercentage',
] as const satisfies readonly (keyof Business)[];

const businessChanges = (before: Business | null, after: Business | null) =>
  changesBetween<Record<string, unknown>>(
    before as Record<string, unknown> | null,
    after as Record<string, unknown> | null,
    BUSINESS_AUDIT_FIELDS,
  );

const nameTaken = () => validationError({ businessName: MESSAGES.businessNameTaken });

export function businessesService({ db, now }: AppContext) {
  const businesses = businessesRepository(db);
  const metadata = metadataRepository(db);
  const currencies = currenciesRepository(db);

  /** 400 with every field's message when the payload breaks a rule; nothing otherwise. */
  async function check(scope: OrgScope, payload: BusinessPayload): Promise<void> {
    const fields = { ...payload } as Record<string, unknown>;
    const errors = errorTexts(validateForm(businessFormSchema, fields)) as Record<string, string>;
    const problems = businessProblems(payload, await metadata.organisation(scope), await currencies.all());
    for (const [field, key] of Object.entries(problems)) errors[field] = MESSAGES[key];
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  /** Runs a write, turning a lost race on the unique name into the name's 400. */
  async function guardName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isDuplicateName(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    /**
     * `record` writes the audit row, in the creation's transaction; the business's callback signing
     * secret is created with it and answered this once (`callbackSecret`).
     */
    async create(
      scope: OrgScope,
      payload: BusinessPayload,
      record: Recorder,
    ): Promise<Business & { callbackSecret: CallbackSecretAnswer }> {
      await check(scope, payload);
      const { settlementCurrency } = await metadata.organisation(scope);
      return guardName(() =>
        db.transaction(async (tx: Db) => {
          if (await businesses.nameTaken(scope, payload.businessName, null, tx)) throw nameTaken();
          const at = new Date(now());
          const created = await businesses.insert(scope, { ...payload, settlementCurrency }, at, tx);
          const callbackSecret = await callbacksRepository(tx).createSecret(scope, created.id, at);
          await record(tx, {
            action: 'create',
            entityType: 'business',
            entityId: created.id,
            changes: businessChanges(null, created),
          });
          return { ...created, callbackSecret };
        }),
      );
    },

    /**
     * 404 for a business of another organisation or one the caller may not see, before any check.
     * The checks read outside the transaction (PGlite runs one statement stream: a read on `db`
     * inside a `db.transaction` would wait for it); the row is then locked and found again.
     */
    async update(scope: OrgScope, id: number, payload: BusinessPayload, record: Recorder): Promise<Business> {
      if (!(await businesses.find(scope, id))) throw notFound();
      await check(scope, payload);
      return guardName(() =>
        db.transaction(async (tx: Db) => {
          const current = await businesses.find(scope, id, tx, true);
          if (!current) throw notFound();
          if (await businesses.nameTaken(scope, payload.businessName, id, tx)) throw nameTaken();
          // The settlement currency is the business's own: an update never changes it.
          const values = { ...payload, settlementCurrency: current.settlementCurrency };
          const updated = await businesses.update(scope, id, values, new Date(now()), tx);
          if (!updated) throw notFound();
          // A save that changed nothing is still a row: someone saved the business at that time.
          await record(tx, {
            action: 'update',
            entityType: 'business',
            entityId: id,
            changes: businessChanges(current, updated),
          });
          return updated;
        }),
      );
    },
  };
}
