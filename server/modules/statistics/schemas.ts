/** Wire shapes of /v1/statistics: daily histograms and totals of deposits and withdrawals. */
import { Type } from 'typebox';
import { INT32_MAX, Int32 } from '../../http/schemas';
import { CurrencyCode } from '../metadata/schemas';
import { Decimal } from '../transactions/schemas';

/** The oldest `after` accepted: this many days before now. */
export const WINDOW_DAYS_MAX = 366;

const After = Type.String({
  format: 'date-time',
  maxLength: 40,
  description: `Counted from this instant (ISO 8601 date-time), at most ${WINDOW_DAYS_MAX} days ago and not in the future`,
});
const Before = Type.Optional(
  Type.String({
    format: 'date-time',
    maxLength: 40,
    description:
      'Counted up to this instant, exclusive (ISO 8601 date-time), later than after; default (and at most) the end of today, UTC. With after it asks for any window, such as the period before the one shown',
  }),
);
const BusinessFilter = Type.Optional(
  Int32({
    minimum: 1,
    maximum: INT32_MAX,
    description: 'Only this business (404 when the caller may not see it); default every visible business',
  }),
);

export const HistogramQuery = Type.Object(
  {
    after: After,
    groupByCriteria: Type.Enum(['DAY'], { description: 'The bucket size (days, in UTC)' }),
    before: Before,
    businessId: BusinessFilter,
  },
  { additionalProperties: false },
);

export const TotalsQuery = Type.Object(
  { after: After, before: Before, businessId: BusinessFilter },
  { additionalProperties: false },
);

const Count = Int32({ minimum: 0, maximum: INT32_MAX });
const DecimalText = (description: string) =>
  Type.String({ maxLength: 64, pattern: '^-?[0-9]+(\\.[0-9]+)?$', description });
const CurrencyAmounts = (description: string) =>
  Type.Record(CurrencyCode, DecimalText('A decimal number as a string'), { maxProperties: 200, description });
export const HistogramSchema = Type.Object({
  groupByCriteria: Type.Enum(['DAY']),
  settlementCurrency: CurrencyCode,
  buckets: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date', maxLength: 10, description: 'The UTC day (YYYY-MM-DD)' }),
      count: Count,
      volumes: CurrencyAmounts('currency → the day’s volume in that currency'),
      settlementVolume: DecimalText(
        'The day’s volumes converted into settlementCurrency, rounded half up to its precision',
      ),
    }),
    {
      maxItems: WINDOW_DAYS_MAX + 2,
      description:
        "One bucket per UTC day from after's day to today (or to before's day), days without activity included",
    },
  ),
});

export const TotalsSchema = Type.Object({
  after: Type.String({ format: 'date-time', maxLength: 40 }),
  before: Type.String({
    format: 'date-time',
    maxLength: 40,
    description: 'The end of the window, exclusive: before, or the end of today (UTC)',
  }),
  settlementCurrency: CurrencyCode,
  count: Count,
  settlementVolume: DecimalText('Every volume converted into settlementCurrency, rounded once'),
  coins: Type.Array(
    Type.Object({
      currency: CurrencyCode,
      count: Count,
      volume: Decimal,
      settlementVolume: Decimal,
      percent: DecimalText(
        "The coin's share of the settlement volume in percent (0–100, 4 decimals at most)",
      ),
    }),
    { maxItems: 200, description: 'Largest settlement volume first' },
  ),
  settlementBalances: CurrencyAmounts('currency → ledger balance, in the order of the currency names'),
  uniformBalances: CurrencyAmounts(
    'The same balances each converted into settlementCurrency at the stated rates (a currency without a rate is left out)',
  ),
});
