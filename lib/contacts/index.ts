// Contacts: the people records behind tokens and anonymous submissions.
import type { Role } from "@/lib/api/endpoint";
import { db } from "@/lib/db";
import type { ContactKind } from "@/lib/generated/prisma/enums.ts";

/** Who is calling, as the token (or development mode) says; a contact is found or made for each (lib/auth). */
export interface Caller {
  sub: string;
  email: string | null;
  name: string | null;
  roles: Role[];
  /** The identity provider vouches for `email` (the token's `email_verified` claim); absent otherwise. */
  emailVerified?: true;
}

export interface ContactRef {
  id: number;
  kind: ContactKind;
}

/** A caller is a patient unless the token names only staff roles. */
/** A backend service's client-credentials token (lib/auth/smart.ts), which names no person. */
type MaybeBackend = Caller & { smart?: { backend: boolean } };

function kindFor(caller: MaybeBackend): Exclude<ContactKind, "ANONYMOUS"> {
  // A backend service is nobody's patient: it must not appear in patient lists.
  if (caller.smart?.backend) return "STAFF";
  return caller.roles.length === 0 || caller.roles.includes("patient") ? "PATIENT" : "STAFF";
}

// Avoids a write per request: a caller's row is only touched when what the token says changes.
const known = new Map<string, { ref: ContactRef; fingerprint: string }>();
const KNOWN_LIMIT = 10_000;

/** Finds or creates the contact of an authenticated caller, keyed by the token's `sub`. */
export async function contactForCaller(caller: MaybeBackend): Promise<ContactRef> {
  const fingerprint = JSON.stringify([caller.email, caller.name, caller.roles]);
  const hit = known.get(caller.sub);
  if (hit && hit.fingerprint === fingerprint) return hit.ref;

  const kind = kindFor(caller);
  // The e-mail follows the identity provider; the name only fills a blank one, because
  // patients set their own name with PATCH /patients/me.
  const row = await db().contact.upsert({
    where: { sub: caller.sub },
    create: { sub: caller.sub, kind, email: caller.email, name: caller.name, roles: caller.roles },
    update: { roles: caller.roles, ...(caller.email ? { email: caller.email } : {}) },
    select: { id: true, kind: true, name: true },
  });
  if (!row.name && caller.name) await db().contact.update({ where: { id: row.id }, data: { name: caller.name } });
  const ref: ContactRef = { id: row.id, kind: row.kind };
  if (known.size >= KNOWN_LIMIT) known.delete(known.keys().next().value!);
  known.set(caller.sub, { ref, fingerprint });
  return ref;
}
