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
  };
}
