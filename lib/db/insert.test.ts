// insertTree against an in-process database (PostgreSQL with TEST_DATABASE_URL): a tree of rows
// goes in as one statement, linked by the ids it makes, and all of it or none of it is stored.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { RowNode } from "@/lib/db/insert";
import type { TestDatabase } from "@/test/support/database";
import { dropDatabase, useFreshDatabase } from "@/test/support/in-process-db";

let database: TestDatabase;
let insertTree: typeof import("@/lib/db/insert").insertTree;
let withConnection: typeof import("@/lib/db").withConnection;

before(async () => {
  database = await useFreshDatabase();
  ({ insertTree } = await import("@/lib/db/insert"));
  ({ withConnection } = await import("@/lib/db"));
});
after(async () => {
  await dropDatabase(database);
});

const count = (table: string) =>
  withConnection(async (sql) => Number((await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n));

const assessment = (code: string) => ({
  code,
  assessment_type: "ROM" as const,
  hand: "LEFT" as const,
  result_snapshot: { overallScore: 70 },
  is_anonymous: true,
  date_created: new Date(),
});

const joint = (position: number) => ({ position, joint_id: `j${position}`, min_angle: position, max_angle: 90 });

test("a contact, its assessment and the detail rows below it are linked by the ids the statement makes", async () => {
  const record: RowNode<"assessments"> = {
    row: assessment("ABC234"),
    children: [
      {
        table: "rom_assessments" as const,
        foreignKey: "assessment_id" as const,
        rows: [
          {
            row: { hand: "LEFT" as const, overall_score: 70, lighting_metrics: { meanY: 1 } },
            children: [
              {
                table: "rom_hand_results" as const,
                foreignKey: "rom_assessment_id" as const,
                rows: [
                  {
                    row: { hand: "LEFT" as const },
                    children: [
                      {
                        table: "rom_joint_results" as const,
                        foreignKey: "hand_result_id" as const,
                        rows: [0, 1, 2].map((i) => ({ row: joint(i) })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const contact: RowNode<"contacts"> = {
    row: { kind: "ANONYMOUS", updated_at: new Date() },
    children: [{ table: "assessments", foreignKey: "owner_id", rows: [record] }],
  };
  const ids = await withConnection((sql) => insertTree(sql, "contacts", contact));
  const [stored] = await withConnection((sql) =>
    sql.query<Record<string, unknown>>(
      `SELECT a.id, a.owner_id, a.result_snapshot, r.lighting_metrics, array_agg(j.joint_id ORDER BY j.position) AS joints
         FROM assessments a JOIN rom_assessments r ON r.assessment_id = a.id JOIN rom_hand_results h ON h.rom_assessment_id = r.id
         JOIN rom_joint_results j ON j.hand_result_id = h.id WHERE a.code = 'ABC234' GROUP BY a.id, r.lighting_metrics`,
    ),
  );
  assert.equal(stored!.id, ids.get(record));
  assert.equal(stored!.owner_id, ids.get(contact));
  assert.deepEqual(stored!.result_snapshot, { overallScore: 70 });
  assert.deepEqual(stored!.lighting_metrics, { meanY: 1 });
  assert.deepEqual(stored!.joints, ["j0", "j1", "j2"]);
});

test("a statement that fails anywhere stores none of its rows (a code taken already: no contact is left behind)", async () => {
  const before = { contacts: await count("contacts"), assessments: await count("assessments") };
  const contact = {
    row: { kind: "ANONYMOUS" as const, updated_at: new Date() },
    children: [{ table: "assessments" as const, foreignKey: "owner_id" as const, rows: [{ row: assessment("ABC234") }] }],
  };
  await assert.rejects(
    withConnection((sql) => insertTree(sql, "contacts", contact)),
    (error: { code?: string }) => error.code === "23505",
  );
  assert.deepEqual({ contacts: await count("contacts"), assessments: await count("assessments") }, before);
});
