// The authorization server for office-desk's sign-in test (tests/desktop/tst_signin.cpp), which
// is C++ and cannot import provider.mjs: this starts startProvider() (HTTPS, a throwaway CA,
// dynamic registration, PKCE S256, rotating refresh tokens), prints one JSON line on stdout,
//   {"issuer":"https://127.0.0.1:PORT","caFile":"/tmp/.../ca.pem"}
// and serves until its standard input closes (the test ending, however it ends), then stops and
// removes its files. A failure to start (a missing npm module: deps.mjs says what to run) is one
// line on stderr and exit status 1. Not a test file.
//
//   node tests/oauth/desk-provider.mjs [--access-token-ttl SECONDS]
import { startProvider } from './provider.mjs';

const at = process.argv.indexOf('--access-token-ttl');
const accessTokenTtl = at > 0 ? Number(process.argv[at + 1]) : 3600;

let provider;
try {
  if (!(accessTokenTtl > 0)) throw new Error(`--access-token-ttl needs a number of seconds, not ${process.argv[at + 1]}`);
  provider = await startProvider({ accessTokenTtl });
} catch (error) {
  process.stderr.write(`desk-provider: ${error?.message ?? error}\n`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify({ issuer: provider.issuer, caFile: provider.caFile })}\n`);

const stop = async () => {
  await provider.close().catch(() => {});
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
