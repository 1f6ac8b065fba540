/**
 * The one inline script of report.html: filters by status and area, a
 * search box, expand/collapse of the failures. Without it the report still
 * reads whole (the filter bar stays hidden and everything is shown). It
 * reads only data-* attributes the report wrote; nothing from the target
 * is ever evaluated.
 */
export const REPORT_SCRIPT = `
(function () {
  var bar = document.getElementById('filters');
  if (!bar || !document.querySelectorAll) return;
  bar.hidden = false;
  var items = Array.prototype.slice.call(document.querySelectorAll('.f'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('.section-group, .area-group'));
  var count = document.getElementById('shown-count');
  function value(name) { var el = bar.querySelector('[name="' + name + '"]'); return el ? el.value : ''; }
  function apply() {
    var statuses = {};
    Array.prototype.forEach.call(bar.querySelectorAll('input[name="status"]'), function (box) { statuses[box.value] = box.checked; });
    var area = value('area');
    var query = value('q').trim().toLowerCase();
    var shown = 0;
    items.forEach(function (el) {
      var ok = statuses[el.getAttribute('data-status')] !== false
        && (!area || (' ' + el.getAttribute('data-area') + ' ').indexOf(' ' + area + ' ') >= 0)
        && (!query || el.getAttribute('data-text').indexOf(query) >= 0);
      el.hidden = !ok;
      if (ok) shown++;
    });
    groups.forEach(function (group) { group.hidden = !group.querySelector('.f:not([hidden])'); });
    if (count) count.textContent = shown + ' of ' + items.length + ' shown';
  }
  function setOpen(open) {
    Array.prototype.forEach.call(document.querySelectorAll('details.failure'), function (d) { d.open = open; });
  }
  bar.addEventListener('input', apply);
  bar.addEventListener('change', apply);
  bar.addEventListener('reset', function () { setTimeout(apply, 0); });
  document.getElementById('expand-all').addEventListener('click', function () { setOpen(true); });
  document.getElementById('collapse-all').addEventListener('click', function () { setOpen(false); });
  // A link to something the filters hide clears them, and opens what it points at.
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) return;
    if (target.closest && target.closest('[hidden]')) { bar.reset(); apply(); }
    if (target.tagName === 'DETAILS') target.open = true;
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
  apply();
  if (location.hash) reveal();
})();
`;
