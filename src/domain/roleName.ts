/**
 * When two role names are the same name: as business names (src/domain/businessName.ts), by their
 * comparison key (NFKC, case, spaces, the Unicode confusable skeleton), so that 'ＡＤＭＩＮ' in
 * full-width letters or 'АDMIN' with a Cyrillic 'А' cannot pass for the built-in ADMIN, nor 'ＯＰＳ' for
 * another role's 'Ops'. Kept apart from src/domain/roles.ts so that the confusables table stays out of
 * the dashboard's role form (which checks the plain case-insensitive rule; the API answers the rest).
 */
import { businessNameKey } from './businessName';
import { BUILT_IN_ROLES } from './permissions';

export const roleNameKey: (name: string) => string = businessNameKey;

const BUILT_IN_KEYS = new Set(BUILT_IN_ROLES.map(roleNameKey));

/** Whether the name is, or looks like, a built-in role's. */
export const looksLikeBuiltInRoleName = (name: string): boolean => BUILT_IN_KEYS.has(roleNameKey(name));
