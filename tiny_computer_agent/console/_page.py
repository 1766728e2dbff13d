"""The console's pages: HTML, CSS and JavaScript as strings. No build step, no external
URL (no CDN, no font): the pages work on a machine with no network.

``{{token}}`` is filled in by the server (the page sends it back in a header on every
button press); ``{{body}}`` is the scoreboard page's server-rendered table.
"""

from __future__ import annotations

from typing import Final

_STYLE: Final = """
<style>
:root { color-scheme: dark; --bg:#16181d; --panel:#20232b; --fg:#e3e6ea; --dim:#8a93a0;
        --accent:#ffaa00; --ok:#3ccf6e; --bad:#ff5a5a; --blue:#6aa9ff; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.4 system-ui, sans-serif; background:var(--bg); color:var(--fg); }
header { display:flex; gap:14px; align-items:center; padding:8px 14px; background:var(--panel);
         border-bottom:1px solid #333; flex-wrap:wrap; }
header nav { margin-left:auto; } header nav a { color:var(--blue); margin-left:12px; }
#goal { font-weight:600; }
.badge { padding:2px 10px; border-radius:10px; background:#444; font-weight:600; }
.badge.running { background:#1f6d3a; } .badge.paused, .badge.stepping { background:#8a6400; }
.badge.taken-over { background:#245a9e; } .badge.stopped, .badge.ended { background:#7a2626; }
#buttons { padding:8px 14px; display:flex; gap:8px; flex-wrap:wrap; }
button { font:inherit; padding:5px 12px; border-radius:6px; border:1px solid #555;
         background:#2c313b; color:var(--fg); cursor:pointer; }
button:disabled { opacity:.4; cursor:default; } button.danger { border-color:var(--bad); }
kbd { font-size:11px; color:var(--dim); }
main { display:grid; grid-template-columns:minmax(0,1fr) 340px; gap:12px; padding:0 14px 14px; }
aside { background:var(--panel); border-radius:8px; padding:8px 12px; max-height:90vh;
        overflow:auto; }
aside h3 { margin:10px 0 4px; font-size:13px; color:var(--dim); text-transform:uppercase; }
.stage { position:relative; display:inline-block; max-width:100%; background:#2a2d35;
         min-height:60px; min-width:120px; }
.stage img { display:block; max-width:100%; }
.stage img.none { display:none; }
.boxes { position:absolute; inset:0; pointer-events:none; }
.box { position:absolute; border:1px solid rgba(255,170,0,.35); }
.box.n { border:2px solid var(--accent); }
.box.chosen { border:3px solid var(--ok); box-shadow:0 0 0 2px rgba(0,0,0,.5); }
.box b { position:absolute; left:-2px; top:-17px; background:var(--accent); color:#000;
         font:bold 11px/15px monospace; padding:0 4px; }
.box.chosen b { background:var(--ok); }
ol.menu { margin:0; padding-left:0; list-style:none; font-family:monospace; }
ol.menu li { padding:1px 4px; } ol.menu li.chosen { background:#1f6d3a; }
.log { font:12px/1.35 monospace; white-space:pre-wrap; color:#cfd3d8; }
.log .end { color:var(--ok); } .bad { color:var(--bad); }
#ask { position:fixed; inset:0; background:rgba(0,0,0,.6); display:flex;
       align-items:center; justify-content:center; }
#ask[hidden] { display:none; }
#ask .card { background:var(--panel); border:2px solid var(--bad); border-radius:10px;
             padding:16px 20px; max-width:760px; }
#ask img { max-width:100%; border:1px solid #555; display:block; margin:8px 0; }
#ask .target { color:var(--accent); font-weight:700; }
.list a { color:var(--blue); cursor:pointer; display:block; padding:2px 0; }
pre { background:var(--panel); padding:10px; border-radius:8px; overflow:auto; }
</style>
"""

_HEAD: Final = (
    "<!doctype html><html lang=en><head><meta charset=utf-8>"
    '<meta name=token content="{{token}}"><title>tiny-computer-agent console</title>'
    + _STYLE
    + "</head>"
)

_NAV: Final = (
    '<nav><a href="/">live run</a><a href="/sessions">past sessions</a>'
    '<a href="/scoreboard">scoreboard</a></nav>'
)

