/** Wire shapes of /v1/reports: the bodies of the two reports and the files they answer. */
import { Type, type Static } from 'typebox';
import { INT32_MAX, Int32, STRICT_BODY, Text } from '../../http/schemas';
import { MESSAGES } from '../../../src/domain/validation';
import {
  LETTER_ADDRESS_LINES,
  LETTER_ADDRESS_MAX,
  LETTER_TEXT_MAX,
  REPORT_LOCALES,
} from '../../../src/domain/reportForms';

/** The longest transaction-ledger window, in days (both ends included). */
export const LEDGER_WINDOW_DAYS_MAX = 366;

/** Field messages of the rules the schema cannot state (a 400 with these, nothing produced). */
/** The field texts: the report forms' own (src/domain/validation.ts), so client and API cannot drift. */
export const REPORT_TEXTS = {
  unknownBusiness: 'is not a business you can see',
  unknownCurrency: 'is not a known currency',
  notADate: MESSAGES.reportDateInvalid,
  asOfInFuture: MESSAGES.reportDateInFuture,
  fromInFuture: MESSAGES.reportDateInFuture,
  toInFuture: MESSAGES.reportDateInFuture,
  fromAfterTo: MESSAGES.reportFromAfterTo,
  windowTooLong: MESSAGES.reportWindowTooLong,
} as const;

const Day = (description: string) =>
  Type.String({ format: 'date', maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

const BusinessFilter = Type.Optional(
  Int32({
    minimum: 1,
    maximum: INT32_MAX,
    description: 'Only this business (a 400 when the caller may not see it); default every visible business',
  }),
);

const Locale = Type.Optional(
  Type.Enum([...REPORT_LOCALES], {
    description: "The report's language (the dashboard's); default en",
  }),
);

const LetterLine = (description: string) =>
  Type.Optional(Text({ maxLength: LETTER_TEXT_MAX, description: `${description}; one line, trimmed` }));

export const BalanceConfirmationBody = Type.Object(
  {
    businessId: BusinessFilter,
    asOf: Day(
      'The balances at the end of this UTC day, or, for today (not yet over), at the moment the letter is generated; not in the future',
    ),
    locale: Locale,
    addresseeName: LetterLine(
      "The addressee (e.g. the auditor's firm), written above the letter and named in it",
    ),
    addresseeAddress: Type.Optional(
      Text({
        maxLength: LETTER_ADDRESS_MAX,
        multiline: true,
        description: `The addressee's postal address, at most ${LETTER_ADDRESS_LINES} lines (LF or CRLF); needs addresseeName`,
      }),
    ),
    signatoryName: LetterLine('Who signs the letter, printed under the signature line'),
    signatoryTitle: LetterLine("The signatory's title or function; needs signatoryName"),
  },
  STRICT_BODY,
);
export type BalanceConfirmationBodyType = Static<typeof BalanceConfirmationBody>;

export const LEDGER_FORMATS = ['csv', 'xlsx'] as const;
export type LedgerFormat = (typeof LEDGER_FORMATS)[number];

export const TransactionLedgerBody = Type.Object(
  {
    businessId: BusinessFilter,
    from: Day('The first UTC day of the window (from 00:00 UTC); not in the future'),
    to: Day(
      `The last UTC day of the window (to 24:00 UTC), at most ${LEDGER_WINDOW_DAYS_MAX} days in all; not in the future`,
    ),
    currency: Type.Optional(
      Type.String({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$', description: 'Only this currency' }),
    ),
    format: Type.Enum([...LEDGER_FORMATS], { description: 'csv (RFC 4180) or xlsx' }),
    locale: Locale,
  },
  STRICT_BODY,
);
export type TransactionLedgerBodyType = Static<typeof TransactionLedgerBody>;

const disposition = (pattern: string, description: string) =>
  Type.String({ maxLength: 2000, pattern, description });

/** A file name part: lower-case letters, digits and hyphens. */
const SLUGS = '[a-z0-9]+(-[a-z0-9]+)*';
/** The name in its own script (RFC 5987), when it differs from the ASCII one. */
const UNICODE_NAME = "(; filename\\*=UTF-8''[A-Za-z0-9%._~-]+)?";

export const PdfFile = {
  description: 'The balance confirmation letter (PDF, A4)',
  headers: {
    'Content-Disposition': disposition(
      `^attachment; filename="balance-confirmation-${SLUGS}-\\d{4}-\\d{2}-\\d{2}\\.pdf"${UNICODE_NAME}$`,
      'attachment; filename="balance-confirmation-<organisation>[-<business>]-<asOf>.pdf", and filename* with the names in their own script when they are not ASCII',
    ),
  },
  content: { 'application/pdf': { schema: Type.String({ format: 'binary', maxLength: 2_147_483_647 }) } },
};

export const LedgerFile = {
  description:
    'Every posting of the window per account (business, currency), each account between its opening and closing balance lines',
  headers: {
    'Content-Disposition': disposition(
      `^attachment; filename="transaction-ledger-${SLUGS}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.(csv|xlsx)"${UNICODE_NAME}$`,
      'attachment; filename="transaction-ledger-<organisation>[-<business>]-<from>-<to>.<csv|xlsx>", and filename* with the names in their own script when they are not ASCII',
    ),
  },
  content: {
    'text/csv': { schema: Type.String({ maxLength: 2_147_483_647, pattern: '^[^\\u0000]*$' }) },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: Type.String({ format: 'binary', maxLength: 2_147_483_647 }),
    },
  },
};
