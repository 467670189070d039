// The page: the home form, and one table renderer that draws any game from
// the player's observation and legal moves (the server sends nothing else).
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
};

const SEAT_NAMES = { bridge: ["North", "East", "South", "West"] };
const PARTNERS = { guandan: 2, shengji: 2, bridge: 2 };
// Observation keys the table draws itself; the rest go to the info panel.
const DRAWN = new Set(["game", "player", "current_player", "is_over", "history", "hand", "hole",
  "hand_sizes", "hand_counts", "trick", "last_play", "last_player", "board", "pot", "stacks", "bets",
  "returns", "in_hand", "eliminated", "shown", "dummy_hand", "raise_range", "to_call", "played",
  "seat_to_play", "from_dummy", "tricks", "signals", "side_pots"]);
const LABELS = { team_levels: "team levels", tricks_won: "tricks won", attacker_points: "points won",
  highest_bid: "highest bid", first_bidder: "first bidder",
  last_trick: "last trick", previous_order: "previous order", anti_tribute: "tribute cancelled",
  small_blind_seat: "small blind", big_blind_seat: "big blind", opponent_locked: "opponent locked" };
const SEAT_KEYS = new Set(["landlord", "dealer", "declarer", "dummy", "button", "small_blind_seat",
  "big_blind_seat", "first_bidder", "first_leader", "leader", "last_winner", "starter"]);
const LEVEL_KEYS = new Set(["level"]);
// Observation keys holding a list of seats (a finishing order).
const SEAT_LIST_KEYS = new Set(["previous_order", "finished"]);

const app = {
  catalog: null,
  view: null,
  version: 0,
  selected: [],          // [{src: "hand"|"dummy", idx}]
  focus: { src: "hand", idx: 0 },
  ws: null,
  wsGame: null,
  replay: null,          // {steps, step} while replaying a finished game
  busy: false,
};

// -- HTTP ---------------------------------------------------------------------------
async function api(method, path, body) {
  const opts = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) {
    const err = new Error(data && data.error ? data.error : `HTTP ${r.status}`);
    err.status = r.status;
    throw err;
  }
  return data;
}

// -- names ----------------------------------------------------------------------------
function seatName(view, p) {
  if (p == null) return "nobody";
  if (p === -1) return "deal";
  const names = SEAT_NAMES[view.game];
  const base = names ? names[p] : `Seat ${p + 1}`;
  if (view.read_only) return base;   // a replay file: nobody at the table is "you"
  if (p === view.seat) return names ? `You (${base})` : "You";
  const partner = PARTNERS[view.game] && (p - view.seat + view.players) % view.players === PARTNERS[view.game];
  return `${partner ? "Partner" : "AI"} · ${base}`;
}

// -- home -------------------------------------------------------------------------------
async function showHome() {
  closeSocket();
  app.view = null;
  $("table-view").hidden = true;
  $("home").hidden = false;
  $("subtitle").textContent = "Play against the AI";
  document.title = "Cardavia — play against the AI";
  if (!app.catalog) app.catalog = await api("GET", "/api/catalog");
  const box = $("game-choices");
  if (!box.querySelector("input")) {
    app.catalog.games.forEach((g, i) => {
      const lab = el("label", "game-choice");
      const inp = el("input");
      inp.type = "radio"; inp.name = "game"; inp.value = g.name; inp.id = `game-${g.name}`;
      if (i === 0) inp.checked = true;
      lab.append(inp, el("span", "game-title", g.title),
        el("span", "game-players", `${g.players} players${g.plays_matches ? " · match" : ""}`));
      box.append(lab);
    });
    box.addEventListener("change", updateHomeOptions);
  }
  Site.renderHome(app.catalog, (name) => {
    $(`game-${name}`).checked = true;
    updateHomeOptions();
    $("new-game").requestSubmit();
  });
  updateHomeOptions();
  updateReplaySeats();
  try {
    const mine = await api("GET", "/api/games");
    const ul = $("game-list");
    ul.textContent = "";
    const titles = Object.fromEntries(app.catalog.games.map((g) => [g.name, g.title]));
    for (const g of mine.games.slice(0, 12)) {
      const li = el("li");
      const a = el("a", null, `${titles[g.game] || g.game} · ` +
        (g.read_only ? "replay file" : `${g.level}${g.over ? " · finished" : " · in progress"}`));
      a.href = `#/game/${g.id}`;
      li.append(a);
      ul.append(li);
    }
    $("my-games").hidden = mine.games.length === 0;
  } catch (e) { /* the list is a convenience */ }
}

function chosenGame() {
  const inp = document.querySelector('input[name="game"]:checked');
  return app.catalog.games.find((g) => g.name === (inp && inp.value)) || app.catalog.games[0];
}

function updateHomeOptions() {
  const g = chosenGame();
  const sel = $("level");
  const current = sel.value || "easy";
  sel.textContent = "";
  for (const lv of app.catalog.levels) {
    const o = el("option", null, `${lv.title} (${g.levels[lv.name]})`);
    o.value = lv.name;
    if (lv.name === current) o.selected = true;
    sel.append(o);
  }
  $("match-option").hidden = !g.plays_matches;
  $("undo-option").hidden = app.catalog.undo === false;
}

async function startGame(ev) {
  if (ev) ev.preventDefault();
  $("home-error").textContent = "";
  const g = chosenGame();
  const body = { game: g.name, level: $("level").value, pace: Number($("pace").value) };
  if (g.name === "bridge") body.seat = 2;   // South, as bridge diagrams put the player
  const seed = new URLSearchParams(location.search).get("seed");   // ?seed=N replays a given deal
  if (seed && /^\d{1,18}$/.test(seed)) body.seed = Number(seed);
  if (g.plays_matches) body.match = $("match").checked;
  if (app.catalog.undo !== false) body.undo = $("undo-allowed").checked;
  try {
    const view = await api("POST", "/api/games", body);
    location.hash = `#/game/${view.id}`;
  } catch (e) {
    $("home-error").textContent = e.message;
  }
}