#: shared by the live page and the replay: draw one frame with its boxes
_DRAW_JS: Final = r"""
const T = document.querySelector('meta[name=token]').content;
const q = (s) => document.querySelector(s);
function esc(s) { const d = document.createElement('div'); d.textContent = s; return d.innerHTML; }
function draw(stage, entry, src, chosen) {
  const img = stage.querySelector('img'), layer = stage.querySelector('.boxes');
  const [w, h] = entry.size || [1280, 800];
  if (src) { img.className = ''; if (img.getAttribute('src') !== src) img.src = src; }
  else { img.className = 'none'; img.removeAttribute('src');
         stage.style.width = '100%'; stage.style.aspectRatio = w + ' / ' + h; }
  if (src) { stage.style.width = ''; stage.style.aspectRatio = ''; }
  layer.innerHTML = '';
  for (const e of entry.elements || []) {
    const [x0, y0, x1, y1] = e.box, d = document.createElement('div');
    d.className = 'box' + (e.n ? ' n' : '') + (chosen && e.n === chosen ? ' chosen' : '');
    d.style.left = (100 * x0 / w) + '%'; d.style.top = (100 * y0 / h) + '%';
    d.style.width = (100 * (x1 - x0) / w) + '%'; d.style.height = (100 * (y1 - y0) / h) + '%';
    d.title = e.label;
    if (e.n) { d.dataset.n = e.n; d.innerHTML = '<b>' + e.n + '</b>'; }
    layer.appendChild(d);
  }
}
function fillMenu(ol, lines, chosen) {
  ol.innerHTML = '';
  lines.forEach((line, i) => {
    const li = document.createElement('li'); li.textContent = line;
    if (chosen === i + 1) li.className = 'chosen';
    ol.appendChild(li);
  });
}
"""

