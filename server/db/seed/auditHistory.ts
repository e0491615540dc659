/**
 * Demo seed version 4, last part: the audit history of what the demo data created (docs/decisions.md,
 * decision 157). Every record the seed made gets its 'create' row — businesses, API keys (and the
 * revocation of a revoked one), the organisations' own roles, the users' memberships, and the rows of
 * the administration tables the parts before this one filled (whitelisted addresses, bank accounts) —
 * dated when the record was, written by the actor 'system' labelled 'Demo data': nobody is made to
 * have done what the seed did. Only safe fields go into `changes`, as in the API's own rows.
 *
 * It reads what the tables hold, so it must run after every other part of the version (it stays the
 * last entry of VERSION4_PARTS). Deterministic: the dates come from the records and from `seedDay`.
 */
import type { Db } from '../client';

const DAY = 86_400_000;
const ACTOR = `'system', NULL, 'Demo data'`;

const INSERT = `INSERT INTO audit_log (organisation_id, at, actor_type, actor_id, actor_label, action, entity_type,
                                       entity_id, changes, outcome, ip)`;

/** `{ field: { before: null, after: value } }` of a creation, as SQL over `pairs` ('field', expression). */
const created = (pairs: readonly [string, string][]) =>
  `jsonb_build_object(${pairs
    .map(([field, value]) => `'${field}', jsonb_build_object('before', NULL, 'after', ${value})`)
    .join(', ')})`;

/** Tables of the administration areas (added by other parts of this version), when they exist. */
const ADMINISTRATION_TABLES: readonly { table: string; entityType: string }[] = [
  { table: 'whitelisted_addresses', entityType: 'whitelisted-address' },
  { table: 'bank_accounts', entityType: 'bank-account' },
];

export async function seedAuditHistory(tx: Db, seedDay: Date): Promise<void> {
  // Roles and memberships carry no date of their own: the day the demo organisation was set up.
  const setUp = new Date(seedDay.getTime() - 120 * DAY);

  await tx.query(
    `${INSERT}
     SELECT b.organisation_id, b.created_at, ${ACTOR}, 'create', 'business', b.id::text,
            ${created([
              ['businessName', 'b.name'],
              ['settlementCurrency', 'b.settlement_currency'],
            ])}, 'success', NULL
       FROM businesses b ORDER BY b.created_at, b.id`,
  );

  await tx.query(
    `${INSERT}
     SELECT k.organisation_id, k.created_at, ${ACTOR}, 'create', 'api-key', k.id::text,
            ${created([
              ['name', 'k.name'],
              ['businessId', 'k.business_id'],
              ['scopes', 'to_jsonb(k.scopes)'],
            ])} || CASE WHEN k.expires_at IS NULL THEN '{}'::jsonb ELSE ${created([
              ['expiresAt', `to_char(k.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
            ])} END, 'success', NULL
       FROM api_keys k ORDER BY k.created_at, k.id`,
  );
  await tx.query(
    `${INSERT}
     SELECT k.organisation_id, k.revoked_at, ${ACTOR}, 'revoke', 'api-key', k.id::text,
            '{"status": {"before": "active", "after": "revoked"}}'::jsonb, 'success', NULL
       FROM api_keys k WHERE k.revoked_at IS NOT NULL ORDER BY k.revoked_at, k.id`,
  );

  await tx.query(
    `${INSERT}
     SELECT r.organisation_id, $1, ${ACTOR}, 'create', 'role', r.id::text,
            ${created([
              ['name', 'r.name'],
              ['permissions', '(SELECT to_jsonb(array_agg(p ORDER BY p)) FROM unnest(r.permissions) p)'],
            ])}, 'success', NULL
       FROM roles r WHERE r.organisation_id IS NOT NULL ORDER BY r.id`,
    [setUp],
  );

  await tx.query(
    `${INSERT}
     SELECT m.organisation_id, GREATEST(u.created_at, $1::timestamptz) + interval '1 hour', ${ACTOR}, 'create',
            'user', u.id::text,
            ${created([
              ['email', 'u.email'],
              ['roleId', 'r.id'],
              ['roleName', 'r.name'],
            ])}, 'success', NULL
       FROM memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id
      ORDER BY m.organisation_id, u.id`,
    [setUp],
  );

  for (const { table, entityType } of ADMINISTRATION_TABLES) {
    const { rows } = await tx.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    const columns = new Set(rows.map((r) => r.column_name));
    if (!columns.has('id') || !columns.has('organisation_id')) continue;
    // Table names come from the list above, never from input.
    const dated = columns.has('created_at');
    const at = dated ? 't.created_at' : '$1::timestamptz';
    await tx.query(
      `${INSERT}
       SELECT t.organisation_id, ${at}, ${ACTOR}, 'create', '${entityType}', t.id::text, '{}'::jsonb,
              'success', NULL
         FROM ${table} t ORDER BY ${at}, t.id`,
      dated ? [] : [seedDay],
    );
  }
}
