/**
 * The Clock page: what time the reference reads, whether it runs, the work
 * queued on it with when each falls due, and the moves of POST
 * /_control/clock as buttons (through the same changeClock).
 */
import { Html, html } from '../html.js';
import { badRequest } from '../errors.js';
import type { Clock } from '../clock.js';
import type { Reply, RequestContext } from '../http/types.js';
import { parseOr400 } from '../http/validate.js';
import type { State } from '../state.js';
import { changeClock, type ClockChange } from '../control/clock-change.js';
import { ControlClockChange } from '../../../schemas/control.js';
import { INSPECTOR_PATH } from './access.js';
import type { ActionDone } from './gate.js';
import { csrfInput, page, utc, type Frame } from './layout.js';

const CLOCK_PATH = `${INSPECTOR_PATH}/clock`;

const STEPS: [number, string][] = [
  [60_000, '1 minute'],
  [60 * 60_000, '1 hour'],
  [24 * 60 * 60_000, '1 day'],
  [7 * 24 * 60 * 60_000, '1 week'],
];

export function clockPage(clock: Clock, ctx: RequestContext, frame: Frame): Reply {
  const now = clock.now();
  const queue = clock.pending();
  const rows = queue.map(
    (task) => html`<tr><td class="mono">${utc(task.at)}</td><td>${relative(task.at - now)}</td><td class="wrap">${describe(ctx.state, task.key)}</td><td class="mono wrap muted">${task.key}</td></tr>`,
  );
  const csrf = csrfInput(frame.session);
  const steps = STEPS.map(([ms, label]) => html`<button type="submit" name="advanceMs" value="${ms}">+ ${label}</button>`);
  const body = html`<h1>Clock</h1>
<section class="card" aria-labelledby="clock-heading">
<h2 id="clock-heading">Now</h2>
<p><span class="mono" id="now">${utc(now)}</span> <span class="badge ${clock.frozen ? 'info' : 'ok'}" id="clock-state">${clock.frozen ? 'frozen' : 'running'}</span></p>
<p class="muted">Unix ms <span class="mono">${now}</span>. Every move runs what falls due, in time order, before the page comes back.</p>
<form method="post" action="${CLOCK_PATH}" aria-label="Advance the clock">${csrf}<input type="hidden" name="do" value="advance">
<div class="actions" role="group" aria-label="Advance by">${steps}</div></form>
<div class="actions">
<form method="post" action="${CLOCK_PATH}">${csrf}<input type="hidden" name="do" value="next"><button type="submit" id="next-due"${queue.length ? '' : html` disabled`}>To the next due item</button></form>
<form method="post" action="${CLOCK_PATH}">${csrf}<input type="hidden" name="do" value="${clock.frozen ? 'unfreeze' : 'freeze'}"><button type="submit" id="freeze">${clock.frozen ? 'Unfreeze (run with real time)' : 'Freeze'}</button></form>
</div>
<form method="post" action="${CLOCK_PATH}" class="filters">${csrf}<input type="hidden" name="do" value="to">
<label for="clock-to">Set to (UTC)<input id="clock-to" name="to" type="datetime-local" step="1" required value="${new Date(now).toISOString().slice(0, 19)}"></label>
<button type="submit">Set</button></form>
</section>
<section class="card" aria-labelledby="queue-heading">
<h2 id="queue-heading">Scheduled work (${queue.length})</h2>
${queue.length ? html`<div class="table-wrap"><table id="queue"><thead><tr><th scope="col">due (UTC)</th><th scope="col">in</th><th scope="col">what</th><th scope="col">key</th></tr></thead><tbody>${rows}</tbody></table></div>` : html`<p class="muted">Nothing is scheduled. Schedule a post (<code>scheduledAt</code>), queue a content send, or send mail.</p>`}
</section>`;
  return page(frame, 'clock', 'Clock', body);
}

export function clockAction(clock: Clock, form: URLSearchParams): ActionDone {
  const before = clock.pending();
  const change = parseOr400(ControlClockChange, changeOf(clock, form));
  const after = changeClock(clock, change);
  const left = new Set(clock.pending().map((t) => `${t.at}\n${t.key}`));
  const ran = before.filter((t) => !left.has(`${t.at}\n${t.key}`)).length;
  const moved = change.frozen === undefined ? `Now ${utc(after.now)}` : after.frozen ? `Frozen at ${utc(after.now)}` : `Running from ${utc(after.now)}`;
  return { notice: `${moved}: ${ran} scheduled item${ran === 1 ? '' : 's'} ran.`, next: CLOCK_PATH };
}

/** The change a Clock form asks for, in the control API's terms. */
function changeOf(clock: Clock, form: URLSearchParams): ClockChange {
  switch (form.get('do')) {
    case 'advance':
      return { advanceMs: Number(form.get('advanceMs')) };
    case 'to': {
      const at = Date.parse(`${form.get('to') ?? ''}Z`);
      if (Number.isNaN(at)) throw badRequest('give the time as YYYY-MM-DDTHH:MM(:SS), in UTC');
      return { to: at };
    }
    case 'next': {
      const next = clock.pending()[0];
      if (!next) throw badRequest('nothing is scheduled');
      return { to: Math.max(next.at, clock.now()) };
    }
    case 'freeze':
      return { frozen: true };
    case 'unfreeze':
      return { frozen: false };
    default:
      throw badRequest('unknown clock action: advance, to, next, freeze or unfreeze');
  }
}

/** What a scheduled task will do, in words, from its key (the areas name their tasks). */
function describe(state: State, key: string): Html | string {
  const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (kind === 'post-publish') {
    const post = state.posts.get(id);
    if (!post) return key;
    const slug = state.publications.get(post.publicationId)?.slug;
    const readers = post.sendNewsletter ? state.subscribers.newsletterRecipients(post.publicationId).length : 0;
    return html`Publish “${post.title}” (@${slug})${post.sendNewsletter ? `, with its newsletter to ${readers} subscriber${readers === 1 ? '' : 's'}` : ''}`;
  }
  if (kind === 'content-send') {
    const piece = state.content.get(id);
    return piece ? html`Send the ${piece.kind} “${piece.title}”` : key;
  }
  if (kind === 'outbox') return 'Deliver queued email (one batch)';
  return key;
}

function relative(ms: number): string {
  if (ms <= 0) return 'due now';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return `${Math.ceil(ms / 1000)} s`;
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
