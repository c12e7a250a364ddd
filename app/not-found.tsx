import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { CodeBox } from "@/components/assessment/code-box";
import { Card, LinkButton, PageHeading } from "@/components/ui";
import { normalizeInputCode } from "@/lib/web/codes";
import { PAGE_PATH_HEADER } from "@/lib/web/page-path";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notFound"))("title"), robots: { index: false } };
}

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

async function Explanation({ path }: { path: string | null }) {
  const t = await getTranslations("notFound");
  const asked = codeIn(path);
  if (!asked) return <p>{t("noPage")}</p>;
  const code = normalizeInputCode(asked.typed);
  if (!code) return <p>{t("notACode", { typed: asked.typed })}</p>;
  const formatted = `${code.slice(0, 3)}-${code.slice(3)}`;
  return <p>{t("noSuchCode", { kind: asked.kind, code: formatted })}</p>;
}

export default async function NotFound() {
  const path = (await headers()).get(PAGE_PATH_HEADER);
  const t = await getTranslations("notFound");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeading title={t("heading")}>
        <Explanation path={path} />
      </PageHeading>
      <Card title={t("tryAnother")}>
        <CodeBox />
      </Card>
      <LinkButton href="/" variant="secondary">
        {t("back")}
      </LinkButton>
    </div>
  );
}
