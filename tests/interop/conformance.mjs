// The official MCP conformance suite (npm @modelcontextprotocol/conformance, pinned in
// package.json) against `office-mcp --http`, for both frozen requirement sets: 2025-11-25 (the
// initialize handshake and sessions) and 2026-07-28 (stateless, the _meta envelope). Each set
// runs against its own server on its own fresh database:
//
//   conformance server --url http://127.0.0.1:PORT/mcp --requirements SET -o DIR
//
// Then every check of every scenario the suite ran is compared with
// conformance-expected-failures.txt. The run fails on a check that failed and is not listed there,
// on a listed check that did not fail (a stale list), and on a required scenario that left no
// results. The tasks extension's scenarios (not_scored by the suite, reason "extension": optional
// by its rules) are judged like the rest, since office-mcp offers the extension (core/office/tasks.h);
// their checks that need the suite's fixture tools are listed as expected failures with that
// reason. Warnings (SHOULDs) are printed, not judged.
//
//   OFFICE_MCP=build/stdio_server/office-mcp tests/interop/conformance.sh   (ctest -R interop.conformance)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { freshDatabase, freshStateKeys, officeMcpBinary, startHttpServer } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const suiteDir = path.join(here, 'node_modules', '@modelcontextprotocol', 'conformance');
const suiteCli = path.join(suiteDir, 'dist', 'index.js');
const polyfill = path.join(here, 'fs-globsync-polyfill.mjs');
const expectedFile = path.join(here, 'conformance-expected-failures.txt');
const REQUIREMENT_SETS = ['2025-11-25', '2026-07-28'];

/**
 * conformance-expected-failures.txt: one check a line, `SETS SCENARIO:CHECK-ID REASON`, where
 * SETS is one requirement set or several joined by commas; '#' starts a comment. Returns a Map
 * from `SET SCENARIO:CHECK-ID` to the reason.
 */
function readExpectedFailures() {
  const expected = new Map();
  const lines = fs.readFileSync(expectedFile, 'utf8').split('\n');
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const found = /^(\S+)\s+(\S+:\S+)\s+(\S.*)$/.exec(line);
    if (!found) throw new Error(`${path.basename(expectedFile)}:${index + 1}: expected "SETS SCENARIO:CHECK-ID REASON", got: ${raw}`);
    const [, sets, check, reason] = found;
    for (const set of sets.split(',')) {
      if (!REQUIREMENT_SETS.includes(set)) throw new Error(`${path.basename(expectedFile)}:${index + 1}: unknown requirement set ${set}`);
      expected.set(`${set} ${check}`, reason);
    }
  });
  return expected;
}

/** The scenarios a requirement set names for a server, and those it runs without scoring (with why). */
function requirementSet(set) {
  const yaml = parseYaml(fs.readFileSync(path.join(suiteDir, 'requirements', `${set}.yaml`), 'utf8'));
  const notScored = new Map((yaml.not_scored ?? []).filter((entry) => entry.leg === 'server')
    .map((entry) => [entry.scenario, entry.reason]));
  return { required: yaml.server ?? [], notScored };
}

/** Runs the suite for one set against `url`; resolves with its exit status and output. */
function runSuite(set, url, outputDir) {
  return new Promise((resolve, reject) => {
    const args = ['--import', polyfill, suiteCli, 'server', '--url', url, '--requirements', set, '-o', outputDir];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, output, command: `node ${args.join(' ')}` }));
  });
}

