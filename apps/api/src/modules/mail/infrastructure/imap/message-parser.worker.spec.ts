import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SWC_REGISTER = join(__dirname, '../../../../../test/support/swc-register.js');
const WORKER = join(__dirname, 'message-parser.worker.ts');
/** What the worker thread loads besides workerpool (the worker itself runs only in a thread). */
const PROTOCOL = join(__dirname, 'message-parser.protocol.ts');

describe('the parser worker thread', () => {
  it('loads the parser and the HTML sanitiser without Nest or TypeORM (it imports light files only)', () => {
    const imports = [...readFileSync(WORKER, 'utf8').matchAll(/from '([^']+)'/g)].map(([, from]) => from);
    expect(imports.sort()).toEqual(['./message-parser.protocol', 'workerpool']);
    const script = `require(${JSON.stringify(PROTOCOL)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
    const loaded: string[] = JSON.parse(
      execFileSync(process.execPath, ['--require', SWC_REGISTER, '-e', script], { encoding: 'utf8', timeout: 60_000 }),
    );
    const ours = loaded.filter((file) => !file.includes('node_modules')).map((file) => file.replace(/\\/g, '/'));
    expect(ours).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/mail\/infrastructure\/imap\/message-parser\.ts$/),
        expect.stringMatching(/conversations\/domain\/email-html\.ts$/),
      ]),
    );
    expect(loaded.filter((file) => /node_modules[\\/](@nestjs|typeorm)[\\/]/.test(file))).toEqual([]);
  });
});
