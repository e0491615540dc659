/**
 * Every API area: one plugin folder under server/modules/<area>/ and one line here with its prefix.
 * `buildApp` (server/app.ts) registers them in this order; the route-table, isolation, schema and
 * contract tests read the routes they declare, so a new line needs no other edit.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiKeysModule } from './apiKeys/routes';
import { auditLogModule } from './auditLog/routes';
import { authModule } from './auth/routes';
import { balancesModule } from './balances/routes';
import { bankAccountsModule } from './bankAccounts/routes';
import { brandsModule } from './brands/routes';
import { callbacksModule } from './callbacks/routes';
import { businessesModule } from './businesses/routes';
import { currenciesModule } from './currencies/routes';
import { eventsModule } from './events/routes';
import { fiatMovementsModule } from './fiatMovements/routes';
import { metadataModule } from './metadata/routes';
import { paymentRequestsModule } from './payments/routes';
import { recordsModule } from './records/routes';
import { reportsModule } from './reports/routes';
import { rolesModule } from './roles/routes';
import { searchModule } from './search/routes';
import { statisticsModule } from './statistics/routes';
import { transactionsModule } from './transactions/routes';
import { transfersModule } from './transfers/routes';
import { conversionsModule } from './conversions/routes';
import { travelRuleModule } from './travelRule/routes';
import { usersModule } from './users/routes';
import { whitelistedAddressesModule } from './whitelistedAddresses/routes';
import { withdrawalsModule } from './withdrawals/routes';

export interface ApiModule {
  plugin: FastifyPluginAsyncTypebox;
  /** The path prefix of its routes, `/v1/<area>`. */
  prefix: string;
}

export const apiModules: readonly ApiModule[] = [
  { plugin: brandsModule, prefix: '/v1/brands' },
  { plugin: authModule, prefix: '/v1/auth' },
  { plugin: currenciesModule, prefix: '/v1/currencies' },
  { plugin: usersModule, prefix: '/v1/users' },
  { plugin: rolesModule, prefix: '/v1/roles' },
  { plugin: apiKeysModule, prefix: '/v1/api-keys' },
  { plugin: bankAccountsModule, prefix: '/v1/bank-accounts' },
  { plugin: whitelistedAddressesModule, prefix: '/v1/whitelisted-addresses' },
  { plugin: businessesModule, prefix: '/v1/businesses' },
  { plugin: balancesModule, prefix: '/v1/balances' },
  { plugin: reportsModule, prefix: '/v1/reports' },
  { plugin: statisticsModule, prefix: '/v1/statistics' },
  { plugin: searchModule, prefix: '/v1/search' },
  { plugin: travelRuleModule, prefix: '/v1/deposits/travel-rule' },
  { plugin: auditLogModule, prefix: '/v1/audit-log' },
  { plugin: eventsModule, prefix: '/v1/events' },
  { plugin: recordsModule, prefix: '/v1/records' },
  // Paths of several areas (payment/…, withdrawals/…, deposits/…) under /v1 itself.
  { plugin: metadataModule, prefix: '/v1' },
  { plugin: transactionsModule, prefix: '/v1' },
  { plugin: transfersModule, prefix: '/v1/payment/internal-transfers' },
  { plugin: paymentRequestsModule, prefix: '/v1/payments' },
  { plugin: conversionsModule, prefix: '/v1/payment/balance/convert' },
  { plugin: fiatMovementsModule, prefix: '/v1/payment' },
  { plugin: withdrawalsModule, prefix: '/v1/withdrawals' },
  // /v1/callbacks and /v1/businesses/{id}/callback-secret.
  { plugin: callbacksModule, prefix: '/v1' },
];
