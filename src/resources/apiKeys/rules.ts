/**
 * The API key form's pure rules (docs/decisions.md, 'The API key pages'): the scopes a user may give
 * (the key scopes the user holds), the IP allow list as typed (one entry a line, or comma separated),
 * the expiry day as an instant, the field checks with the shared key rules (src/domain/apiKeys.ts),
 * and the bodies of POST and PATCH (a PATCH carries only what changed).
 */
import {
  API_KEY_SCOPES,
  IP_ALLOW_LIST_MAX,
  isIpOrCidr,
  isKeyName,
  type ApiKeyScope,
} from '../../domain/apiKeys';

export interface ApiKeyFormValues {
  name: string;
  businessId: string;
  scopes: string[];
  /** The allow list as typed: one entry a line (commas too). */
  ipAllowList: string;
  /** The last day the key works (YYYY-MM-DD, the browser's calendar), or ''. */
  expiresOn: string;
  twoFaCode?: string;
}

/** Message keys of the form's problems (under resources.api-keys.validation). */
export type ApiKeyProblem =
  | 'keyNameRequired'
  | 'keyNamePattern'
  | 'businessRequired'
  | 'scopesRequired'
  | 'ipInvalid'
  | 'ipTooMany'
  | 'expiryPast';

/** The key scopes the user holds, in the API's order: all a key of theirs may be given. */
export function grantableScopes(permissions: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => permissions.includes(scope));
}

/** The entries of the typed allow list, trimmed, blanks and repeats dropped. */
export function parseIpList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The instant a key chosen to work through `day` stops: the start of the next day in the browser's
 * zone (so it works the whole of the chosen day), or null for no expiry.
 */
export function expiryInstant(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

/** The day field's value for a stored expiry (the day before the instant, browser's zone). */
export function expiryDay(instant: string | null): string {
  if (!instant) return '';
  const at = new Date(Date.parse(instant) - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The form's problems by field (none: it may be sent). `creating` adds the business. */
export function apiKeyProblems(
  values: ApiKeyFormValues,
  { creating, nowMs }: { creating: boolean; nowMs: number },
): Partial<Record<keyof ApiKeyFormValues, ApiKeyProblem>> {
  const problems: Partial<Record<keyof ApiKeyFormValues, ApiKeyProblem>> = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'keyNameRequired';
  else if (!isKeyName(name)) problems.name = 'keyNamePattern';
  if (creating && !values.businessId) problems.businessId = 'businessRequired';
  if (values.scopes.length === 0) problems.scopes = 'scopesRequired';
  const ips = parseIpList(values.ipAllowList);
  if (ips.some((ip) => !isIpOrCidr(ip))) problems.ipAllowList = 'ipInvalid';
  else if (ips.length > IP_ALLOW_LIST_MAX) problems.ipAllowList = 'ipTooMany';
  const expiry = expiryInstant(values.expiresOn);
  if (expiry !== null && Date.parse(expiry) <= nowMs) problems.expiresOn = 'expiryPast';
  return problems;
}

/** POST /v1/api-keys's body. */
export function createBody(values: ApiKeyFormValues) {
  const expiresAt = expiryInstant(values.expiresOn);
  return {
    name: values.name.trim(),
    businessId: Number(values.businessId),
    scopes: API_KEY_SCOPES.filter((scope) => values.scopes.includes(scope)),
    ipAllowList: parseIpList(values.ipAllowList),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

export interface StoredKey {
  name: string;
  scopes: readonly string[];
  ipAllowList: readonly string[];
  expiresAt: string | null;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** PATCH /v1/api-keys/{id}'s body: only the fields that differ from the stored key (may be empty). */
export function changeBody(key: StoredKey, values: ApiKeyFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const name = values.name.trim();
  if (name !== key.name) body.name = name;
  const scopes = API_KEY_SCOPES.filter((scope) => values.scopes.includes(scope));
  if (!sameSet(scopes, key.scopes)) body.scopes = scopes;
  const ips = parseIpList(values.ipAllowList);
  if (!sameSet(ips, key.ipAllowList)) body.ipAllowList = ips;
  if (values.expiresOn !== expiryDay(key.expiresAt)) body.expiresAt = expiryInstant(values.expiresOn);
  return body;
}

/** The edit form's values for a stored key. */
export function valuesOfKey(key: StoredKey & { businessId: number }): ApiKeyFormValues {
  return {
    name: key.name,
    businessId: String(key.businessId),
    scopes: [...key.scopes],
    ipAllowList: key.ipAllowList.join('\n'),
    expiresOn: expiryDay(key.expiresAt),
    twoFaCode: '',
  };
}

/** The server's field errors on the form's fields (its `expiresAt` is the form's day). */
export function formFieldErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [field === 'expiresAt' ? 'expiresOn' : field, text]),
  );
}