// -- opening a replay file --------------------------------------------------------------------
// The file's text goes to the server as it is: the server says what is wrong with it.
function replayGame(text) {
  try {
    const data = JSON.parse(text);
    return app.catalog.games.find((g) => data && g.name === data.game) || null;
  } catch (e) { return null; }
}

function updateReplaySeats() {
  const sel = $("replay-seat");
  const g = replayGame($("replay-text").value);
  const n = g ? g.players : Math.max(...app.catalog.games.map((x) => x.players));
  const names = g && SEAT_NAMES[g.name];
  const current = Number(sel.value || 0);
  sel.textContent = "";
  for (let p = 0; p < n; p++) {
    const o = el("option", null, names ? names[p] : `Seat ${p + 1}`);
    o.value = String(p);
    if (p === current) o.selected = true;
    sel.append(o);
  }
}

function readReplayFile(file) {
  $("replay-error").textContent = "";
  if (!file) return;
  $("replay-file-name").textContent = file.name;
  const limit = app.catalog.replay_bytes;
  if (limit && file.size > limit) {
    $("replay-error").textContent = `${file.name} is ${Math.ceil(file.size / 1024)} kB: a replay may be ${limit / 1024} kB at most`;
    return;
  }
  const reader = new FileReader();
  reader.onload = () => { $("replay-text").value = reader.result; updateReplaySeats(); };
  reader.onerror = () => { $("replay-error").textContent = `cannot read ${file.name}`; };
  reader.readAsText(file);
}

async function openReplay(ev) {
  if (ev) ev.preventDefault();
  $("replay-error").textContent = "";
  const text = $("replay-text").value;
  if (!text.trim()) { $("replay-error").textContent = "Choose or drop a replay file, or paste its JSON, first."; return; }
  try {
    const view = await api("POST", "/api/replays", { state: text, seat: Number($("replay-seat").value || 0) });
    location.hash = `#/game/${view.id}`;
  } catch (e) {
    $("replay-error").textContent = e.status === 413 ? `The replay is too large (${e.message}).` : e.message;
  }
}

function setupReplayDrop() {
  // A file dropped anywhere on the home page is taken (the browser would open it instead).
  const zone = $("replay-drop");
  const form = $("replay-form");
  document.addEventListener("dragover", (e) => {
    e.preventDefault();
    zone.classList.toggle("over", !$("home").hidden);
  });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) zone.classList.remove("over"); });
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    if ($("home").hidden) return;
    const file = e.dataTransfer.files && e.dataTransfer.files[0];
    const text = e.dataTransfer.getData("text/plain");
    if (file) readReplayFile(file);
    else if (text && form.contains(e.target)) { $("replay-text").value = text; updateReplaySeats(); }
  });
  $("replay-file").addEventListener("change", (e) => readReplayFile(e.target.files[0]));
  $("replay-text").addEventListener("input", updateReplaySeats);
  form.addEventListener("submit", openReplay);
}

// -- the table ----------------------------------------------------------------------------
async function showGame(id) {
  $("home").hidden = true;
  $("table-view").hidden = false;
  app.replay = null;
  app.selected = [];
  try {
    const view = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    if (view.read_only) {   // a replay file: straight to its first step, nothing to listen to
      closeSocket();
      app.view = view;
      await replayTo(0);
      return;
    }
    accept(view, true);
    openSocket(id);
  } catch (e) {
    $("table-view").hidden = true;
    $("home").hidden = false;
    await showHome();
    $("home-error").textContent = e.status === 404 ? "That game is not in this browser's session." : e.message;
  }
}

function accept(view, force) {
  if (!force && app.view && view.id === app.view.id && view.version < app.version) return;
  if (!app.view || app.view.id !== view.id || app.view.ply !== view.ply) app.selected = [];
  announceMoves(app.view, view);
  app.view = view;
  app.version = view.version || 0;
  render();
}

// The other players' new decisions since the last view of this game, said by the live region.
function announceMoves(prev, view) {
  if (!prev || prev.id !== view.id || view.read_only || view.replay || view.ply <= prev.ply) return;
  const before = (prev.observation.history || []).length, hist = view.observation.history || [];
  const fresh = hist.slice(hist.length >= before ? before : 0);   // shorter: a new deal of the match
  const said = fresh.filter(([p]) => p >= 0 && p !== view.seat).map(([p, text]) => announcement(view, p, text));
  if (said.length) $("announcer").textContent = said.join(". ");
}

function announcement(view, p, text) {
  const who = seatName(view, p), info = Cards.classify(text);
  if (text === "pass") return t("announce.passes", { who });
  if (CALL_RE.test(text)) return t("announce.bids", { who, what: Cards.spoken(text, info) });
  if (info.kind === "ranks" || (info.kind === "cards" && (!info.verb || info.verb === "play"))) {
    return t("announce.plays", { who, what: Cards.spoken(text, info) });
  }
  return t("announce.other", { who, what: Cards.spoken(text, info) });
}

function closeSocket() {
  if (app.ws) { app.ws.onclose = null; app.ws.close(); }
  app.ws = null; app.wsGame = null;
}

function openSocket(id, delay = 500) {
  closeSocket();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws`);
  app.ws = ws; app.wsGame = id;
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "view" && !app.replay) accept(msg.view);
    else if (msg.type === "thinking" && app.view && !app.replay) {
      app.view.thinking = msg.player;
      renderStatus();
    }
  };
  ws.onclose = () => {
    if (app.wsGame !== id) return;
    setTimeout(async () => {
      if (app.wsGame !== id || location.hash !== `#/game/${id}`) return;
      try { accept(await api("GET", `/api/games/${encodeURIComponent(id)}`)); } catch (e) { /* retry */ }
      openSocket(id, Math.min(delay * 2, 8000));
    }, delay);
  };
}

function myHand(obs) {
  return Cards.list(obs.hand !== undefined ? obs.hand : obs.hole);
}

