// E-mails in the sender's language: Accept-Language on the API (the web proxy sets it from the
// language switcher), English otherwise. Through the Resend stand-in, so the real SDK sends.
// Own server: its own mail stand-in and FRONTEND_URL: it reads the links in what was sent.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { painBody, romBody } from "@/lib/assessments/examples";
import { apiClient, checked } from "@/test/support/http";
import { startResend, type ResendStandIn } from "@/test/support/resend";
import { startServer, type TestServer } from "@/test/support/server";

let server: TestServer;
let resend: ResendStandIn;
let api: ReturnType<typeof apiClient>;

before(async () => {
  resend = await startResend();
  server = await startServer({ env: { ...resend.env, FRONTEND_URL: "https://hands.example.org" } });
  api = apiClient(server.origin);
});
after(async () => {
  await server.stop();
  await resend.close();
});

async function create(path: string, body: unknown): Promise<{ code: string; formattedCode: string }> {
  const res = await api.post(`/assessments/${path}`, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

test("a code e-mailed by a Spanish-speaking sender arrives in Spanish, kind named in Spanish", async () => {
  const { code, formattedCode } = await create("rom", romBody);
  const before = resend.emails().length;
  const res = await api.post(
    `/lookup/${code}/email`,
    { email: "paciente@example.com" },
    { headers: { "accept-language": "es-ES,es;q=0.9" } },
  );
  assert.equal(res.status, 200);
  const mail = resend.emails().slice(before)[0]!;
  assert.equal(mail.subject, `Su código de evaluación de la mano ${formattedCode} del Servicio de Evaluación de la Mano`);
  assert.match(mail.text ?? "", /^Hola:/);
  assert.match(mail.text ?? "", new RegExp(`este código de evaluación de amplitud de movimiento: ${formattedCode}\\.`));
  assert.match(mail.text ?? "", new RegExp(`Vea el resultado: https://hands\\.example\\.org/a/${formattedCode}`));
  assert.match(mail.text ?? "", /Ha recibido este correo porque alguien introdujo su dirección en hands\.example\.org\./);
  assert.doesNotMatch(mail.text ?? "", /Hello|assessment code/);
});

test("without Accept-Language, or with a language not offered, the code e-mail is English", async () => {
  const { code, formattedCode } = await create("pain-v2", painBody);
  for (const headers of [{}, { "accept-language": "de-DE" }] as Record<string, string>[]) {
    const before = resend.emails().length;
    assert.equal((await api.post(`/lookup/${code}/email`, { email: "patient@example.com" }, { headers })).status, 200);
    const mail = resend.emails().slice(before)[0]!;
    assert.equal(mail.subject, `Your hand assessment code ${formattedCode} from the Hand Assessment Service`);
    assert.match(mail.text ?? "", /this pain assessment code/);
  }
});

test("a report e-mailed in Spanish: subject, plural count, link and disclaimer in Spanish, in text and HTML", async () => {
  const codes = [(await create("rom", romBody)).code, (await create("pain-v2", painBody)).code];
  const report = await api.post("/reports", { title: "Mis manos", assessmentCodes: codes });
  assert.equal(report.status, 200);
  const before = resend.emails().length;
  const res = await api.post(`/reports/${report.body.code}/email`, { to: "clinica@example.com" }, { headers: { "accept-language": "es" } });
  assert.equal(res.status, 200);
  const mail = resend.emails().slice(before)[0]!;
  assert.equal(mail.subject, `Informe de evaluación de la mano ${report.body.formattedCode} del Servicio de Evaluación de la Mano`);
  assert.match(
    mail.text ?? "",
    new RegExp(
      `Alguien que no inició sesión, usando el Servicio de Evaluación de la Mano, nos pidió .*\\(2 evaluaciones, código de informe ${report.body.formattedCode}, creado el .+\\)\\.`,
    ),
  );
  assert.match(mail.text ?? "", /No es un diagnóstico médico/);
  assert.match(mail.text ?? "", /Las fechas del PDF están en UTC\./);
  assert.match(
    mail.html ?? "",
    new RegExp(
      `El informe va adjunto en PDF\\. <a href="https://hands\\.example\\.org/r/${report.body.formattedCode}">Véalo en línea</a>\\.`,
    ),
  );
});

test("a report of a named patient e-mailed by them names the patient in the subject and the text", async () => {
  const as = { authorization: "Bearer development", "x-dev-user": "patient", "accept-language": "es" };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.origin}/api${path}`, {
      method: "POST",
      headers: { ...as, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await checked(server.origin, "POST", path, response.clone());
    return response;
  };
  const named = await fetch(`${server.origin}/api/patients/me`, {
    method: "PATCH",
    headers: { ...as, "content-type": "application/json" },
    body: JSON.stringify({ name: "Lucía Martín Ortega" }),
  });
  await checked(server.origin, "PATCH", "/patients/me", named.clone());
  assert.equal(named.status, 200);
  const created = (await (await post("/assessments/rom", romBody)).json()) as { code: string };
  const report = (await (await post("/reports", { title: "Mis manos", assessmentCodes: [created.code] })).json()) as {
    code: string;
    formattedCode: string;
  };
  const before = resend.emails().length;
  assert.equal((await post(`/reports/${report.code}/email`, { to: "clinica@example.com" })).status, 200);
  const mail = resend.emails().slice(before)[0]!;
  assert.equal(
    mail.subject,
    `Informe de evaluación de la mano de Lucía Martín Ortega (${report.formattedCode}) del Servicio de Evaluación de la Mano`,
  );
  assert.match(mail.text ?? "", /El informe es de Lucía Martín Ortega\./);
  assert.match(mail.html ?? "", /<p>El informe es de Lucía Martín Ortega\.<\/p>/);
});
