#!/usr/bin/env node
// The reference server: every flag of `npm start` (publishing-reference --help).
import '../dist/reference/src/cli.js';
