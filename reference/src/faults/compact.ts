/**
 * The compact rule syntax of `--fault` (one rule per flag), turned into the
 * body POST /_control/faults takes, so both are validated by one schema:
 *
 *   [METHOD] [/path*] [status=503] [retry-after=S] [drop] [stall] [truncate]
 *   [latency=MS | latency=MIN-MAX] [times=N] [probability=P] [mode=after]
 *   [key=API_KEY] [header=Name[:value]] [id=NAME]
 *
 * e.g. `POST /v1/posts* status=503 times=2`, `/v1/* latency=200-800`,
 * `POST /v1/posts drop mode=after times=1`.
 */
import { z } from 'zod';
import { FaultRuleInput, type FaultRuleInputT } from '../../../schemas/control-faults.js';
import { describeIssue } from '../http/validate.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ACTION_WORDS = new Set(['drop', 'stall', 'truncate']);

/** A rule from its compact form; throws an Error whose message names the bad part. */
export function parseCompactFault(text: string): FaultRuleInputT {
  const rule: Record<string, unknown> = {};
  const match: Record<string, unknown> = {};
  const action: Record<string, unknown> = {};
  const setAction = (type: string) => {
    if (action.type !== undefined) throw new Error(`"${text}": one action per rule (${String(action.type)} and ${type} given)`);
    action.type = type;
  };
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    if (METHODS.has(word)) match.method = word;
    else if (word.startsWith('/')) match.path = word;
    else if (ACTION_WORDS.has(word)) setAction(word);
    else {
      const eq = word.indexOf('=');
      if (eq < 1) throw new Error(`"${text}": cannot read "${word}" (expected a method, a path, drop, stall, truncate or key=value)`);
      const [key, value] = [word.slice(0, eq), word.slice(eq + 1)];
      switch (key) {
        case 'status':
          setAction('status');
          action.status = Number(value);
          break;
        case 'retry-after':
          action.retryAfter = Number(value);
          break;
        case 'latency': {
          const range = /^(\d+)-(\d+)$/.exec(value);
          rule.latencyMs = range ? { min: Number(range[1]), max: Number(range[2]) } : Number(value);
          break;
        }
        case 'times':
        case 'probability':
          rule[key] = Number(value);
          break;
        case 'mode':
        case 'id':
          rule[key] = value;
          break;
        case 'key':
          match.apiKey = value;
          break;
        case 'header': {
          const colon = value.indexOf(':');
          match.header = colon < 0 ? { name: value } : { name: value.slice(0, colon), value: value.slice(colon + 1) };
          break;
        }
        default:
          throw new Error(`"${text}": unknown key ${key} (status, retry-after, latency, times, probability, mode, key, header, id)`);
      }
    }
  }
  if (Object.keys(match).length > 0) rule.match = match;
  if (Object.keys(action).length > 0) rule.action = action;
  const parsed = FaultRuleInput.safeParse(rule);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    // A rule-wide issue names the rule itself ("a rule needs ..."); a field's is named by its path.
    throw new Error(`"${text}": ${issue.path.length === 0 ? issue.message : describeIssue(issue)}`);
  }
  return parsed.data;
}
