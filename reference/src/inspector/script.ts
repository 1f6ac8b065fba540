/**
 * The inspector's one script, inline and allowed by its hash (it is the same
 * on every page). Everything works without it except what needs it: the
 * Mail page's live list, copy buttons and the analytics query box. It builds
 * every node with textContent, never markup from data.
 */
export const INSPECTOR_SCRIPT = `
(() => {
  const live = document.querySelector('[data-live-stamp]');
  if (live) {
    let stamp = live.getAttribute('data-stamp');
    const status = document.getElementById('live-status');
    const poll = async () => {
      try {
        const res = await fetch(live.getAttribute('data-live-stamp'), { credentials: 'same-origin', cache: 'no-store' });
        // Signed out, or a server restarted with a token: stop asking until the page is reloaded.
        if (res.status === 401) clearInterval(timer);
        if (!res.ok) return;
        const next = await res.text();
        if (next === stamp) return;
        stamp = next;
        const page = await fetch(location.href, { credentials: 'same-origin', cache: 'no-store' });
        if (!page.ok) {
          if (status) status.textContent = 'The mail changed; reload the page to see it.';
          return;
        }
        const doc = new DOMParser().parseFromString(await page.text(), 'text/html');
        const fresh = doc.getElementById(live.id);
        if (!fresh) return;
        live.replaceChildren(...fresh.childNodes);
        live.setAttribute('data-stamp', next);
        if (status) status.textContent = 'New mail arrived: the list is up to date.';
      } catch {
        // The server stopped or restarted: try again on the next tick.
      }
    };
    const timer = setInterval(poll, 1500);
  }

  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', async () => {
      const source = document.getElementById(button.getAttribute('data-copy'));
      if (!source) return;
      try {
        await navigator.clipboard.writeText(source.textContent);
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Select the text to copy';
      }
    });
  }

  const query = document.getElementById('analytics-form');
  if (query) {
    const out = document.getElementById('analytics-result');
    query.addEventListener('submit', async (event) => {
      event.preventDefault();
      const form = new FormData(query);
      out.replaceChildren();
      const note = document.createElement('p');
      note.textContent = 'Running...';
      out.append(note);
      try {
        const res = await fetch('/v1/analytics/query', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + form.get('key'), 'Content-Type': 'application/json' },
          body: JSON.stringify({ sql: form.get('sql') }),
        });
        const body = await res.json();
        out.replaceChildren();
        if (!res.ok) {
          const error = document.createElement('p');
          error.className = 'flash error';
          error.setAttribute('role', 'alert');
          error.textContent = res.status + ': ' + (body.msg || 'the query failed');
          out.append(error);
          return;
        }
        const rows = Array.isArray(body.rows) ? body.rows : [];
        const columns = Array.isArray(body.fields) ? body.fields.map((f) => f.name) : rows[0] ? Object.keys(rows[0]) : [];
        const summary = document.createElement('p');
        summary.className = 'muted';
        summary.textContent = rows.length + ' row' + (rows.length === 1 ? '' : 's') + (body.truncated ? ' (cut at 10,000)' : '');
        const wrap = document.createElement('div');
        wrap.className = 'table-wrap';
        const table = document.createElement('table');
        const head = table.createTHead().insertRow();
        for (const c of columns) {
          const th = document.createElement('th');
          th.textContent = c;
          head.append(th);
        }
        const tbody = table.createTBody();
        for (const row of rows) {
          const tr = tbody.insertRow();
          for (const c of columns) {
            const value = row[c];
            tr.insertCell().textContent = value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
          }
        }
        wrap.append(table);
        out.append(summary, wrap);
      } catch (error) {
        out.replaceChildren();
        const failed = document.createElement('p');
        failed.className = 'flash error';
        failed.textContent = 'The query could not be sent: ' + error.message;
        out.append(failed);
      }
    });
  }
})();
`;
