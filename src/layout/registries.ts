/** The registries' tables the shell reads, derived once. */
import { deriveMenuEntries } from '../declarations';
import { resources } from '../resources/registry';
import { pages } from '../customPages/registry';

export const MENU_ENTRIES = deriveMenuEntries(resources, pages);
