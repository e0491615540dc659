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
import Big from 'big.js';
import {
  businessFormSchema,
  businessProblems,
  type Business,
  type BusinessPayload,
} from '../../../src/domain/business';
import { CALLBACK_ENTITY_KINDS } from '../../../src/domain/callbacks';
import type { CallbackSecretAnswer } from '../../../src/domain/callbacks';
import { errorTexts, validateForm } from '../../../src/domain/forms';
import type { Permission } from '../../../src/domain/permissions';
import type { BusinessOverview } from '../../../src/domain/records';
import { MESSAGES } from '../../../src/domain/validation';
import { changesBetween, type Recorder } from '../../audit';
import type { OrgScope } from '../../auth/scope';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { balancesService } from '../balances/service';
import { callbacksRepository } from '../callbacks/repository';
import { currenciesRepository } from '../currencies/repository';
import { metadataRepository } from '../metadata/repository';
import { CALLBACK_READ_PERMISSION } from '../records/service';
import { statisticsRepository, type VolumeRow } from '../statistics/repository';
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

/** The window of an overview's volume and of its callback health. */
export const OVERVIEW_VOLUME_DAYS = 30;
export const OVERVIEW_CALLBACK_HOURS = 24;
const HOUR_MS = 3_600_000;

/**
 * A business's overview (issue 32 §3, src/domain/records.ts BusinessOverview; decision 245), scoped as
 * GET /v1/businesses/{id} (404 for one the caller may not see). Each part is the caller's to read or
 * null: the balances with GET_BALANCES (the balances module's reading), the last 30 days' volume with
 * both permissions that read its rows (GET_PAYMENT for the deposits, GET_WITHDRAWALS for the
 * withdrawals; the statistics module's reading, by the same rule: CONFIRMED deposits and COMPLETED
 * withdrawals created in the window), the callback health over the callbacks the caller may read (those
 * about payments with GET_PAYMENT, about withdrawals with GET_WITHDRAWALS).
 */
export function businessOverviewService(ctx: AppContext) {
  const businesses = businessesRepository(ctx.db);
  const balances = balancesService(ctx);
  const statistics = statisticsRepository(ctx.db);

  return {
    async overview(scope: OrgScope, permissions: readonly string[], id: number): Promise<BusinessOverview> {
      const business = await businesses.find(scope, id);
      if (!business) throw notFound();
      const may = (permission: Permission) => permissions.includes(permission);
      const at = ctx.now();

      let balanceRows: BusinessOverview['balances'] = null;
      if (may('GET_BALANCES')) {
        const own = await balances.one(scope, id);
        balanceRows = Object.entries(own.balances).map(([currency, b]) => ({
          currency,
          available: b.amount,
          held: b.held ?? '0',
        }));
      }

      let volume: BusinessOverview['volume30d'] = null;
      if (may(CALLBACK_READ_PERMISSION.payments) && may(CALLBACK_READ_PERMISSION['crypto-withdrawals'])) {
        const window = {
          from: new Date(at - OVERVIEW_VOLUME_DAYS * 24 * HOUR_MS),
          to: new Date(at),
          businessId: id,
        };
        const [deposits, withdrawals] = await Promise.all([
          statistics.volumes(scope, 'deposits', window),
          statistics.volumes(scope, 'withdrawals', window),
        ]);
        const byCurrency = new Map<string, { deposits: Big; withdrawals: Big; count: number }>();
        const add = (rows: readonly VolumeRow[], flow: 'deposits' | 'withdrawals') => {
          for (const row of rows) {
            const sum = byCurrency.get(row.currency) ?? {
              deposits: new Big(0),
              withdrawals: new Big(0),
              count: 0,
            };
            sum[flow] = sum[flow].plus(row.volume);
            sum.count += row.count;
            byCurrency.set(row.currency, sum);
          }
        };
        add(deposits, 'deposits');
        add(withdrawals, 'withdrawals');
        volume = [...byCurrency]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([currency, sum]) => ({
            currency,
            deposits: sum.deposits.toFixed(),
            withdrawals: sum.withdrawals.toFixed(),
            count: sum.count,
          }));
      }

      const readable = CALLBACK_ENTITY_KINDS.filter((kind) => may(CALLBACK_READ_PERMISSION[kind]));
      let callbacks: BusinessOverview['callbacks'] = null;
      if (readable.length > 0) {
        const health = await businesses.callbackHealth(
          scope,
          id,
          readable,
          new Date(at - OVERVIEW_CALLBACK_HOURS * HOUR_MS),
        );
        callbacks = {
          total24h: health.total,
          delivered24h: health.delivered,
          deliveredShare: health.total === 0 ? null : health.delivered / health.total,
          failingNow: health.failing,
          lastFailureAt: health.lastFailureAt,
        };
      }

      return {
        businessId: business.id,
        settlementCurrency: business.settlementCurrency,
        balances: balanceRows,
        volume30d: volume,
        callbacks,
      };
    },
  };
}

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
