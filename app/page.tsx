export default function Home() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold">Hand Assessment</h1>
      <p className="mt-4 text-slate-700">
        Range of motion, dexterity, pain and arthritis assessments, stored and shared by a short code.
      </p>
    </main>
  );
}
