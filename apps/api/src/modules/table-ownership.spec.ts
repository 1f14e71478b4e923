import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every table is private to the module that writes it: another module reads it only through the owner's entry (a
 * query, a read port) or keeps its own read model from the owner's events. The owners of a table are the modules whose
 * production code writes it (INSERT INTO / UPDATE / DELETE FROM); a FROM or JOIN of it in another module is a read of
 * another module's table. `users` is the one shared view (members' display names).
 *
 * The reads that remain from before this rule are listed below, each with the file that makes it: the list only
 * shrinks. A new read fails this test; a listed read that is gone fails it too, until its line is removed.
 */
const SHARED_VIEWS = new Set(['users']);

const KNOWN_FOREIGN_READS: readonly string[] = [
  'rules -> email_label: rules/commands/team-references.ts',
  'rules -> email_label: rules/reactions/rules-engine.facts.ts',
  'rules -> email_reply: rules/reactions/rules-engine.facts.ts',
  'rules -> email_thread: rules/reactions/rules-engine.facts.ts',
  'rules -> inbox_email: rules/reactions/rules-engine.facts.ts',
];

const MODULES = __dirname;
const MIGRATIONS = join(__dirname, '..', 'migrations');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The code without its comments (a table named in a comment is not read). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function tablesOfMigrations(): Set<string> {
  const tables = new Set<string>();
  for (const file of sourceFiles(MIGRATIONS))
    for (const [, table] of withoutComments(readFileSync(file, 'utf8')).matchAll(
      /CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?\s*\(/gi,
    ))
      tables.add(table.toLowerCase());
  return tables;
}

function foreignReads(): string[] {
  const tables = tablesOfMigrations();
  const writers = new Map<string, Set<string>>();
  const reads: { module: string; table: string; file: string }[] = [];
  const modules = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());
  for (const module of modules)
    for (const file of sourceFiles(join(MODULES, module))) {
      const code = withoutComments(readFileSync(file, 'utf8'));
      for (const [, , table] of code.matchAll(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
        const name = table.toLowerCase();
        writers.set(name, (writers.get(name) ?? new Set()).add(module));
      }
      for (const [, , table] of code.matchAll(/\b(FROM|JOIN)\s+"?([a-z_][a-z0-9_]*)"?/gi))
        reads.push({ module, table: table.toLowerCase(), file: relative(MODULES, file) });
    }
  const found = reads.filter(
    ({ module, table }) =>
      tables.has(table) && !SHARED_VIEWS.has(table) && writers.has(table) && !writers.get(table)?.has(module),
  );
  return [...new Set(found.map(({ module, table, file }) => `${module} -> ${table}: ${file}`))].sort();
}

describe("every table is private to its module: no module reads another module's table", () => {
  const found = foreignReads();

  it("finds no read of another module's table beyond those listed from before the rule", () => {
    const added = found.filter((read) => !KNOWN_FOREIGN_READS.includes(read));
    // Read it through the owner's entry (its index.ts: a query or a read port), or keep a read model of your own
    // from the owner's events.
    expect(added).toEqual([]);
  });

  it('lists only reads that still exist (the list shrinks as they go)', () => {
    expect(KNOWN_FOREIGN_READS.filter((read) => !found.includes(read))).toEqual([]);
  });

  it('knows the tables and their owners (the rule is not vacuous)', () => {
    const tables = tablesOfMigrations();
    expect(tables.has('inbox_email')).toBe(true);
    expect(tables.has('rule')).toBe(true);
    expect(found.length).toBeGreaterThan(0);
  });
});