function handSizes(obs) {
  return obs.hand_sizes || obs.hand_counts || null;
}

function legalMoves(view) {
  return view.legal.map((text) => ({ text, info: Cards.classify(text) }));
}

function render() {
  const view = app.view;
  if (!view) return;
  // Keyboard play: focus stays in the hand across a redraw.
  const active = document.activeElement;
  const keepFocus = active && (active.closest(".hand") || active.closest("#moves")) ? true : false;
  const obs = view.observation;
  document.title = `${view.title} — Cardavia`;
  $("subtitle").textContent = view.title;
  $("table-title").textContent = view.title + (view.match ? " · match" : "") +
    (view.replay ? ` · replay` : "");
  $("table").dataset.players = view.players;
  $("table").dataset.game = view.game;
  renderSeats(view, obs);
  renderCenter(view, obs);
  renderInfo(view, obs);
  renderHands(view, obs);
  renderMoves(view);
  renderStatus();
  renderOutcome(view);
  renderLog(view, obs);
  $("hint-btn").disabled = !myTurn(view);
  $("hint-btn").hidden = !!view.read_only;
  $("undo-btn").disabled = !view.undo;
  $("undo-btn").hidden = view.undo_enabled === false || !!view.read_only;
  $("again-btn").textContent = view.read_only ? "Home" : "New game";
  $("replay-btn").hidden = !(view.over || view.read_only) || !!view.replay;
  const finished = view.replay ? view.replay.finished !== false : view.over;
  $("replay-close").textContent = finished ? "Back to the result" : "Back to the last position";
  $("replay-bar").hidden = !view.replay;
  if (view.game === "guandan") {
    document.querySelectorAll("#table-view .card[data-card]").forEach((c) => {
      if (wildCard(view, c.dataset.card)) {
        c.classList.add("wild"); c.title = "wild card";
        c.setAttribute("aria-label", t("card.wild", { card: Cards.name(c.dataset.card) }));
      }
    });
  }
  if (keepFocus && myTurn(view)) {
    const box = $(app.focus.src) && !$(app.focus.src).hidden ? $(app.focus.src) : $("hand");
    const cards = box.children;
    if (cards.length) cards[Math.min(app.focus.idx, cards.length - 1)].focus();
    else { const b = document.querySelector("#moves button"); if (b) b.focus(); }
  }
}

const myTurn = (view) => !view.over && !view.replay && view.current_player === view.seat && view.thinking == null;

// An error under the hand; rule ids in it link to the rule, shown over the table.
function showError(text) {
  Site.showMessage($("move-error"), text, app.view && app.view.game);
}

function renderStatus() {
  const view = app.view;
  if (!view) return;
  let text;
  const seen = view.read_only ? ` · seen from ${seatName(view, view.seat)}` : "";
  if (view.replay) text = `Replay: step ${view.replay.step} of ${view.replay.steps}${seen}`;
  else if (view.over) text = "The game is over" + seen;
  else if (view.read_only) text = `${seatName(view, view.current_player)} to play · the replay ends here${seen}`;
  else if (view.thinking != null) text = `${seatName(view, view.thinking)} is thinking…`;
  else if (view.current_player === view.seat) text = "Your turn";
  else text = `${seatName(view, view.current_player)} to play`;
  if (text === "Your turn" && $("status").textContent !== text) Site.chime();
  $("status").textContent = text;
  $("status").classList.toggle("your-turn", myTurn(view));
  document.querySelectorAll(".seat").forEach((s) => {
    const p = Number(s.dataset.seat);
    s.classList.toggle("thinking", view.thinking === p && !view.over);
  });
}

// Where each seat sits: the person at the bottom, the others clockwise.
function positions(n) {
  if (n === 2) return ["bottom", "top"];
  if (n === 3) return ["bottom", "left", "right"];
  return ["bottom", "left", "top", "right"];
}

function lastActions(view, obs) {
  // Each player's most recent decision (for the bubbles at the seats).
  const last = {};
  // A chance entry (a new deal, a new street) starts the bubbles afresh.
  for (const [p, text] of obs.history || []) {
    if (p >= 0) last[p] = text;
    else for (const k of Object.keys(last)) delete last[k];
  }
  return last;
}

function renderSeats(view, obs) {
  const box = $("seats");
  box.textContent = "";
  const n = view.players;
  const pos = positions(n);
  const sizes = handSizes(obs);
  const trick = Array.isArray(obs.trick) ? obs.trick : [];
  const last = lastActions(view, obs);
  const trickTaking = Array.isArray(obs.trick);
  const shown = obs.shown || {};
  for (let k = 0; k < n; k++) {
    const p = (view.seat + k) % n;
    const s = el("div", `seat pos-${pos[k]}`);
    s.dataset.seat = p;
    if (view.current_player === p && !view.over) s.classList.add("turn");
    if (view.thinking === p && !view.over) s.classList.add("thinking");
    if (Array.isArray(obs.in_hand) && obs.in_hand[p] === false) s.classList.add("out");
    const head = el("div", "seat-name", seatName(view, p));
    s.append(head);
    const facts = el("div", "seat-facts");
    if (view.read_only && p === view.seat) facts.append(el("span", "badge seen", "seen from here"));
    if (sizes && sizes[p] != null) facts.append(el("span", "fact", `${sizes[p]} card${sizes[p] === 1 ? "" : "s"}`));
    if (Array.isArray(obs.stacks)) facts.append(el("span", "fact chips", `${obs.stacks[p]} chips`));
    if (Array.isArray(obs.bets) && obs.bets[p]) facts.append(el("span", "fact bet", `bet ${obs.bets[p]}`));
    for (const key of SEAT_KEYS) {
      if (obs[key] === p && obs[key] !== null) facts.append(el("span", "badge", LABELS[key] || key.replace(/_/g, " ")));
    }
    if (Array.isArray(obs.finished) && obs.finished.includes(p)) {
      facts.append(el("span", "badge", `out ${obs.finished.indexOf(p) + 1}${["st", "nd", "rd", "th"][Math.min(obs.finished.indexOf(p), 3)]}`));
    }
    if (Array.isArray(obs.signals) && obs.signals[p] && typeof obs.signals[p] === "object") {
      const sg = obs.signals[p];
      facts.append(el("span", "badge signal", `UP ${sg.up ?? 0} · DOWN ${sg.down ?? 0}`));
    }
    if (Array.isArray(obs.eliminated) && obs.eliminated[p]) facts.append(el("span", "badge", "eliminated"));
    if (Array.isArray(obs.in_hand) && obs.in_hand[p] === false && !(obs.eliminated || [])[p]) facts.append(el("span", "badge", "folded"));
    s.append(facts);
    const act = el("div", "seat-play");
    const mine = trick.filter((e) => Array.isArray(e) && e[0] === p);
    if (mine.length) mine.forEach((e) => act.append(Cards.play(e[1])));
    else if (obs.last_player === p && obs.last_play) act.append(Cards.play(obs.last_play));
    else if (last[p] != null && !(trickTaking && obs.phase === "play")) {
      const info = Cards.classify(last[p]);
      act.append(info.kind !== "plain" ? Cards.play(last[p]) : CALL_RE.test(last[p]) ? callNode(last[p])
        : el("span", "bubble", last[p]));
    }
    if (shown[String(p)] && p !== view.seat) {
      const sh = el("span", "shown");
      Cards.list(shown[String(p)]).forEach((c) => sh.append(Cards.element(c, "span", true)));
      act.append(sh);
    }
    s.append(act);
    box.append(s);
  }
}

