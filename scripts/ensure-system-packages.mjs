// Installs, from Debian's packages, what the tests need and npm cannot provide: Chromium for the
// browser tests, the PostgreSQL server for the storage tests, and openssl, which makes the
// certificate of the related-origin passkeys test's https site. Does nothing when all are there.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'postgresql', present: () => existsSync('/usr/lib/postgresql') },
  { pkg: 'openssl', present: () => existsSync('/usr/bin/openssl') },
].filter((item) => !item.present());

if (needed.length > 0) {
  const names = needed.map((item) => item.pkg).join(' ');
  if (process.getuid?.() !== 0) {
    console.error(`The tests need Debian's ${names}. Install them as root: apt-get install -y ${names}`);
    process.exit(1);
  }
  console.log(`Installing ${names} from Debian's packages...`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, { stdio: 'inherit' });
}
