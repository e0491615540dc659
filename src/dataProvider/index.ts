/** The admin's data layer. dataProvider.ts imports react-admin: import this module from the admin chunk only. */
export { createDataProvider, toRecordWith } from './dataProvider';
export type { DataProviderOptions } from './dataProvider';
export type * from './types';
