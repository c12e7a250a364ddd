import Link from "next/link";
import { SignOutButton } from "@/components/site/sign-out";
import type { WebUser } from "@/lib/web/auth";

function NavLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="rounded-md px-2 py-1 text-slate-800 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {children}
    </Link>
  );
}

/** `canSignIn` is false on an API-only server (identity provider for tokens, no web sign-in). */
export function SiteHeader({ user, devMode, canSignIn }: { user: WebUser | null; devMode: boolean; canSignIn: boolean }) {
  const staff = user?.roles.some((role) => role === "care_provider" || role === "admin");
  const patient = user && (user.roles.length === 0 || user.roles.includes("patient"));
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      {devMode && (
        <p className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">
          Development mode: no identity provider is configured; sign-in is simulated. Never use with real patient data.
        </p>
      )}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-teal-800">
          Hand Assessment
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1 text-sm font-medium">
          {patient && <NavLink href="/dashboard">My dashboard</NavLink>}
          {staff && <NavLink href="/provider">Patients</NavLink>}
          <NavLink href="/reports/new">New report</NavLink>
          <NavLink href="/developers">Developers</NavLink>
        </nav>
        <div className="flex items-center gap-2 text-sm">
          {user ? (
            <>
              <span className="max-w-40 truncate text-slate-700" title={user.email ?? undefined}>
                {user.name ?? user.email ?? "Signed in"}
              </span>
              <SignOutButton />
            </>
          ) : (
            canSignIn && (
              <Link
                href="/signin"
                className="rounded-lg bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
              >
                Sign in
              </Link>
            )
          )}
        </div>
      </div>
    </header>
  );
}
