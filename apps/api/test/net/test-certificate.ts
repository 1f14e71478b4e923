import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  /** PEM certificate, also the CA to trust (it signs itself). */
  cert: string;
  key: string;
}

/** A self-signed P-256 certificate for the given DNS names (and 127.0.0.1), valid for a day; made with openssl. */
export function testCertificate(names: string[] = ['localhost']): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'teaminbox-cert-'));
  try {
    const san = [...names.map((name) => `DNS:${name}`), 'IP:127.0.0.1'].join(',');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${san}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
