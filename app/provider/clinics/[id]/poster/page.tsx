import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { PrintButton } from "@/components/clinics/print-button";
import { env } from "@/lib/env";
import { joinLink, managedClinic } from "../clinic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("clinics"))("posterTitle"), robots: { index: false } };
}

/** The waiting-room poster: the clinic's join code in large type and as a QR code of the join link. On paper only the poster prints. */
export default async function PosterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const clinic = await managedClinic(id, `/provider/clinics/${id}/poster`);
  const link = joinLink(clinic);
  const t = await getTranslations("clinics");
  // Made here from the clinic's own link (no input of anyone's), so the markup is safe to inline.
  const qr = await QRCode.toString(link, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#0f172a", light: "#ffffff" },
  });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href={`/provider/clinics/${clinic.id}`} className="text-sm font-semibold text-teal-800 underline underline-offset-2">
          ← {clinic.name}
        </Link>
        <PrintButton label={t("print")} />
      </div>
      <article
        aria-labelledby="poster-title"
        className="mx-auto max-w-2xl rounded-xl border-2 border-slate-300 bg-white p-6 text-center sm:p-10 print:max-w-none print:border-0 print:p-0"
      >
        <p className="text-base font-semibold uppercase tracking-wide text-teal-800">{clinic.name}</p>
        <h1 id="poster-title" className="mt-3 text-2xl font-bold text-slate-900 sm:text-4xl print:text-5xl">
          {t("posterHeading")}
        </h1>
        <p className="mx-auto mt-4 max-w-prose text-slate-800 sm:text-lg print:text-xl">{t("posterText")}</p>
        <div
          role="img"
          aria-label={t("posterQr", { link })}
          className="mx-auto mt-6 w-56 max-w-full sm:w-72 print:w-[9cm] [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <p className="mt-6 text-slate-800 sm:text-lg">{t("posterOr")}</p>
        <p className="mt-2 font-mono text-3xl font-bold tracking-widest text-slate-900 sm:text-5xl print:text-6xl">
          {clinic.formattedJoinCode}
        </p>
        <p className="mt-4 text-sm text-slate-700 [overflow-wrap:anywhere]">{link}</p>
        <p className="mt-6 text-slate-800 [overflow-wrap:anywhere]">
          {t("posterMeasure", { link: new URL("/measure", env().FRONTEND_URL).href })}
        </p>
      </article>
    </div>
  );
}
