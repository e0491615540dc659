/**
 * Every custom page: one folder exporting a `page({...})` declaration, and one line here.
 * Routes, guards, aliases, sidebar items and the access table are derived from this list.
 * Settings order: change-password 10, authentication 20, api-keys 30, users 40, user-roles 50.
 */
import type { PageDeclaration } from '../declarations';
import changePassword from './changePassword';
import authentication from './authentication';
import statistics from './statistics';
import balanceConfirmation from './balanceConfirmation';
import transactionLedger from './transactionLedger';
import cryptoDeposit from './cryptoDeposit';
import balanceConversion from './balanceConversion';
import internalTransfer from './internalTransfer';
import fiatWithdrawal from './fiatWithdrawal';
import fiatDeposit from './fiatDeposit';
import cryptoWithdrawal from './cryptoWithdrawal';

export const pages: readonly PageDeclaration[] = [
  changePassword,
  authentication,
  statistics,
  balanceConfirmation,
  transactionLedger,
  cryptoDeposit,
  balanceConversion,
  internalTransfer,
  fiatWithdrawal,
  fiatDeposit,
  cryptoWithdrawal,
];
