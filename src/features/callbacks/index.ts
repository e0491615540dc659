/**
 * The callback views a page and a resource share (issue 32): a business's Callbacks tab and a
 * record's page show the same table, attempts, status chip and Resend. Their data calls are the
 * `callbacks` declaration's (src/resources/callbacks): react-admin's getList, and the named methods
 * of ./api.ts.
 */
export { CallbacksTable, CALLBACKS_PER_PAGE, type CallbacksTableProps } from './CallbacksTable';
export { CallbackAttempts, AnswerText, useCallbackDetail } from './CallbackAttempts';
export { CallbackStatusChip } from './CallbackStatusChip';
export { ResendButton, RESEND_REQUIRES, useMayResend, showResent } from './ResendButton';
export { callbackMethods, callbackDetailKey, useCallbackApi, type CallbackApi } from './api';
export {
  CALLBACKS_REQUIRES,
  CALLBACKS_RESOURCE,
  CALLBACK_STATUS_MEANING,
  answerOf,
  callbacksQuery,
  callbackStatusMeaning,
  eventTypeKey,
  isDue,
  statusKey,
  type CallbacksScope,
} from './rules';
