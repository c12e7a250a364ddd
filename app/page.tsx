import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CodeBox } from "@/components/assessment/code-box";
import { TrySample } from "@/components/sample/try-sample";
import { Card } from "@/components/ui";
import { isDevAuth } from "@/lib/env";

type Area = { title: string; text: string; links: { href: string; label: string }[] };

/** Who the service is for, each with where to start. */
async function homeAreas(): Promise<Area[]> {
  const t = await getTranslations("home");
  return [
    {
      title: t("patients.title"),
      text: t("patients.text"),
      links: [
        { href: "/measure", label: t("patients.measure") },
        { href: "/dashboard", label: t("patients.dashboard") },
        { href: "/reports/new", label: t("patients.report") },
      ],
    },
    { title: t("providers.title"), text: t("providers.text"), links: [{ href: "/provider", label: t("providers.list") }] },
    {
      title: t("developers.title"),
      text: t("developers.text"),
      links: [
        { href: "/developers", label: t("developers.glance") },
        { href: "/developers/api", label: t("developers.reference") },
      ],
    },
  ];
}

export default async function Home() {
  const t = await getTranslations("home");
  const sample = await getTranslations("trySample");
  const areas = await homeAreas();
  return (
    <div className="space-y-10">
      <section aria-labelledby="intro" className="grid gap-6 md:grid-cols-2 md:items-center">
        <div>
          <h1 id="intro" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t("title")}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{t("intro")}</p>
          <p className="mt-2 text-sm text-slate-700">{t("notDiagnosis")}</p>
        </div>
        <div className="space-y-4">
          <Card title={t("haveCode")}>
            <p className="mb-3 text-sm text-slate-700">{t("enterCode")}</p>
            <CodeBox />
          </Card>
          <Card title={sample("title")}>
            <TrySample development={isDevAuth()} />
          </Card>
        </div>
      </section>
      <section aria-label={t("whoFor")} className="grid gap-4 md:grid-cols-3">
        {areas.map((area) => (
          <AreaCard key={area.title} area={area} />
        ))}
      </section>
    </div>
  );
}

function AreaCard({ area }: { area: Area }) {
  return (
    <Card title={area.title}>
      <p className="text-sm text-slate-700">{area.text}</p>
      <ul className="mt-3 space-y-1 text-sm">
        {area.links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
