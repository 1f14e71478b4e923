import type { DataSource } from 'typeorm';
import { displayNameSql } from '../../identity';

export interface MemberName {
  name: string | null;
  email: string;
}

/** Display names and emails of users by id (only these two columns: never a credential). */
export async function memberNames(db: DataSource, ids: Iterable<string>): Promise<Map<string, MemberName>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows: { id: string; name: string | null; email: string }[] = await db.query(
    `SELECT u.id, ${displayNameSql('u')} AS name, u.email FROM users u WHERE u.id = ANY($1::uuid[])`,
    [wanted],
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
