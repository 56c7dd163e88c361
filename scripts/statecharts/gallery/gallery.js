// The statechart gallery: machines with search, a diagram with pan and zoom, the clicked state's details, changes
// since a revision and model coverage. A plain script (no module, no fetch): it must run from file:// offline.
(() => {
  const machines = window.STATECHARTS ?? [];
  const comparisons = window.STATECHART_CHANGES?.comparisons ?? [];
  const coverage = window.STATECHART_COVERAGE ?? null;
  const charts = new Map();
  const view = { machine: '', state: '', since: '', coverage: false, scale: 1, x: 0, y: 0 };

  const $ = (selector) => document.querySelector(selector);
  const h = (tag, attributes = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined || value === false) continue;
      if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : value);
    }
    for (const child of children.flat(Number.POSITIVE_INFINITY)) {
      if (child !== undefined && child !== null) node.append(child);
    }
    return node;
  };
  const code = (text) => h('code', { text });
  const cssId = (id) => (window.CSS?.escape ? CSS.escape(id) : id.replace(/["\\]/g, '\\$&'));

  // ---------------------------------------------------------------------------------------------------------
  // Chart data: one script per chart, loaded on demand (script tags work from file://, fetch does not).

  window.statechartLoaded = (chart) => charts.set(chart.name, chart);

  function loadChart(name) {
    if (charts.has(name)) return Promise.resolve(charts.get(name));
    return new Promise((resolve, reject) => {
      const script = h('script', { src: `gallery/charts/${name}.js` });
      script.onload = () => (charts.has(name) ? resolve(charts.get(name)) : reject(new Error(`${name}.js`)));
      script.onerror = () => reject(new Error(`gallery/charts/${name}.js is missing; run npm run statecharts`));
      document.head.append(script);
    });
  }

  function statesOf(definition) {
    const all = [];
    const walk = (state) => {
      all.push(state);
      for (const child of Object.values(state.states ?? {})) walk(child);
    };
    walk(definition.root);
    return all;
  }

  const comparison = () => comparisons.find((c) => c.since === view.since);
  const changesOf = (name) => comparison()?.machines.find((m) => m.name === name);
  const coverageOf = (name) => (view.coverage ? coverage?.machines?.[name] : undefined);

  // ---------------------------------------------------------------------------------------------------------
  // Machine list and search

  function renderList() {
    const query = $('#search').value.trim().toLowerCase();
    const list = $('#machine-list');
    list.replaceChildren();
    for (const machine of machines) {
      const haystack = `${machine.name} ${machine.description ?? ''} ${machine.search}`.toLowerCase();
      if (query && !query.split(/\s+/).every((word) => haystack.includes(word))) continue;
      const changes = changesOf(machine.name);
      const badge =
        changes && changes.status !== 'unchanged' ? h('span', { class: 'badge', text: changes.status }) : null;
      list.append(
        h(
          'li',
          {},
          h(
            'a',
            { href: `#${machine.name}`, 'aria-current': machine.name === view.machine ? 'true' : 'false' },
            badge,
            h('span', { class: 'name', text: machine.name }),
            h('span', { class: 'description', text: machine.description ?? '' }),
          ),
        ),
      );
    }
    if (!list.children.length) list.append(h('li', { class: 'empty', text: 'No machine matches.' }));
  }

  // ---------------------------------------------------------------------------------------------------------
  // Diagram, pan and zoom

  const applyTransform = () => {
    $('#canvas').style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  };

  function fitToWindow() {
    const svg = $('#canvas svg');
    if (!svg) return;
    const box = $('#viewport').getBoundingClientRect();
    const width = Number(svg.getAttribute('width'));
    const height = Number(svg.getAttribute('height'));
    view.scale = Math.min(box.width / width, box.height / height, 1.5) * 0.96;
    view.x = (box.width - width * view.scale) / 2;
    view.y = (box.height - height * view.scale) / 2;
    applyTransform();
  }

  /** Centres a state at full size: a link to `#<machine>/<state id>` opens where that state can be read. */
  function focusState(id) {
    const rect = $(`#canvas [data-state="${cssId(id)}"] > rect`);
    if (!rect) return;
    const box = $('#viewport').getBoundingClientRect();
    const { x, y, width, height } = rect.getBBox();
    view.scale = 1;
    view.x = box.width / 2 - (x + width / 2);
    view.y = box.height / 2 - (y + height / 2);
    applyTransform();
  }

  function zoomAt(factor, clientX, clientY) {
    const box = $('#viewport').getBoundingClientRect();
    const px = clientX - box.left;
    const py = clientY - box.top;
    const scale = Math.min(8, Math.max(0.05, view.scale * factor));
    view.x = px - ((px - view.x) * scale) / view.scale;
    view.y = py - ((py - view.y) * scale) / view.scale;
    view.scale = scale;
    applyTransform();
  }

  function zoomCentre(factor) {
    const box = $('#viewport').getBoundingClientRect();
    zoomAt(factor, box.left + box.width / 2, box.top + box.height / 2);
  }

  function installPanZoom() {
    const viewport = $('#viewport');
    let drag = null;
    viewport.addEventListener('pointerdown', (event) => {
      drag = { x: event.clientX, y: event.clientY, startX: view.x, startY: view.y, moved: false };
    });
    window.addEventListener('pointermove', (event) => {
      if (!drag) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      drag.moved = true;
      viewport.classList.add('dragging');
      view.x = drag.startX + dx;
      view.y = drag.startY + dy;
      applyTransform();
    });
    window.addEventListener('pointerup', (event) => {
      const wasClick = drag && !drag.moved;
      drag = null;
      viewport.classList.remove('dragging');
      if (wasClick) onDiagramClick(event.target);
    });
    viewport.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        zoomAt(Math.exp(-event.deltaY * 0.0015), event.clientX, event.clientY);
      },
      { passive: false },
    );
    window.addEventListener('keydown', (event) => {
      if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
      if (event.key === '+' || event.key === '=') zoomCentre(1.25);
      else if (event.key === '-') zoomCentre(0.8);
      else if (event.key === '0') fitToWindow();
    });
    $('#zoom-in').addEventListener('click', () => zoomCentre(1.25));
    $('#zoom-out').addEventListener('click', () => zoomCentre(0.8));
    $('#zoom-fit').addEventListener('click', fitToWindow);
  }

  function onDiagramClick(target) {
    if (!(target instanceof Element) || !target.closest('#canvas')) return;
    const transition = target.closest('[data-transition]');
    const state = target.closest('[data-state]');
    const chart = charts.get(view.machine);
    if (transition && chart) {
      const key = transition.getAttribute('data-transition');
      select(key.slice(0, key.indexOf('|')));
    } else if (state) select(state.getAttribute('data-state'));
    else select('');
  }

  function select(stateId) {
    view.state = stateId;
    history.replaceState(null, '', `#${view.machine}${stateId ? `/${stateId}` : ''}`);
    markSelection();
    renderDetails();
  }

  function markSelection() {
    for (const node of document.querySelectorAll('#canvas .selected, #canvas .outgoing')) {
      node.classList.remove('selected', 'outgoing');
    }
    if (!view.state) return;
    $(`#canvas [data-state="${cssId(view.state)}"]`)?.classList.add('selected');
    for (const node of document.querySelectorAll('#canvas .transition[data-transition]')) {
      const key = node.getAttribute('data-transition');
      if (key.slice(0, key.indexOf('|')) === view.state) node.classList.add('outgoing');
    }
  }

  /** Colours states and transitions: changes since the chosen revision, then walked/unwalked by the model suite. */
  function markOverlays() {
    const classes = ['diff-added', 'diff-changed', 'cov-walked', 'cov-unwalked'];
    for (const node of document.querySelectorAll(classes.map((c) => `#canvas .${c}`).join(','))) {
      node.classList.remove(...classes);
    }
    const mark = (selector, className) => {
      for (const node of document.querySelectorAll(`#canvas ${selector}`)) node.classList.add(className);
    };
    const stateSelector = (id) => `[data-state="${cssId(id)}"]`;
    const transitionSelector = (key) => `[data-transition="${cssId(key)}"]`;
    const changes = changesOf(view.machine);
    if (changes) {
      for (const id of changes.states.added) mark(stateSelector(id), 'diff-added');
      for (const { id } of changes.states.changed) mark(stateSelector(id), 'diff-changed');
      for (const { key } of changes.transitions.added) mark(transitionSelector(key), 'diff-added');
      for (const { key } of changes.transitions.changed) mark(transitionSelector(key), 'diff-changed');
    }
    const walked = coverageOf(view.machine);
    if (walked) {
      for (const id of walked.states.walked) mark(stateSelector(id), 'cov-walked');
      for (const id of walked.states.unwalked) mark(stateSelector(id), 'cov-unwalked');
      for (const key of walked.transitions.walked) mark(transitionSelector(key), 'cov-walked');
      for (const key of walked.transitions.unwalked) mark(transitionSelector(key), 'cov-unwalked');
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Details panel

  const list = (items, render) =>
    items?.length
      ? h(
          'ul',
          { class: 'items' },
          items.map((item) => h('li', {}, render(item))),
        )
      : null;

  function describeTransition(t) {
    const targets = t.targets ? t.targets.join(', ') : '(stays, no exit/entry)';
    return [
      code(t.label),
      t.guard ? [' if ', code(t.guard)] : null,
      ' → ',
      code(targets),
      t.actions ? [' / ', code(t.actions.join(', '))] : null,
      t.reenter ? ' (re-enters)' : null,
      t.description ? h('div', { class: 'field', text: t.description }) : null,
    ];
  }

  function stateDetails(chart, state) {
    const delays = state.transitions.filter((t) => t.kind === 'after').map((t) => t.delay);
    const section = (title, content) => (content ? [h('h4', { text: title }), content] : null);
    return [
      h('h3', { class: 'state-name' }, code(state.path || `${chart.definition.id} (machine)`)),
      h('div', { class: 'field', text: `${state.type} state${state.initial ? `, starts in ${state.initial}` : ''}` }),
      h('p', { class: 'state-description', text: state.description ?? 'No description.' }),
      section('Entry actions', list(state.entry, code)),
      section('Exit actions', list(state.exit, code)),
      section(
        'Invoked actors',
        list(state.invoke, (i) => [code(i.id), i.src !== i.id ? [' runs ', code(i.src)] : null]),
      ),
      section('Tags', list(state.tags, code)),
      section(
        'Delays',
        list(delays, (d) => code(typeof d === 'number' ? `${d} ms` : d)),
      ),
      section('Transitions', list(state.transitions, describeTransition) ?? h('p', { class: 'empty', text: 'None.' })),
    ];
  }

  function changeList(changes) {
    const fields = (items) =>
      items.map((c) =>
        h('div', { class: 'field' }, `${c.field}: `, code(c.before ?? '—'), ' → ', code(c.after ?? '—')),
      );
    const items = [
      ...changes.states.added.map((id) => h('li', { class: 'kind-added' }, 'state added ', code(id))),
      ...changes.states.removed.map((id) => h('li', { class: 'kind-removed' }, 'state removed ', code(id))),
      ...changes.states.changed.map((c) =>
        h('li', { class: 'kind-changed' }, 'state changed ', code(c.id), fields(c.changes)),
      ),
      ...changes.transitions.added.map((t) =>
        h('li', { class: 'kind-added' }, 'transition added ', code(`${t.source}: ${t.label}`)),
      ),
      ...changes.transitions.removed.map((t) =>
        h('li', { class: 'kind-removed' }, 'transition removed ', code(`${t.source}: ${t.label}`)),
      ),
      ...changes.transitions.changed.map((t) =>
        h('li', { class: 'kind-changed' }, 'transition changed ', code(`${t.source}: ${t.label}`), fields(t.changes)),
      ),
    ];
    return items.length ? h('ul', { class: 'items changes' }, items) : h('p', { class: 'empty', text: 'No change.' });
  }

  function renderDetails() {
    const panel = $('#details');
    panel.replaceChildren();
    const chart = charts.get(view.machine);
    if (!chart) return;
    const changes = changesOf(view.machine);
    if (changes) {
      const c = comparison();
      panel.append(
        h(
          'h3',
          {},
          'Changes since ',
          code(c.since),
          c.commit ? h('span', { class: 'field', text: ` (${c.commit.slice(0, 10)})` }) : null,
        ),
        h(
          'div',
          { class: 'legend' },
          h('span', {}, h('span', { class: 'swatch added' }), 'added'),
          h('span', {}, h('span', { class: 'swatch changed' }), 'changed'),
          h('span', {}, h('span', { class: 'swatch removed' }), 'removed (listed only)'),
        ),
        changes.status === 'added' ? h('p', { text: 'New machine since that revision.' }) : changeList(changes),
      );
    }
    const walked = coverageOf(view.machine);
    if (view.coverage) {
      panel.append(h('h3', { text: 'Model coverage' }));
      if (!walked)
        panel.append(h('p', { class: 'empty', text: 'No model suite walked this machine in the last run.' }));
      else {
        const unwalked = [...walked.states.unwalked, ...walked.transitions.unwalked];
        panel.append(
          h(
            'div',
            { class: 'legend' },
            h('span', {}, h('span', { class: 'swatch walked' }), 'walked'),
            h('span', {}, h('span', { class: 'swatch unwalked' }), 'not walked'),
          ),
          h('p', {
            class: 'field',
            text: `${walked.paths} paths; states ${walked.states.walked.length}/${walked.states.walked.length + walked.states.unwalked.length}, transitions ${walked.transitions.walked.length}/${walked.transitions.walked.length + walked.transitions.unwalked.length}`,
          }),
          unwalked.length ? list(unwalked, code) : h('p', { text: 'Every state and transition walked.' }),
        );
      }
    }
    const state = statesOf(chart.definition).find((s) => s.id === view.state);
    if (state) panel.append(...stateDetails(chart, state).flat().filter(Boolean));
    else panel.append(h('p', { class: 'empty', text: 'Click a state or a transition for its details.' }));
  }

  // ---------------------------------------------------------------------------------------------------------
  // Navigation

  async function show(name, stateId) {
    const machine = machines.find((m) => m.name === name) ?? machines[0];
    if (!machine) {
      $('#machine-title').textContent = 'No machine yet';
      return;
    }
    const chart = await loadChart(machine.name).catch((error) => {
      $('#canvas').replaceChildren(h('p', { class: 'empty', text: String(error.message) }));
    });
    if (!chart) return;
    const changed = view.machine !== machine.name;
    view.machine = machine.name;
    view.state = stateId ?? '';
    document.title = `${machine.name}: statecharts`;
    $('#machine-title').textContent = machine.name;
    $('#machine-description').textContent = machine.description ?? '';
    if (changed) {
      $('#canvas').innerHTML = chart.svg;
      if (view.state) focusState(view.state);
      else fitToWindow();
    }
    renderList();
    markOverlays();
    markSelection();
    renderDetails();
  }

  function fromHash() {
    const [name, ...rest] = decodeURIComponent(location.hash.slice(1)).split('/');
    return show(name, rest.join('/'));
  }

  function start() {
    for (const c of comparisons) {
      $('#since').append(
        h('option', { value: c.since, text: `${c.since}${c.commit ? ` (${c.commit.slice(0, 8)})` : ''}` }),
      );
    }
    $('#since').disabled = !comparisons.length;
    $('#since').addEventListener('change', (event) => {
      view.since = event.target.value;
      renderList();
      markOverlays();
      renderDetails();
    });
    const toggle = $('#coverage-toggle');
    toggle.disabled = !coverage;
    $('#coverage-control').title = coverage
      ? `From the model suites run at ${coverage.generatedAt}`
      : 'Run npm run test:model to see which states and transitions the model suites walk';
    toggle.addEventListener('change', () => {
      view.coverage = toggle.checked;
      markOverlays();
      renderDetails();
    });
    // `?since=<revision>&coverage=1` opens the page with a comparison or the coverage already chosen.
    const params = new URLSearchParams(location.search);
    if (comparisons.some((c) => c.since === params.get('since'))) view.since = $('#since').value = params.get('since');
    if (coverage && params.get('coverage') === '1') view.coverage = toggle.checked = true;
    $('#search').addEventListener('input', renderList);
    window.addEventListener('hashchange', fromHash);
    window.addEventListener('resize', fitToWindow);
    installPanZoom();
    renderList();
    fromHash();
  }

  start();
})();
