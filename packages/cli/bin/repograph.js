#!/usr/bin/env node
// The `repograph` command. All logic lives in dist/main.js; only this file calls process.exit.
import { main } from '../dist/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error) => {
    process.stderr.write(`repograph: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
