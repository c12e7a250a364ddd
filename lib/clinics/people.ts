// People by name (issue 37): a subject is shown as the name and e-mail of the person's sign-in
// (the web sign-in's user row, else what their token last said), never as the bare subject.
import { db } from "@/lib/db";

export interface Person {
  name: string | null;
  email: string | null;
}

/** Each subject's person; nulls for one the service has never seen sign in. */
export async function peopleBySub(subs: Iterable<string>): Promise<Map<string, Person>> {
  const unique = [...new Set(subs)];
  if (unique.length === 0) return new Map();
  const rows = await db().$queryRaw<{ sub: string; name: string | null; email: string | null }[]>`
    SELECT x.sub, coalesce(u.name, c.name) AS name, coalesce(u.email, c.email) AS email
      FROM unnest(${unique}::text[]) AS x(sub)
      LEFT JOIN contacts c ON c.sub = x.sub
      LEFT JOIN LATERAL (SELECT u.name, u.email FROM auth_accounts a JOIN auth_users u ON u.id = a.user_id
                          WHERE a.provider_account_id = x.sub ORDER BY a.id LIMIT 1) u ON TRUE`;
  return new Map(rows.map((row) => [row.sub, { name: row.name, email: row.email }]));
}

export const nobody: Person = { name: null, email: null };