const STRAIN = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
const CALL_RE = /^([1-7])(C|D|H|S|NT)$/;

// A bridge call with its suit symbol (red for hearts and diamonds).
function callNode(text) {
  const m = CALL_RE.exec(text);
  const s = el("span", "call");
  if (!m) { s.textContent = text === "X" ? "X" : text === "XX" ? "XX" : text; s.classList.add("word"); return s; }
  s.textContent = m[1] + STRAIN[m[2]];
  s.setAttribute("role", "img");
  s.setAttribute("aria-label", Cards.spoken(text));
  if (m[2] === "H" || m[2] === "D") s.classList.add("red");
  return s;
}

// The auction so far as a table, a column per seat, starting at the dealer.
function auctionTable(view, obs) {
  const n = view.players;
  const t = el("table", "auction");
  const head = el("tr");
  for (let p = 0; p < n; p++) head.append(el("th", p === view.seat ? "me" : "", seatName(view, p).replace(/^.* · /, "").replace(/^You \((.*)\)$/, "$1")));
  t.append(head);
  let row = el("tr");
  const cells = [];
  const why = callExplanations(view, obs);
  for (let p = 0; p < obs.dealer; p++) cells.push(null);
  obs.auction.forEach((c, k) => cells.push([c, why[k]]));
  if (!view.over && obs.phase === "auction") cells.push("?");
  cells.forEach((c, i) => {
    if (i % n === 0 && i) { t.append(row); row = el("tr"); }
    const td = el("td");
    if (c === "?") td.append(el("span", "call next", "?"));
    else if (c != null) {
      td.append(callNode(c[0]));
      if (c[1]) { td.title = c[1]; td.classList.add("explained"); }
    }
    row.append(td);
  });
  t.append(row);
  return t;
}

// The English explanation of each call of the auction (by its index), where the AI gave one.
function callExplanations(view, obs) {
  const out = [];
  const ex = view.explanations || {};
  let k = 0;
  (obs.history || []).forEach(([p, text], i) => {
    if (p < 0 || k >= obs.auction.length || text !== obs.auction[k]) return;
    out[k] = ex[i] ? ex[i].text : null;
    k++;
  });
  return out;
}

function renderCenter(view, obs) {
  const box = $("center");
  box.textContent = "";
  if (Array.isArray(obs.auction) && typeof obs.dealer === "number" && (obs.phase === "auction" || !obs.contract)) {
    box.append(auctionTable(view, obs));
  }
  if (Array.isArray(obs.board)) {
    const b = el("div", "board");
    Cards.list(obs.board).forEach((c) => b.append(Cards.element(c)));
    for (let i = Cards.list(obs.board).length; i < 5; i++) b.append(el("span", "card slot"));
    box.append(b);
  }
  if (obs.pot != null) box.append(potsNode(view, obs));
  if (obs.last_play && obs.last_player != null && obs.last_player !== -1) {
    const lp = el("div", "to-beat");
    lp.append(el("span", "label", `to beat (${seatName(view, obs.last_player)})`), Cards.play(obs.last_play));
    box.append(lp);
  }
  if (Array.isArray(obs.trick) && obs.trick.length) {
    const t = el("div", "trick");
    t.append(el("span", "label", "current trick"));
    for (const e of obs.trick) {
      if (!Array.isArray(e)) continue;
      const cell = el("span", "trick-card");
      cell.append(Cards.play(e[1]), el("span", "who", seatName(view, e[0])));
      t.append(cell);
    }
    box.append(t);
  }
}

// The pot, and when an all-in split it, the main pot and each side pot with who can win it (TH-5.2).
function potsNode(view, obs) {
  const pots = Array.isArray(obs.side_pots) ? obs.side_pots : [];
  if (pots.length < 2) return el("div", "pot", `Pot ${obs.pot}`);
  const box = el("div", "pots");
  box.append(el("div", "pot", `Pot ${obs.pot}`));
  const ul = el("ul", "side-pots");
  pots.forEach((p, i) => {
    const who = p.eligible.length === view.players ? "everyone" : p.eligible.map((s) => seatName(view, s)).join(", ");
    const li = el("li", null);
    li.append(el("span", "pot-name", i === 0 ? "Main pot" : `Side pot ${i}`), el("span", "pot-amount", String(p.amount)),
      el("span", "pot-who", p.eligible.length === 1 ? `${who} (unmatched, back to him)` : who));
    ul.append(li);
  });
  box.append(ul);
  return box;
}