_LIVE_JS: Final = (
    r"""
<script>
"""
    + _DRAW_JS
    + r"""
let snap = {state: 'running', pending: []}, ended = false, current = null, asking = 0;
const badge = q('#state'), log = q('#log');
function say(text, cls) {
  const div = document.createElement('div'); div.textContent = text;
  if (cls) div.className = cls; log.appendChild(div); log.scrollTop = log.scrollHeight;
}
function post(path, body) {
  return fetch(path, {method: 'POST', body: JSON.stringify(body || {}),
    headers: {'X-Console-Token': T, 'Content-Type': 'application/json'}})
    .then((r) => r.json()).catch((e) => say('request failed: ' + e, 'bad'));
}
function press(name) { if (!ended || name === 'stop') post('/control/' + name); }
const allowed = {
  pause: ['running', 'stepping'], resume: ['paused', 'stepping'], step: ['running', 'paused'],
  take: ['running', 'paused', 'stepping'], 'hand-back': ['taken-over'],
  stop: ['running', 'paused', 'stepping', 'taken-over'],
};
function showState() {
  const s = ended ? 'ended' : snap.state;
  const held = (snap.pending || []).length ? ' - waiting for your yes' :
    snap.holding ? ' (holding step ' + snap.holding + ')' : '';
  badge.textContent = s + held;
  badge.className = 'badge ' + s;
  document.body.dataset.state = s;
  for (const [name, states] of Object.entries(allowed))
    q('#b-' + name).disabled = ended || !states.includes(snap.state);
  const question = (snap.pending || [])[0];
  if (question && question.ticket !== asking) ask(question);
  if (!question) { q('#ask').hidden = true; asking = 0; }
}
function ask(question) {
  asking = question.ticket;
  q('#ask-action').textContent = question.action;
  q('#ask-why').textContent = question.why;
  const img = q('#ask-img');
  if (question.frame) {
    img.hidden = false;
    img.src = '/frame/' + question.frame + '?token=' + encodeURIComponent(T) +
      (question.box ? '&box=' + question.box.join(',') : '');
  } else img.hidden = true;
  q('#ask-around').innerHTML = question.around.map((l) =>
    '<li' + (l === question.label ? ' class=target' : '') + '>' + esc(l) + '</li>').join('');
  const choices = question.choices || [];
  q('#ask-title').textContent = choices.length ? 'Which did you mean?' :
    'This action cannot be undone';
  q('#ask-yn').hidden = choices.length > 0;
  q('#ask-choices').innerHTML = choices.map((c, i) => '<button data-n=' + (i + 1) + '>' +
    (i + 1) + '. ' + esc(c) + '</button> ').join('') + (choices.length ?
    '<button data-n=0 class=danger>0. none of these</button>' : '');
  q('#ask-choices').querySelectorAll('button').forEach((b) => {
    b.onclick = () => post('/answer/' + asking, {choice: Number(b.dataset.n)}); });
  q('#ask').hidden = false; q('#ask').dataset.ticket = question.ticket; countdown();
}
function answer(yes) {
  if (asking) post('/answer/' + asking, {yes: yes});
}
function countdown() {
  const question = (snap.pending || [])[0];
  if (question) q('#ask-left').textContent = Math.max(0, Math.round(question.deadline -
    Date.now() / 1000));
}
setInterval(countdown, 500);
const es = new EventSource('/events?token=' + encodeURIComponent(T));
const on = (kind, fn) => es.addEventListener(kind, (m) => fn(JSON.parse(m.data)));
on('control', (s) => { snap = s; showState(); });
on('start', (e) => { ended = false; q('#goal').textContent = e.goal; say('goal: ' + e.goal);
                     const scope = (e.settings || {}).scope || [];
                     if (scope.length) say('scope: only the windows ' + scope.join(', '));
                     showState(); });
on('observe', (e) => {
  current = e; q('#stepno').textContent = e.index; q('#decided').textContent = '...';
  q('#verdict').textContent = '...';
  const src = e.frame ? '/frame/' + e.frame + '?token=' + encodeURIComponent(T) : null;
  draw(q('#live'), e, src, null); q('#live img').dataset.frame = e.frame || 0;
  q('#live').dataset.step = e.index; fillMenu(q('#menu'), e.menu, null);
});
on('decide', (e) => {
  q('#decided').textContent = e.action;
  if (current && current.index === e.index) {
    const hit = current.elements.find((el) => el.n && el.label === e.target);
    const chosen = e.choice || (hit ? hit.n : null);
    draw(q('#live'), current, current.frame ? q('#live img').getAttribute('src') : null,
         chosen);
    fillMenu(q('#menu'), current.menu, chosen);
  }
});
on('verdict', (e) => {
  q('#verdict').textContent = e.refusal ? 'refused (' + e.refusal.rule + '): ' +
    e.refusal.message : e.held ? 'allowed, irreversible (' + e.held + ')' : 'allowed';
  q('#verdict').className = e.refusal ? 'bad' : '';
});
on('step', (e) => { say('step ' + e.index + ':\n' + e.lines.join('\n')); });
on('answer', (e) => say((e.yes ? 'approved: ' : 'refused: ') + e.label, e.yes ? '' : 'bad'));
on('end', (e) => { ended = true; say('outcome: ' + e.outcome + ' - ' + e.reason, 'end');
                   q('#outcome').textContent = e.outcome; showState(); });
es.onerror = () => { if (!ended) badge.textContent = 'disconnected (retrying)'; };
const keys = {p: () => press(snap.state === 'paused' ? 'resume' : 'pause'), r: () =>
  press('resume'), s: () => press('step'), x: () => press('stop'), t: () => press('take'),
  h: () => press('hand-back'), y: () => answer(true), n: () => answer(false)};
document.addEventListener('keydown', (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const fn = keys[ev.key.toLowerCase()]; if (fn) { ev.preventDefault(); fn(); }
});
for (const name of Object.keys(allowed)) q('#b-' + name).onclick = () => press(name);
q('#yes').onclick = () => answer(true); q('#no').onclick = () => answer(false);
</script>
"""
)

