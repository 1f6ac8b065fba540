#!/usr/bin/env node
// The conformance suite: every flag of `npm run conformance` (publishing-conformance --help).
import '../dist/conformance/src/cli.js';