function valueNode(key, v, view) {
  if (v == null || v === false || (Array.isArray(v) && v.length === 0) || v === "") return null;
  if (key === "auction" && Array.isArray(v)) {
    const s = el("span", "cards-inline");
    v.forEach((c) => s.append(callNode(c)));
    return s;
  }
  if (key === "contract" && typeof v === "string") {
    const m = /^([1-7])(C|D|H|S|NT)(X*)$/.exec(v);
    if (m) { const s = callNode(m[1] + m[2]); s.textContent += m[3]; return s; }
  }
  if (key === "tricks_won" && Array.isArray(v) && v.length === 2 && view.players === 4) {
    const us = view.seat % 2;
    return el("span", null, `us ${v[us]} · them ${v[1 - us]}`);
  }
  if ((key === "level" || key === "team_levels") && (typeof v === "number" || Array.isArray(v))) {
    // levels are ints 2..14: show the rank (J, Q, K, A)
    const face = (x) => (typeof x === "number" ? ({ 11: "J", 12: "Q", 13: "K", 14: "A" }[x] || String(x)) : String(x));
    if (Array.isArray(v) && v.length === 2 && view.players === 4) {
      // two teams, partners sitting opposite (seats p and p + 2): team p % 2
      const us = view.seat % 2;
      return el("span", null, `us ${face(v[us])} · them ${face(v[1 - us])}`);
    }
    return el("span", null, Array.isArray(v) ? v.map(face).join(" : ") : face(v));
  }
  if (SEAT_KEYS.has(key) && typeof v === "number") return v < 0 ? null : el("span", null, seatName(view, v));
  if (SEAT_LIST_KEYS.has(key) && Array.isArray(v) && v.every((x) => typeof x === "number")) {
    return el("span", null, v.map((x) => seatName(view, x)).join(", "));
  }
  if (key === "claim" && v && typeof v.seat === "number") {
    return el("span", null, `${seatName(view, v.seat)} claimed ${v.tricks} of the remaining tricks`);
  }
  if (Cards.isCardList(v)) {
    const s = el("span", "cards-inline");
    Cards.list(v).forEach((c) => s.append(Cards.element(c, "span", true)));
    return s;
  }
  if (Array.isArray(v) && v.every((x) => Array.isArray(x) && x.length === 2 && typeof x[0] === "number" && typeof x[1] === "string")) {
    // [player, text] pairs: a trick
    const s = el("span", "cards-inline");
    v.forEach(([p, t]) => { const c = el("span", "trick-card"); c.append(Cards.play(t), el("span", "who", seatName(view, p))); s.append(c); });
    return s;
  }
  if ((key === "tribute" || key === "returned") && Array.isArray(v)) {
    // Guandan: [giver, receiver, card] of each tribute; [receiver, giver, card] of each return
    const s = el("span", "cards-inline");
    for (const [from, to, card] of v) {
      s.append(el("span", null, `${seatName(view, from)} → ${seatName(view, to)}`), Cards.element(card, "span", true));
    }
    return s;
  }
  if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && "payer" in x && "payee" in x)) {
    // a settlement: who pays whom, how much, and why (Zheng Shangyou's bomb bonuses)
    const ul = el("ul", "settlement");
    for (const x of v) {
      ul.append(el("li", null, `${seatName(view, x.payer)} → ${seatName(view, x.payee)}: ${x.points}` +
        (x.reason ? ` (${x.reason})` : "")));
    }
    return ul;
  }
  if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
    // records (e.g. each deal's result): the last few, one line each
    const ul = el("ul", "records");
    for (const x of v.slice(-3)) {
      ul.append(el("li", null, Object.entries(x).map(([k, y]) =>
        `${k.replace(/_/g, " ")} ${SEAT_KEYS.has(k) && typeof y === "number" ? seatName(view, y) : typeof y === "object" ? JSON.stringify(y) : y}`).join(" · ")));
    }
    return ul;
  }
  if (typeof v === "object" && !Array.isArray(v) && typeof v.player === "number") {
    // {player, cards, …}: who, then what
    const s = el("span", "cards-inline");
    s.append(el("span", null, seatName(view, v.player) + ": "));
    for (const [k, x] of Object.entries(v)) {
      if (k === "player") continue;
      s.append(Cards.isCardList(x) ? valueNode(k, x, view) : el("span", null, `${k} ${typeof x === "object" ? JSON.stringify(x) : x} `));
    }
    return s;
  }
  if (typeof v === "object") {
    const text = Array.isArray(v) ? v.map((x) => (typeof x === "object" && x !== null ? JSON.stringify(x) : String(x))).join(", ")
      : Object.entries(v).map(([a, b]) => `${a}: ${typeof b === "object" ? JSON.stringify(b) : b}`).join(", ");
    return el("span", null, text.length > 300 ? text.slice(0, 300) + "…" : text);
  }
  return el("span", null, v === true ? "yes" : String(v));
}

function renderInfo(view, obs) {
  const box = $("info");
  box.textContent = "";
  const dl = el("dl");
  const add = (label, node) => {
    if (!node) return;
    const row = el("div", "info-row");
    row.append(el("dt", null, label), el("dd"));
    row.lastChild.append(node);
    dl.append(row);
  };
  for (const [key, v] of Object.entries(obs)) {
    if (DRAWN.has(key)) continue;
    if (key === "trick" || key === "tricks") continue;
    if (key === "auction" && obs.phase === "auction") continue;   // drawn as the auction table
    add(LABELS[key] || key.replace(/_/g, " "), valueNode(key, v, view));
  }
  if (Array.isArray(obs.tricks) && obs.tricks.length) {
    const t = obs.tricks[obs.tricks.length - 1];
    if (t && Array.isArray(t.cards)) add("last trick", valueNode("last_trick", t.cards, view));
  }
  if (Array.isArray(obs.raise_range) && myTurn(view)) add("to call", el("span", null, String(obs.to_call ?? 0)));
  box.append(dl);
}

