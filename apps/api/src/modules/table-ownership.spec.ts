import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every table is private to the module that writes it: another module reads it only through the owner's entry (a
 * query, a read port) or keeps its own read model from the owner's events. The owners of a table are the modules whose
 * production code writes it (INSERT INTO / UPDATE / DELETE FROM); a FROM or JOIN of it in another module is a read of
 * another module's table, and so is a TypeORM repository (`@InjectRepository`, `TypeOrmModule.forFeature`) of a read
 * model class another module declares. `users` is the one shared view (members' display names).
 */
const SHARED_VIEWS = new Set(['users']);

const MODULES = __dirname;
const MIGRATIONS = join(__dirname, '..', 'migrations');

interface SourceFile {
  module: string;
  file: string;
  code: string;
}

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

function moduleSources(): SourceFile[] {
  const modules = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());
  return modules.flatMap((module) =>
    sourceFiles(join(MODULES, module)).map((file) => ({
      module,
      file: relative(MODULES, file),
      code: withoutComments(readFileSync(file, 'utf8')),
    })),
  );
}

/** `module -> table: file` for each SQL read of a table that only other modules write. */
export function foreignReads(tables: ReadonlySet<string>, sources: readonly SourceFile[]): string[] {
  const writers = new Map<string, Set<string>>();
  const reads: { module: string; table: string; file: string }[] = [];
  for (const { module, file, code } of sources) {
    for (const [, , table] of code.matchAll(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
      const name = table.toLowerCase();
      writers.set(name, (writers.get(name) ?? new Set()).add(module));
    }
    for (const [, , table] of code.matchAll(/\b(FROM|JOIN)\s+"?([a-z_][a-z0-9_]*)"?/gi))
      reads.push({ module, table: table.toLowerCase(), file });
  }
  const found = reads.filter(
    ({ module, table }) =>
      tables.has(table) && !SHARED_VIEWS.has(table) && writers.has(table) && !writers.get(table)?.has(module),
  );
  return [...new Set(found.map(({ module, table, file }) => `${module} -> ${table}: ${file}`))].sort();
}

/** `module -> Class: file` for each TypeORM repository of a read model class that another module declares. */
export function foreignRepositories(sources: readonly SourceFile[]): string[] {
  const home = new Map<string, string>();
  for (const { module, code } of sources)
    for (const [, name] of code.matchAll(/@Entity\([^)]*\)(?:\s*@\w+\([^)]*\))*\s*export\s+class\s+(\w+)/g))
      home.set(name, module);
  const found = new Set<string>();
  for (const { module, file, code } of sources) {
    const used = [
      ...[...code.matchAll(/@InjectRepository\(\s*(\w+)\s*\)/g)].map(([, name]) => name),
      ...[...code.matchAll(/forFeature\(\s*\[([^\]]*)\]/g)].flatMap(([, names]) =>
        names.split(',').map((name) => name.trim()),
      ),
    ];
    for (const name of used) {
      const owner = home.get(name);
      if (owner && owner !== module) found.add(`${module} -> ${name}: ${file}`);
    }
  }
  return [...found].sort();
}

describe("every table is private to its module: no module reads another module's table", () => {
  const sources = moduleSources();

  it("finds no SQL read of another module's table", () => {
    // Read it through the owner's entry (its index.ts: a query or a read port), or keep a read model of your own
    // from the owner's events.
    expect(foreignReads(tablesOfMigrations(), sources)).toEqual([]);
  });

  it("finds no TypeORM repository of another module's read model", () => {
    expect(foreignRepositories(sources)).toEqual([]);
  });

  it('knows the tables and their writers, and would see a read of another module (the rule is not vacuous)', () => {
    const tables = tablesOfMigrations();
    expect(tables.has('inbox_email')).toBe(true);
    expect(tables.has('rule')).toBe(true);
    const owner = { module: 'a', file: 'a/store.ts', code: 'INSERT INTO rule (id) VALUES ($1)' };
    const reader = { module: 'b', file: 'b/reader.ts', code: 'SELECT r.id FROM users u JOIN rule r ON r.id = u.id' };
    expect(foreignReads(tables, [owner, reader])).toEqual(['b -> rule: b/reader.ts']);
    expect(foreignReads(tables, [owner, { ...reader, module: 'a' }])).toEqual([]);
    expect(
      foreignRepositories([
        { module: 'a', file: 'a/x.read-model.ts', code: "@Entity('x')\nexport class XReadModel {}" },
        { module: 'b', file: 'b/q.ts', code: 'constructor(@InjectRepository(XReadModel) private readonly x) {}' },
        { module: 'b', file: 'b/b.module.ts', code: 'imports: [TypeOrmModule.forFeature([XReadModel])]' },
      ]),
    ).toEqual(['b -> XReadModel: b/b.module.ts', 'b -> XReadModel: b/q.ts']);
    // The real tree has SQL in many modules: the detector reads them.
    expect(sources.filter(({ code }) => /\bINSERT\s+INTO\b/i.test(code)).length).toBeGreaterThan(10);
  });
});