LIVE_PAGE: Final = (
    _HEAD
    + """<body data-state="connecting">
<header><b>tiny-computer-agent console</b><span id=goal></span>
<span id=state class=badge>connecting</span><span id=outcome></span>"""
    + _NAV
    + """</header>
<div id=buttons>
<button id=b-pause>Pause <kbd>p</kbd></button>
<button id=b-resume>Resume <kbd>r</kbd></button>
<button id=b-step>Step <kbd>s</kbd></button>
<button id=b-take>Take control <kbd>t</kbd></button>
<button id=b-hand-back>Hand back <kbd>h</kbd></button>
<button id=b-stop class=danger>Stop <kbd>x</kbd></button>
</div>
<main>
<section><div id=live class=stage><img alt="the live frame"><div class=boxes></div></div>
</section>
<aside>
<h3>step <span id=stepno>-</span></h3>
<div>decided: <span id=decided>-</span></div>
<div>verdict: <span id=verdict>-</span></div>
<h3>menu</h3><ol id=menu class=menu></ol>
<h3>log</h3><div id=log class=log></div>
</aside>
</main>
<div id=ask hidden><div class=card>
<h2 id=ask-title>This action cannot be undone</h2>
<p><b id=ask-action></b></p><p id=ask-why></p>
<img id=ask-img alt="the screen around the target">
<div>screen text around it:</div><ul id=ask-around></ul>
<p>Refused automatically in <span id=ask-left>?</span> s.</p>
<div id=ask-choices></div>
<span id=ask-yn><button id=yes>Approve <kbd>y</kbd></button>
<button id=no class=danger>Refuse <kbd>n</kbd></button></span>
</div></div>
"""
    + _LIVE_JS
    + "</body></html>"
)

_SESSIONS_JS: Final = (
    r"""
<script>
"""
    + _DRAW_JS
    + r"""
let frames = [], at = 0, name = '', timer = null;
const get = (path) => fetch(path, {headers: {'X-Console-Token': T}}).then((r) => r.json());
function show(i) {
  if (!frames.length) return;
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  const src = f.frame ? '/session-frame/' + encodeURIComponent(name) + '/' + f.frame +
    '?token=' + encodeURIComponent(T) : null;
  draw(q('#replay'), f, src, null);
  q('#where').textContent = 'step ' + f.index + ' (' + (at + 1) + ' of ' + frames.length + ')';
  q('#slider').value = at; q('#replay').dataset.at = at;
  fillMenu(q('#menu'), f.menu, null);
  q('#text').textContent = (f.text || []).join('\n');
}
function open_(n) {
  name = n;
  get('/session/' + encodeURIComponent(n)).then((s) => {
    if (s.error) { q('#title').textContent = s.error; return; }
    frames = s.frames; q('#title').textContent = s.goal + ' - ' + (s.outcome || 'no end');
    q('#slider').max = Math.max(0, frames.length - 1); show(0);
  });
}
get('/session-list').then((data) => {
  const list = q('#list');
  if (data.error) { list.textContent = data.error; return; }
  if (!data.sessions.length) list.textContent = 'No sessions under ' + data.root + ' yet.';
  for (const s of data.sessions) {
    const a = document.createElement('a');
    a.textContent = s.name + ': ' + s.goal + ' (' + s.steps + ' steps, ' + s.outcome + ')';
    a.onclick = () => open_(s.name); list.appendChild(a);
  }
});
q('#prev').onclick = () => show(at - 1); q('#next').onclick = () => show(at + 1);
q('#slider').oninput = (e) => show(+e.target.value);
q('#play').onclick = () => {
  if (timer) { clearInterval(timer); timer = null; return; }
  timer = setInterval(() => { if (at >= frames.length - 1) { clearInterval(timer);
    timer = null; } else show(at + 1); }, 1000);
};
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'ArrowLeft') show(at - 1); if (ev.key === 'ArrowRight') show(at + 1);
});
</script>
"""
)

SESSIONS_PAGE: Final = (
    _HEAD
    + "<body><header><b>tiny-computer-agent: past sessions</b>"
    + _NAV
    + """</header>
<main><section>
<h3 id=title>Choose a session</h3>
<div id=buttons><button id=prev>&larr; previous</button><button id=play>play</button>
<button id=next>next &rarr;</button><input id=slider type=range min=0 max=0 value=0>
<span id=where></span></div>
<div id=replay class=stage><img alt="a recorded frame"><div class=boxes></div></div>
<pre id=text class=log></pre>
</section>
<aside><h3>sessions</h3><div id=list class=list></div><h3>menu</h3>
<ol id=menu class=menu></ol></aside></main>
"""
    + _SESSIONS_JS
    + "</body></html>"
)

SCOREBOARD_PAGE: Final = (
    _HEAD
    + "<body><header><b>tiny-computer-agent: scoreboard</b>"
    + _NAV
    + "</header><main><section>{{body}}</section></main></body></html>"
)
