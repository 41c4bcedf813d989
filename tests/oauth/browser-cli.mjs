// The "web browser" that mcp-remote opens: `node browser-cli.mjs <authorization URL>`. mcp-remote
// calls the npm `open` package, whose bundled xdg-open (no desktop here) runs $BROWSER with the
// URL; mcp-remote.test.mjs points BROWSER at a two-line sh script that runs this file. It signs
// in as $OAUTH_TEST_USER (default alice) through browser.mjs, GETs the loopback callback that
// mcp-remote listens on (which makes mcp-remote exchange the code), appends one JSON line about
// the run to $OAUTH_BROWSER_LOG, and exits: 0 when a code was delivered, 1 otherwise.
// Trusts the test CA through NODE_EXTRA_CA_CERTS, inherited from mcp-remote's environment.
import fs from 'node:fs';
import { authorize } from './browser.mjs';

const url = process.argv[2];
const record = { pid: process.pid, url };
try {
  const result = await authorize(url, { user: process.env.OAUTH_TEST_USER || 'alice', followCallback: true });
  Object.assign(record, {
    code: Boolean(result.code), state: result.state, iss: result.iss, error: result.error,
    callbackUrl: result.callbackUrl, callbackStatus: result.callbackStatus,
  });
} catch (error) {
  record.failure = String(error?.stack ?? error);
}
if (process.env.OAUTH_BROWSER_LOG) fs.appendFileSync(process.env.OAUTH_BROWSER_LOG, `${JSON.stringify(record)}\n`);
process.exit(record.code && record.callbackStatus === 200 ? 0 : 1);
