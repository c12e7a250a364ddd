// The clinic of a clinic admin page, for the people who manage it: its clinic admins and the
// service admin. Everyone else (its clinicians included) gets the not-found page, as for a clinic
// that does not exist.
import { notFound, redirect } from "next/navigation";
import { manages, type Clinic } from "@/components/clinics/types";
import { env } from "@/lib/env";
import { callApi } from "@/lib/web/api";
import { currentUser, isStaff } from "@/lib/web/auth";

export async function managedClinic(id: string, path: string): Promise<Clinic> {
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  if (!isStaff(user)) notFound();
  const answer = await callApi<Clinic>(`/clinics/${id}`);
  if (!answer.ok) {
    if (answer.status === 404 || answer.status === 403) notFound();
    throw new Error(`the clinic could not be read (${answer.status})`);
  }
  if (!manages(answer.data, user.roles.includes("admin"))) notFound();
  return answer.data;
}

/** What the poster's QR code opens: the patient's dashboard with the code filled in, to confirm. */
export const joinLink = (clinic: Clinic) => `${new URL("/dashboard", env().FRONTEND_URL).href}?join=${clinic.joinCode}`;
