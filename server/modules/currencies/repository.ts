/** SQL of the currency table: global reference data, the same for every organisation. */
import type { Currency } from '../../../src/domain/currencies';
import type { Db } from '../../db/client';

export function currenciesRepository(db: Db) {
  return {
    async all(): Promise<Currency[]> {
      const { rows } = await db.query<Currency>(
        `SELECT abbreviation, name, is_fiat AS "isFiat", default_network AS "defaultNetwork",
                supported_networks AS "supportedNetworks", precision
           FROM currencies`,
      );
      return rows;
    },

    /** A currency's decimal places, or null when there is no such currency (with `fiat`: no such fiat one). */
    async precisionOf(currency: string, options: { fiat?: boolean } = {}): Promise<number | null> {
      const { rows } = await db.query<{ precision: number }>(
        'SELECT precision FROM currencies WHERE abbreviation = $1 AND (is_fiat OR NOT $2::boolean)',
        [currency, options.fiat ?? false],
      );
      return rows[0] ? Number(rows[0].precision) : null;
    },
  };
}
