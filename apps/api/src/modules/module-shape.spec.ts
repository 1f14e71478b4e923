import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every module has the same folders (docs/ARCHITECTURE.md, "Add a bounded context"): what it decides, what it is
 * asked, what it reads and reacts to, its HTTP edge, and its adapters and stores in `infrastructure/` (one subfolder
 * per outside system where it talks to several). A module that needs another kind of folder changes this list and
 * the docs, for every module.
 */
const FOLDERS = new Set(['commands', 'queries', 'domain', 'projections', 'reactions', 'http', 'infrastructure']);

const MODULES = __dirname;
const modules = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());

function foldersOf(module: string): string[] {
  return readdirSync(join(MODULES, module)).filter((name) => statSync(join(MODULES, module, name)).isDirectory());
}

describe('the module shape', () => {
  it('finds the modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['teams', 'conversations', 'mail', 'rules', 'notifications']));
  });

  it.each(modules)('%s has only the shape’s folders', (module) => {
    expect(foldersOf(module).filter((folder) => !FOLDERS.has(folder))).toEqual([]);
  });
});
