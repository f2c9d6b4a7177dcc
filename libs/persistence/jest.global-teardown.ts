export default async function teardown(): Promise<void> {
  await (globalThis as { __testDatabase?: { drop(): Promise<void> } }).__testDatabase?.drop();
}
