import { writeFileSync } from 'node:fs';
import { confirmationPdf } from './server/modules/reports/pdf';
import { BRANDS } from './src/domain/brands';
const bytes = await confirmationPdf({
  locale: 'en', brand: BRANDS[0], provider: { legalName: 'Payments Local GmbH', address: ['Friedrichstraße 100', '10117 Berlin'] },
  organisation: 'Aurora Payments', businessCount: 8, asOfDay: new Date('2026-11-21T00:00:00Z'),
  reference: 'BC-1-0-20261121-080000-K7QM', generatedAt: new Date('2026-11-22T08:00:00.000Z'), settlementCurrency: 'EUR',
  rows: [{ currency: 'BTC', currencyName: 'Bitcoin', balance: '1.00000000', rate: '60,185.19', value: '60,185.19' }], total: '60,185.19',
}, new Date());
writeFileSync(process.argv[2], bytes);