function renderHands(view, obs) {
  const moves = legalMoves(view);
  const turn = myTurn(view);
  const cardMoves = moves.filter((m) => m.info.kind !== "plain" && m.info.verb !== "declare");
  drawHand($("hand"), "hand", myHand(obs), cardMoves, turn);
  const dummy = Cards.list(obs.dummy_hand);
  const showDummy = dummy.length > 0 && obs.dummy !== view.seat;
  $("dummy").hidden = $("dummy-label").hidden = !showDummy;
  if (showDummy) {
    $("dummy-label").textContent = `Dummy · ${seatName(view, obs.dummy)}`;
    drawHand($("dummy"), "dummy", dummy, cardMoves, turn);
  }
  const n = myHand(obs).length;
  const whose = view.read_only ? `Hand of ${seatName(view, view.seat)}` : "Your hand";
  $("hand-label").textContent = n ? `${whose} (${n})` : whose;
  $("hand").hidden = $("hand-label").hidden = n === 0 && (view.over || !!view.replay);
}

// Guandan's wild cards: the hearts of the level rank (GD-2).
function wildCard(view, text) {
  const lv = view.observation.level;
  if (view.game !== "guandan" || lv == null) return false;
  const face = typeof lv === "number" ? ({ 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A" }[lv] || String(lv)) : String(lv);
  return text === face + "h" || (face === "T" && text === "10h");
}

function drawHand(box, src, cards, cardMoves, turn) {
  box.textContent = "";
  box.dataset.count = cards.length;
  cards.forEach((text, idx) => {
    const b = Cards.element(text, "button");
    if (wildCard(app.view, text)) {
      b.classList.add("wild"); b.title = "wild card";
      b.setAttribute("aria-label", t("card.wild", { card: Cards.name(text) }));
    }
    b.type = "button";
    b.dataset.src = src;
    b.dataset.idx = idx;
    b.setAttribute("role", "option");
    b.setAttribute("aria-describedby", "hand-keys");
    const sel = app.selected.some((s) => s.src === src && s.idx === idx);
    b.setAttribute("aria-selected", sel ? "true" : "false");
    if (sel) b.classList.add("selected");
    if (turn && cardMoves.length && !Cards.usable(cardMoves, text)) b.classList.add("unusable");
    b.tabIndex = app.focus.src === src && app.focus.idx === idx ? 0 : -1;
    b.addEventListener("click", () => { app.focus = { src, idx }; toggle(src, idx); });
    b.addEventListener("dblclick", () => playIfSingle());
    box.append(b);
  });
  if (!box.querySelector('[tabindex="0"]') && box.firstChild) box.firstChild.tabIndex = 0;
  layoutHand(box);
}

function layoutHand(box) {
  const n = box.children.length;
  if (!n) return;
  const w = box.firstChild.getBoundingClientRect().width || 48;
  const W = box.clientWidth - 8;
  let step = n > 1 ? Math.floor(((W - w - 1) / (n - 1)) * 10) / 10 : w;
  // At least 26px of each card shows (a touch target above WCAG's 24px): a big hand wraps into rows.
  step = Math.max(Math.min(step, w + 4), Math.min(w * 0.65, 26));
  box.style.setProperty("--step", `${step - w}px`);
}

function selectedTexts() {
  const view = app.view;
  const hands = { hand: myHand(view.observation), dummy: Cards.list(view.observation.dummy_hand) };
  return app.selected.map((s) => hands[s.src][s.idx]).filter(Boolean);
}

function toggle(src, idx) {
  if (!myTurn(app.view)) return;
  const i = app.selected.findIndex((s) => s.src === src && s.idx === idx);
  if (i >= 0) app.selected.splice(i, 1);
  else {
    // A hand's cards and dummy's never form one move together.
    app.selected = app.selected.filter((s) => s.src === src);
    app.selected.push({ src, idx });
  }
  renderHands(app.view, app.view.observation);
  renderMoves(app.view);
  const b = document.querySelector(`.hand [data-src="${src}"][data-idx="${idx}"]`);
  if (b) b.focus();
}

function renderMoves(view) {
  const box = $("moves");
  box.textContent = "";
  $("prompt").textContent = "";
  $("bet").hidden = true;
  $("claim").hidden = true;
  $("move-error").textContent = "";
  if (!myTurn(view)) return;
  const moves = legalMoves(view);
  // Declarations are few and offered as buttons; other card moves are made by selecting cards.
  const always = (m) => m.info.kind === "plain" || m.info.verb === "declare";
  const plain = moves.filter(always);
  const cardMoves = moves.filter((m) => !always(m));
  const sel = selectedTexts();
  const formed = Cards.matching(cardMoves, sel);
  const betting = Array.isArray(view.observation.raise_range);
  const bids = plain.filter((m) => CALL_RE.test(m.text));
  for (const m of plain) {
    if (betting && /^(bet|raise) \d+$/.test(m.text)) continue;   // the slider offers every size
    if (bids.includes(m)) continue;
    box.append(moveButton(m));
  }
  if (bids.length) {
    // The bidding box: a row per level, a column per strain.
    const bb = el("div", "bidbox");
    for (const m of bids) {
      const b = moveButton(m);
      b.textContent = "";
      b.append(callNode(m.text));
      const [, level, strain] = CALL_RE.exec(m.text);
      b.style.gridRow = String(Number(level));
      b.style.gridColumn = String(["C", "D", "H", "S", "NT"].indexOf(strain) + 1);
      bb.append(b);
    }
    box.append(bb);
  }
  if (betting) renderBet(view, plain);
  renderClaim(view);
  if (sel.length && !formed.length) $("prompt").textContent = "These cards form no legal move";
  else if (cardMoves.length) {
    const verbs = new Set(cardMoves.map((m) => m.info.verb));
    const verb = verbs.size === 1 ? [...verbs][0] : null;
    const what = verb ? `Select a card to ${verb}` : "Select cards to play";
    if (!sel.length) $("prompt").textContent = what + (plain.length ? ", or choose a move" : "");
    else if (formed.length > 1) $("prompt").textContent = "These cards can be read several ways: choose one";
    formed.forEach((m) => box.append(moveButton(m, true)));
  }
  if (view.legal_count > view.legal.length) {
    $("prompt").textContent += ` (${view.legal_count} legal moves; the first ${view.legal.length} are offered)`;
  }
}

function moveButton(m, primary) {
  const b = el("button", "move" + (primary ? " primary" : ""), Cards.label(m.text, m.info));
  b.type = "button";
  b.dataset.move = m.text;
  if (m.info.kind !== "plain" || CALL_RE.test(m.text)) b.setAttribute("aria-label", moveLabel(m));
  b.addEventListener("click", () => sendMove(m.text));
  return b;
}

// A card move's or a call's button said in words ("Play pair of 7s", "1 heart").
function moveLabel(m) {
  const verb = m.info.verb && m.info.verb !== "play" ? "" : t("move.play") + " ";
  return CALL_RE.test(m.text) ? Cards.spoken(m.text, m.info) : verb + Cards.spoken(m.text, m.info);
}

function renderBet(view, plain) {
  const [lo, hi] = view.observation.raise_range;
  const sized = plain.find((m) => /^(bet|raise) \d+$/.test(m.text));
  if (!sized) return;
  const verb = sized.text.split(" ")[0];
  const range = $("bet-range"), amount = $("bet-amount"), btn = $("bet-btn");
  range.min = amount.min = lo; range.max = amount.max = hi;
  btn.disabled = false;
  range.step = amount.step = 1;
  if (!(Number(range.value) >= lo && Number(range.value) <= hi)) range.value = lo;
  amount.value = range.value;
  const label = () => { btn.textContent = `${verb[0].toUpperCase() + verb.slice(1)} to ${amount.value}${Number(amount.value) === hi ? " (all in)" : ""}`; };
  range.oninput = () => { amount.value = range.value; label(); };
  amount.oninput = () => { range.value = amount.value; label(); };
  btn.onclick = () => {
    const v = Math.round(Number(amount.value));
    if (!(v >= lo && v <= hi)) { $("move-error").textContent = `a ${verb} is ${lo} to ${hi}`; return; }
    sendMove(`${verb} ${v}`);
  };
  label();
  $("bet").hidden = false;
}

// Bridge: claim some of the remaining tricks (the server checks it double dummy).
function renderClaim(view) {
  if (!view.claim) return;
  const n = $("claim-tricks");
  $("claim-btn").disabled = false;
  n.max = view.claim.remaining;
  if (!(Number(n.value) >= 0 && Number(n.value) <= view.claim.remaining)) n.value = view.claim.remaining;
  $("claim-of").textContent = `of the ${view.claim.remaining} remaining tricks`;
  $("claim-btn").onclick = () => {
    const v = Math.round(Number(n.value));
    if (!(v >= 0 && v <= view.claim.remaining)) { $("move-error").textContent = `claim 0 to ${view.claim.remaining} tricks`; return; }
    sendMove(`claim ${v}`);
  };
  $("claim").hidden = false;
}

async function sendMove(text) {
  const view = app.view;
  if (!view || app.busy) return;
  app.busy = true;
  document.querySelectorAll("#moves button, #bet-btn, #claim-btn").forEach((b) => { b.disabled = true; });
  try {
    const next = await api("POST", `/api/games/${view.id}/move`, { move: text, ply: view.ply });
    app.selected = [];
    accept(next);
  } catch (e) {
    showError(e.message);
    if (e.status === 409) {
      try { accept(await api("GET", `/api/games/${view.id}`), true); } catch (e2) { /* keep */ }
      showError(e.message);
    } else {
      document.querySelectorAll("#moves button, #bet-btn, #claim-btn").forEach((b) => { b.disabled = false; });
    }
  } finally {
    app.busy = false;
  }
}

function playIfSingle() {
  const buttons = [...document.querySelectorAll("#moves button.primary")];
  if (buttons.length === 1) buttons[0].click();
}

function renderOutcome(view) {
  const box = $("outcome");
  box.textContent = "";
  if (!view.over || !view.outcome) { box.hidden = true; return; }
  box.hidden = false;
  const o = view.outcome;
  const won = o.winners.includes(view.seat);
  if (view.read_only) {
    const names = o.winners.map((p) => seatName(view, p));
    box.append(el("h2", null, names.length ? `Won by ${names.join(" and ")}` : "A draw"));
  } else box.append(el("h2", won ? "won" : "lost", won ? "You won" : (o.winners.length ? "You lost" : "A draw")));
  const table = el("table", "returns");
  const head = el("tr");
  head.append(el("th", null, "seat"), el("th", null, "result"));
  table.append(head);
  o.returns.forEach((r, p) => {
    const tr = el("tr", o.winners.includes(p) ? "winner" : "");
    tr.append(el("td", null, seatName(view, p)), el("td", null, (r > 0 ? "+" : "") + r));
    table.append(tr);
  });
  box.append(table);
  const settle = valueNode("settlement", view.observation.settlement, view);
  if (settle) box.append(el("h3", null, "Settlement"), settle);
  const score = Object.entries(o.score || {});
  const extra = view.observation.score && typeof view.observation.score === "object" ? Object.entries(view.observation.score) : [];
  if (score.length || extra.length) {
    const dl = el("dl", "score");
    for (const [k, v] of score.length ? score : extra) {
      dl.append(el("dt", null, k.replace(/_/g, " ")), el("dd", null, typeof v === "object" ? JSON.stringify(v) : String(v)));
    }
    box.append(el("h3", null, "Score"), dl);
  }
}

function renderLog(view, obs) {
  const ol = $("log");
  const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 8;
  ol.textContent = "";
  const hist = obs.history || [];
  const start = Math.max(0, hist.length - 400);
  if (start > 0) ol.append(el("li", "more", `… ${start} earlier decisions`));
  for (let i = start; i < hist.length; i++) {
    const [p, text] = hist[i];
    const li = el("li", p === view.seat ? "mine" : "");
    li.append(el("span", "who", p < 0 ? "deal" : seatName(view, p)), Cards.play(text));
    const why = view.explanations && view.explanations[i];
    if (why) li.append(el("span", "why", why.text));
    ol.append(li);
  }
  if (view.notes) for (const n of view.notes) ol.append(el("li", "note", n));
  if (atEnd || hist.length < 40) ol.scrollTop = ol.scrollHeight;
}

// -- controls ----------------------------------------------------------------------------------
async function hint() {
  const view = app.view;
  if (!myTurn(view)) return;
  try {
    const h = await api("POST", `/api/games/${view.id}/hint`, { ply: view.ply });
    if (app.view.ply !== h.ply) return;
    const info = Cards.classify(h.move);
    app.selected = [];
    if (info.kind !== "plain") {
      // Select the hinted cards in the hand (or dummy) so the move is one click away.
      const want = info.kind === "ranks" ? info.ranks.slice() : info.cards.slice();
      for (const src of ["hand", "dummy"]) {
        const cards = src === "hand" ? myHand(view.observation) : Cards.list(view.observation.dummy_hand);
        const left = want.slice(), pick = [];
        cards.forEach((c, idx) => {
          const key = info.kind === "ranks" ? Cards.parse(c)?.rank : Cards.parse(c)?.text;
          const j = left.indexOf(key);
          if (j >= 0) { left.splice(j, 1); pick.push({ src, idx }); }
        });
        if (!left.length) { app.selected = pick; break; }
      }
    }
    renderHands(view, view.observation);
    renderMoves(view);
    document.querySelectorAll("#moves button").forEach((b) => b.classList.toggle("hinted", b.dataset.move === h.move));
    $("prompt").textContent = `Hint: ${Cards.label(h.move, info)}`;
  } catch (e) { showError(e.message); }
}

async function undo() {
  const view = app.view;
  try { accept(await api("POST", `/api/games/${view.id}/undo`, { ply: view.ply }), true); } catch (e) { showError(e.message); }
}

async function again() {
  const view = app.view;
  if (!view || view.read_only) { location.hash = "#/"; return; }
  try {
    const next = await api("POST", "/api/games", { game: view.game, level: view.level, pace: view.pace, seat: view.seat,
      undo: view.undo_enabled !== false, ...(view.plays_matches ? { match: view.match } : {}) });
    location.hash = `#/game/${next.id}`;
  } catch (e) { showError(e.message); }
}

async function replayTo(step) {
  const id = app.view.id;
  const v = await api("GET", `/api/games/${id}/replay/${step}`);
  app.replay = v.replay;
  app.view = v;
  app.selected = [];
  $("replay-step").max = v.replay.steps;
  $("replay-step").value = v.replay.step;
  $("replay-label").textContent = `${v.replay.step} / ${v.replay.steps}`;
  render();
}

async function closeReplay() {
  app.replay = null;
  accept(await api("GET", `/api/games/${app.view.id}`), true);
}

function onKey(ev) {
  const t = ev.target;
  if (!t.classList || !t.classList.contains("card") || !t.dataset.src) {
    if (ev.key === "Escape" && app.selected.length) { app.selected = []; renderHands(app.view, app.view.observation); renderMoves(app.view); }
    return;
  }
  const box = t.parentElement;
  const idx = Number(t.dataset.idx);
  const n = box.children.length;
  let next = null;
  if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = Math.min(n - 1, idx + 1);
  else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = Math.max(0, idx - 1);
  else if (ev.key === "Home") next = 0;
  else if (ev.key === "End") next = n - 1;
  else if (ev.key === " ") { ev.preventDefault(); toggle(t.dataset.src, idx); return; }
  else if (ev.key === "Enter") {
    // Enter selects like Space; on a selected card it makes the one move the selection forms.
    ev.preventDefault();
    const selected = t.getAttribute("aria-selected") === "true";
    if (selected && document.querySelectorAll("#moves button.primary").length === 1) playIfSingle();
    else toggle(t.dataset.src, idx);
    return;
  }
  else if (ev.key === "Escape") { app.selected = []; renderHands(app.view, app.view.observation); renderMoves(app.view); return; }
  if (next != null) {
    ev.preventDefault();
    for (const c of box.children) c.tabIndex = -1;
    box.children[next].tabIndex = 0;
    box.children[next].focus();
    app.focus = { src: t.dataset.src, idx: next };
  }
}

function route() {
  const m = /^#\/game\/([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (m) showGame(m[1]);
  else showHome();
}

document.addEventListener("DOMContentLoaded", () => {
  $("table").setAttribute("aria-label", t("a11y.table"));
  $("mine").setAttribute("aria-label", t("a11y.mine"));
  $("hand-keys").textContent = t("a11y.keys");
  $("announcer").setAttribute("aria-label", t("a11y.announcer"));
  $("new-game").addEventListener("submit", startGame);
  setupReplayDrop();
  $("hint-btn").addEventListener("click", hint);
  $("rules-btn").addEventListener("click", () => app.view && Site.openRules(app.view.game));
  $("undo-btn").addEventListener("click", undo);
  $("again-btn").addEventListener("click", again);
  $("replay-btn").addEventListener("click", () => replayTo(0));
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo(Math.max(0, app.replay.step - 1)));
  $("replay-next").addEventListener("click", () => replayTo(Math.min(app.replay.steps, app.replay.step + 1)));
  $("replay-last").addEventListener("click", () => replayTo(app.replay.steps));
  $("replay-step").addEventListener("change", (e) => replayTo(Number(e.target.value)));
  $("replay-close").addEventListener("click", closeReplay);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", route);
  window.addEventListener("resize", () => document.querySelectorAll(".hand").forEach(layoutHand));
  route();
});
