/**
 * Every react-admin resource: one folder exporting a `resource({...})` declaration, and one line here.
 * The <Resource> elements, the data provider's ApiTable, canAccess's AccessTable, the sidebar items
 * and the legacy route aliases are all derived from this list (src/declarations.ts).
 */
import type { ResourceDeclaration } from '../declarations';
import apiKeys from './apiKeys';
import auditLog from './auditLog';
import bankAccounts from './bankAccounts';
import businesses from './businesses';
import callbacks from './callbacks';
import { transactionResources } from './transactions';
import travelRule from './travelRule';
import whitelistedAddresses from './whitelistedAddresses';
import withdrawalApprovals from './withdrawalApprovals';
import users from './users';
import userRoles from './roles';

export const resources: readonly ResourceDeclaration[] = [
  businesses,
  ...transactionResources,
  apiKeys,
  bankAccounts,
  whitelistedAddresses,
  withdrawalApprovals,
  travelRule,
  auditLog,
  callbacks,
  users,
  userRoles,
];
