import Link from "next/link";
import { CodeBox } from "@/components/assessment/code-box";
import { TRY_SAMPLE_TITLE, TrySample } from "@/components/sample/try-sample";
import { Card } from "@/components/ui";
import { isDevAuth } from "@/lib/env";

const AREAS = [
  {
    title: "For patients",
    text: "Measure your hands in the app, keep your results, follow your scores over time and share a report with your clinician.",
    links: [
      { href: "/dashboard", label: "My dashboard" },
      { href: "/reports/new", label: "Create a report" },
    ],
  },
  {
    title: "For care providers",
    text: "See your patients' latest scores and trends, who needs attention, and each patient's history and journal.",
    links: [{ href: "/provider", label: "Patient list" }],
  },
  {
    title: "For developers",
    text: "Send scored assessments from your own app over a REST API and get a shareable code back.",
    links: [
      { href: "/developers", label: "The API at a glance" },
      { href: "/developers/api", label: "API reference" },
    ],
  },
];

export default function Home() {
  return (
    <div className="space-y-10">
      <section aria-labelledby="intro" className="grid gap-6 md:grid-cols-2 md:items-center">
        <div>
          <h1 id="intro" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Hand function, measured and shared by a short code
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            Range of motion, finger-tapping dexterity, pain and arthritis assessments are stored here. Each result gets a six-character code
            you can open, claim to your account, e-mail, or bundle into a report for your clinician.
          </p>
          <p className="mt-2 text-sm text-slate-700">Results are measurements, not a medical diagnosis.</p>
        </div>
        <div className="space-y-4">
          <Card title="Have a code?">
            <p className="mb-3 text-sm text-slate-700">Enter the code shown after your assessment.</p>
            <CodeBox />
          </Card>
          <Card title={TRY_SAMPLE_TITLE}>
            <TrySample development={isDevAuth()} />
          </Card>
        </div>
      </section>
      <section aria-label="Who it is for" className="grid gap-4 md:grid-cols-3">
        {AREAS.map((area) => (
          <Card key={area.title} title={area.title}>
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
        ))}
      </section>
    </div>
  );
}
