import type { Metadata } from "next";
import { headers } from "next/headers";
import { CodeBox } from "@/components/assessment/code-box";
import { Card, LinkButton, PageHeading } from "@/components/ui";
import { normalizeInputCode } from "@/lib/web/codes";
import { PAGE_PATH_HEADER } from "@/lib/web/page-path";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

/** The code of an /a/CODE or /r/CODE path, as typed. */
function codeIn(path: string | null): { kind: "assessment" | "report"; typed: string } | null {
  const match = path?.match(/^\/(a|r)\/([^/]+)\/?$/);
  if (!match) return null;
  let typed: string;
  try {
    typed = decodeURIComponent(match[2]!);
  } catch {
    typed = match[2]!;
  }
  return { kind: match[1] === "a" ? "assessment" : "report", typed: typed.slice(0, 40) };
}

function Explanation({ path }: { path: string | null }) {
  const asked = codeIn(path);
  if (!asked) return <p>The page does not exist. Codes are six letters and digits (for example ABC-234).</p>;
  const code = normalizeInputCode(asked.typed);
  if (!code) {
    return (
      <p>
        <span className="whitespace-nowrap font-mono font-semibold text-slate-900">“{asked.typed}”</span> is not a code: codes are six
        letters and digits, for example ABC-234, without 0, O, 1, I or L. Check it for a typing mistake.
      </p>
    );
  }
  const formatted = `${code.slice(0, 3)}-${code.slice(3)}`;
  return (
    <p>
      No {asked.kind === "assessment" ? "assessment or report" : "report"} has the code{" "}
      <span className="whitespace-nowrap font-mono font-semibold text-slate-900">{formatted}</span>. It may be mistyped, or it has expired:
      results that were never claimed to an account expire 90 days after they were taken.
    </p>
  );
}

export default async function NotFound() {
  const path = (await headers()).get(PAGE_PATH_HEADER);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title="We could not find that">
        <Explanation path={path} />
      </PageHeading>
      <Card title="Try another code">
        <CodeBox />
      </Card>
      <LinkButton href="/" variant="secondary">
        Back to the start
      </LinkButton>
    </div>
  );
}