/** checks.json of every scenario in `outputDir` (folders `server-SCENARIO-TIMESTAMP`), by scenario. */
function readResults(outputDir) {
  const results = new Map();
  for (const folder of fs.readdirSync(outputDir)) {
    const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    const file = path.join(outputDir, folder, 'checks.json');
    if (fs.existsSync(file)) results.set(scenario, JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  return results;
}

async function main() {
  officeMcpBinary();
  const expected = readExpectedFailures();
  const problems = [];
  const summary = [];

  for (const set of REQUIREMENT_SETS) {
    const { required, notScored } = requirementSet(set);
    const database = freshDatabase();
    const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), `office-mcp-conformance-${set}-`));
    const server = await startHttpServer({ db: database.db, stateKeys: freshStateKeys() });
    let run;
    try {
      console.log(`== conformance ${set}: ${server.url}`);
      run = await runSuite(set, server.url, outputDir);
      console.log(`$ ${run.command.replace(server.url, 'URL')}   (exit ${run.signal ?? run.code})`);
    } finally {
      try {
        await server.stop();
      } catch (error) {
        problems.push(`${set}: ${error.message}`);
      }
      database.remove();
    }

    const results = readResults(outputDir);
    const counts = { passed: 0, failed: 0, expected: 0, warnings: 0, other: 0, total: 0, tasks: 0 };
    for (const scenario of required) {
      if (!results.has(scenario)) problems.push(`${set} ${scenario}: a required scenario left no results (the suite's output is below)`);
    }
    for (const [scenario, checks] of results) {
      const extension = notScored.get(scenario) === 'extension';
      // A check id can repeat within a scenario; its verdict is its worst occurrence.
      const verdicts = new Map();
      for (const check of checks) {
        const worst = verdicts.get(check.id);
        if (!worst || check.status === 'FAILURE' || (check.status === 'WARNING' && worst.status !== 'FAILURE')) verdicts.set(check.id, check);
      }
      for (const [id, check] of verdicts) {
        const key = `${set} ${scenario}:${id}`;
        counts.total += 1;
        if (extension) counts.tasks += 1;
        if (check.status === 'FAILURE') {
          if (expected.has(key)) {
            counts.expected += 1;
          } else {
            counts.failed += 1;
            problems.push(`${key} FAILED: ${check.errorMessage ?? check.description}`);
          }
        } else {
          if (check.status === 'SUCCESS') counts.passed += 1;
          else if (check.status !== 'WARNING') counts.other += 1; // INFO, SKIPPED: nothing to pass or fail
          if (check.status === 'WARNING') {
            counts.warnings += 1;
            console.log(`warning ${key}: ${check.errorMessage ?? check.description}`);
          }
          if (expected.has(key)) problems.push(`${key} is listed as an expected failure but is ${check.status} now: remove it from ${path.basename(expectedFile)}`);
        }
      }
    }
    for (const key of expected.keys()) {
      const [entrySet, check] = key.split(' ');
      const scenario = check.slice(0, check.indexOf(':'));
      const id = check.slice(check.indexOf(':') + 1);
      if (entrySet === set && !results.get(scenario)?.some((c) => c.id === id)) {
        problems.push(`${key} is listed as an expected failure but the suite did not report it: remove it from ${path.basename(expectedFile)}`);
      }
    }
    const line = `conformance ${set}: ${counts.passed} of ${counts.total} checks passed in ${results.size} scenarios, ` +
      `${counts.failed} failed, ${counts.expected} expected failures (the suite's fixture tools, resources and prompts), ` +
      `${counts.warnings} warnings (SHOULDs), ${counts.other} info or skipped; ` +
      `${counts.tasks} of the checks are the tasks extension's`;
    summary.push(line);
    console.log(line);
    if (problems.some((problem) => problem.startsWith(set)) || process.env.CONFORMANCE_VERBOSE) {
      const at = run.output.indexOf('=== SUMMARY ===');
      console.log(at >= 0 ? run.output.slice(at) : run.output);
    }
    fs.rmSync(outputDir, { recursive: true, force: true });
  }

  console.log('');
  for (const line of summary) console.log(line);
  if (problems.length > 0) {
    console.log(`\nconformance: FAILED, ${problems.length} problem(s):`);
    for (const problem of problems) console.log(`  - ${problem}`);
    process.exit(1);
  }
  console.log('conformance: every judged check passed or is an expected failure, and the list of expected failures is current');
}

main().catch((error) => {
  console.error(`conformance: FAILED: ${error.stack ?? error}`);
  process.exit(1);
});
