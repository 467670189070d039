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

// Bridge seats as the engine numbers them (RULES.md §7: South 0, West 1, North 2, East 3).
const SEAT_NAMES = { bridge: [N_("South"), N_("West"), N_("North"), N_("East")] };
const PARTNERS = { guandan: 2, shengji: 2, bridge: 2 };
// Observation keys the table draws itself; the rest go to the info panel.
const DRAWN = new Set(["game", "player", "current_player", "is_over", "history", "hand", "hole",
  "hand_sizes", "hand_counts", "trick", "last_play", "last_player", "board", "pot", "stacks", "bets",
  "returns", "in_hand", "eliminated", "shown", "dummy_hand", "raise_range", "to_call", "played",
  "seat_to_play", "from_dummy", "tricks", "signals", "side_pots"]);
// The name of each observation and score key (cardavia/labels.py, sent with the page's language;
// translated where shown); a key missing there is shown as a translated "{key}" so an untranslated
// name is visible in tests.
const LABELS = I18N.labels || {};
// Words of the engines' values (phases, verbs of moves) the page shows.
const WORDS = { auction: N_("auction"), play: N_("play"), bidding: N_("bidding"), over: N_("over"),
  tribute: N_("tribute"), declare: N_("declare"), bury: N_("bury"), preflop: N_("preflop"), flop: N_("flop"),
  turn: N_("turn"), river: N_("river"), showdown: N_("showdown"), lock: N_("lock"), bet: N_("bet"),
  pass: N_("pass"), call: N_("call"), fold: N_("fold"), check: N_("check"), raise: N_("raise"),
  double: N_("double"), redouble: N_("redouble"), return: N_("return"), yes: N_("yes"), no: N_("no"),
  "all-in": N_("all-in"), allin: N_("all in"), bomb: N_("bomb"), rocket: N_("rocket"), spring: N_("spring"),
  bid: N_("bid"), none: N_("none"), both: N_("both"), ns: N_("North-South"), ew: N_("East-West"), betting: N_("betting"),
  settled: N_("settled"), single: N_("single"), pair: N_("pair"), pairs: N_("pairs"), triple: N_("triple"),
  straight: N_("straight"), fullhouse: N_("full house"), straightflush: N_("straight flush"), triples: N_("triples"),
  jokerbomb: N_("joker bomb"), airplane: N_("airplane"), tractor: N_("tractor"), claim: N_("claim"),
  triple_single: N_("triple with a single"), triple_pair: N_("triple with a pair"), pair_run: N_("run of pairs"),
  airplane_single_wings: N_("airplane with single wings"), airplane_pair_wings: N_("airplane with pair wings"),
  four_two_singles: N_("four with two singles"), four_two_pairs: N_("four with two pairs"), ace_bomb: N_("ace bomb"),
  heavenly_bomb: N_("heavenly bomb") };
const label = (key) => (key in LABELS ? t(LABELS[key]) : t("{key}", { key: key.replace(/_/g, " ") }));
// A word of the engine translated where it is one we know, else as it is (card texts, numbers).
// A pass now is a call (no bid) while no card of the deal has been played (passesThatAreCalls).
const passIsACall = () => {
  const hist = (app.view && app.view.observation && app.view.observation.history) || [];
  return passesThatAreCalls([...hist, [0, "pass"]]).has(hist.length);
};
const word = (w) => {
  if (typeof w !== "string" || !Object.prototype.hasOwnProperty.call(WORDS, w.toLowerCase())) return w;
  if (w.toLowerCase() === "pass" && passIsACall()) return pt("a call", "pass");
  return t(WORDS[w.toLowerCase()]);
};
// Keys holding a seat, a team (partners sit opposite: team t is seats t and t + 2), a trump.
const KEYS = I18N.keys || {};
const SEAT_KEYS = new Set(KEYS.seat || []);
const TEAM_KEYS = new Set(KEYS.team || []);
const TRUMP_KEYS = new Set(KEYS.trump || []);
// Observation keys holding a list of seats (a finishing order).
const SEAT_LIST_KEYS = new Set(KEYS.seat_list || []);

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
// Numbered from 0, as the rules, the terminal and the API number them ("Seat 0 locks first", UD-2.2).
function baseSeatName(game, p) {
  const names = SEAT_NAMES[game];
  return names ? t(names[p]) : t("Seat {n}", { n: p });
}

// Team t of a partnership game: seats t and t + 2.
function teamName(view, team) {
  return t("{a} and {b}", { a: seatName(view, team), b: seatName(view, team + 2) });
}

function seatName(view, p) {
  if (p == null) return t("nobody");
  if (p === -1) return t("deal");
  const base = baseSeatName(view.game, p);
  if (view.read_only) return base;   // a replay file: nobody at the table is "you"
  if (p === view.seat) return SEAT_NAMES[view.game] ? t("You ({seat})", { seat: base }) : t("You");
  const partner = PARTNERS[view.game] && (p - view.seat + view.players) % view.players === PARTNERS[view.game];
  return partner ? t("Partner · {seat}", { seat: base }) : t("AI · {seat}", { seat: base });
}

// -- home -------------------------------------------------------------------------------
async function showHome() {
  closeSocket();
  app.view = null;
  $("table-view").hidden = true;
  $("home").hidden = false;
  $("subtitle").textContent = t("Play against the AI");
  document.title = t("Cardavia — play against the AI");
  if (!app.catalog) app.catalog = await api("GET", "/api/catalog");
  const box = $("game-choices");
  if (!box.querySelector("input")) {
    app.catalog.games.forEach((g, i) => {
      const lab = el("label", "game-choice");
      const inp = el("input");
      inp.type = "radio"; inp.name = "game"; inp.value = g.name; inp.id = `game-${g.name}`;
      if (i === 0) inp.checked = true;
      lab.append(inp, el("span", "game-title", g.title),
        el("span", "game-players", g.plays_matches ? tn("{n} player · match", "{n} players · match", g.players)
          : tn("{n} player", "{n} players", g.players)));
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
      const level = (app.catalog.levels.find((lv) => lv.name === g.level) || { title: g.level }).title;
      const what = g.read_only ? t("replay file") : g.over ? t("{level} · finished", { level }) : t("{level} · in progress", { level });
      const name = `${titles[g.game] || g.game} · ${what}`;
      const a = el("a", null, name);
      a.href = `#/game/${g.id}`;
      const drop = el("button", "drop-game", "×");
      drop.type = "button";
      drop.title = t("Remove {game} from your games", { game: name });
      drop.setAttribute("aria-label", drop.title);
      drop.addEventListener("click", async () => {
        try {
          await api("DELETE", `/api/games/${encodeURIComponent(g.id)}`);
          li.remove();
          $("my-games").hidden = ul.children.length === 0;
        } catch (e) { $("home-error").textContent = e.message; }
      });
      li.append(a, " ", drop);
      ul.append(li);
    }
    $("my-games").hidden = mine.games.length === 0;
  } catch (e) { /* the list is a convenience */ }
}

function chosenGame() {
  const inp = document.querySelector('input[name="game"]:checked');
  return app.catalog.games.find((g) => g.name === (inp && inp.value)) || app.catalog.games[0];
}

// What plays at each level, in words (the agents' names are the engine's).
const AGENT_WORDS = { heuristic: N_("rules of thumb"), mc: N_("Monte Carlo search"),
  ismcts: N_("tree search"), random: N_("random moves"), cfr: N_("solved strategy") };

function updateHomeOptions() {
  const g = chosenGame();
  const sel = $("level");
  const current = sel.value || app.catalog.default_level;
  sel.textContent = "";
  for (const lv of app.catalog.levels) {
    const agent = g.levels[lv.name];
    const o = el("option", null, `${lv.title} (${AGENT_WORDS[agent] ? t(AGENT_WORDS[agent]) : agent})`);
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
  const current = Number(sel.value || 0);
  sel.textContent = "";
  for (let p = 0; p < n; p++) {
    const o = el("option", null, baseSeatName(g && g.name, p));
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
    $("replay-error").textContent = t("{file} is {size} kB: a replay may be {limit} kB at most",
      { file: file.name, size: Math.ceil(file.size / 1024), limit: limit / 1024 });
    return;
  }
  const reader = new FileReader();
  reader.onload = () => { $("replay-text").value = reader.result; updateReplaySeats(); };
  reader.onerror = () => { $("replay-error").textContent = t("cannot read {file}", { file: file.name }); };
  reader.readAsText(file);
}

async function openReplay(ev) {
  if (ev) ev.preventDefault();
  $("replay-error").textContent = "";
  const text = $("replay-text").value;
  if (!text.trim()) { $("replay-error").textContent = t("Choose or drop a replay file, or paste its JSON, first."); return; }
  try {
    const view = await api("POST", "/api/replays", { state: text, seat: Number($("replay-seat").value || 0) });
    location.hash = `#/game/${view.id}`;
  } catch (e) {
    $("replay-error").textContent = e.status === 413 ? t("The replay is too large ({reason}).", { reason: e.message }) : e.message;
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
    $("home-error").textContent = e.status === 404 ? t("That game is not in this browser's session.") : e.message;
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
  if (text === "pass") return t("{who} passes", { who });
  if (CALL_RE.test(text)) return t("{who} bids {what}", { who, what: Cards.spoken(text, info) });
  if (info.kind === "ranks" || (info.kind === "cards" && (!info.verb || info.verb === "play"))) {
    return t("{who} plays {what}", { who, what: Cards.spoken(text, info) });
  }
  return t("{who}: {what}", { who, what: Cards.spoken(text, info) });
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

// The engines' chance entries (a new deal, a street, a result) as translated sentences, from
// cardavia/chance_words.py (which says what each parameter's mark means): [pattern, template,
// parameter names, clause]; here a seat is named as at this table and "$" cards are drawn ("7♥ Q♠").
const CHANCE_DATA = I18N.chance || { entries: [], rise: ["", ""], signals: "" };
const CLAUSES = {
  rise: (p) => ({ rise: tn(CHANCE_DATA.rise[0], CHANCE_DATA.rise[1], p.levels, { team: p.team }) }),
  signals: (p, view) => ({ signals: signalsText(view, p.signals) }),
};
const CHANCE = CHANCE_DATA.entries.map(([source, template, names, clause]) =>
  [new RegExp(`^(?:${source})$`), template, names, CLAUSES[clause]]);

// The duel's public signals of a deal entry ("0: 2 UP 0 DOWN, 1: 1 UP 1 DOWN"), each seat named
// and its counts as its seat's badge shows them.
function signalsText(view, text) {
  const each = String(text).split(", ").map((part) => /^(\d+): (\d+) UP (\d+) DOWN$/.exec(part));
  if (each.some((m) => !m)) return moveWords(text);
  return listText(each.map(([, seat, up, down]) => t(CHANCE_DATA.signals,
    { seat: seatName(view, Number(seat)), up: Number(up), down: Number(down) })));
}

// Seats named in a chance entry: "A and B" for two, an ordered list "A, B, C, D" for more.
function seatList(view, seats) {
  const names = seats.map((p) => seatName(view, p));
  return names.length === 2 ? t("{a} and {b}", { a: names[0], b: names[1] }) : listText(names);
}

// A seat as the subject of a chance entry: the person in the third person ("Seat 0 (you) leads").
function chanceSeat(view, p) {
  return p === view.seat && !view.read_only ? t("{seat} (you)", { seat: baseSeatName(view.game, p) }) : seatName(view, p);
}

// A chance entry's text in the page's language, its seats named as at the table (the engine's
// numbers otherwise; its words one by one when no pattern knows it).
function chanceText(view, text) {
  for (const [re, template, names, more] of CHANCE) {
    const m = re.exec(text);
    if (!m) continue;
    const params = {};
    names.forEach((name, i) => {
      const v = m[i + 1];
      if (name.startsWith("@@")) params[name.slice(2)] = seatList(view, v.split(/ and | /).filter(Boolean).map(Number));
      else if (name.startsWith("@")) params[name.slice(1)] = chanceSeat(view, Number(v));
      else if (name.startsWith("#")) params[name.slice(1)] = teamName(view, Number(v));
      else if (name.startsWith("%")) params[name.slice(1)] = STRAIN[v] || v;
      else if (name.startsWith("~")) params[name.slice(1)] = v;
      else if (name.startsWith("^")) params[name.slice(1)] = v === "T" ? "10" : v;   // a level as the table writes it
      else if (name.startsWith("$")) params[name.slice(1)] = Cards.list(v).map(Cards.shortLabel).join(" ");
      else params[name] = /^\d+$/.test(v) ? Number(v) : v;
    });
    if (more) Object.assign(params, more(params, view));
    return Array.isArray(template) ? tn(template[0], template[1], params.n, params) : t(template, params);
  }
  return moveWords(text);
}

// An AI explanation in the page's language: the English template is the msgid, its
// parameters filled (suit names translated); the server's English when it sent no template.
// A count's template is [singular, plural], its form chosen by the parameter e.count names.
// The person's own move comes as the AIs read it (e.reading), and says so.
function explanation(e) {
  const text = explanationText(e);
  return e.reading ? t("read as: {reading}", { reading: text }) : text;
}

function explanationText(e) {
  if (!e.template || (LANG === "en" && e.text)) return e.text;
  const params = {};
  for (const [k, v] of Object.entries(e.params_text || e.params || {})) params[k] = typeof v === "string" ? word(t(v)) : v;
  if (Array.isArray(e.template)) return tn(e.template[0], e.template[1], params[e.count], params);
  return t(e.template, params);
}

// A move's or a call's words translated one by one ("pass", "bid 2", "raise 40").
function moveWords(text) {
  if (LANG === "en") return String(text);
  return String(text).split(" ").map((w) => word(num(/^\d+$/.test(w) ? Number(w) : w))).join(" ");
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
  const title = t(view.title);
  document.title = `${title} — Cardavia`;
  $("subtitle").textContent = title;
  $("table-title").textContent = title + (view.match ? ` · ${t("match")}` : "") +
    (view.replay ? ` · ${t("replay")}` : "");
  $("table").dataset.players = view.players;
  $("table").dataset.game = view.game;
  renderSeats(view, obs);
  renderCenter(view, obs);
  renderInfo(view, obs);
  renderHands(view, obs);
  markDoubleDummy(view);
  renderMoves(view);
  renderStatus();
  renderOutcome(view);
  renderLog(view, obs);
  $("hint-btn").disabled = !myTurn(view);
  $("hint-btn").hidden = !!view.read_only;
  $("undo-btn").disabled = !view.undo;
  $("undo-btn").hidden = view.undo_enabled === false || !!view.read_only;
  $("again-btn").textContent = view.read_only ? t("Home") : t("New game");
  $("replay-btn").hidden = !(view.over || view.read_only) || !!view.replay;
  const finished = view.replay ? view.replay.finished !== false : view.over;
  $("replay-close").textContent = finished ? t("Back to the result") : t("Back to the last position");
  $("replay-bar").hidden = !view.replay;
  if (view.game === "guandan") {
    document.querySelectorAll("#table-view .card[data-card]").forEach((c) => {
      if (wildCard(view, c.dataset.card)) {
        c.classList.add("wild"); c.title = t("wild card");
        c.setAttribute("aria-label", t("{card}, wild", { card: Cards.name(c.dataset.card) }));
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

// "thinking…" after a seat's name while its AI thinks, in the page's language (table.css shows it)
const THINKING = t("thinking…");

const myTurn = (view) => !view.over && !view.replay && view.current_player === view.seat && view.thinking == null;

// An error under the hand; rule ids in it link to the rule, shown over the table.
function showError(text) {
  Site.showMessage($("move-error"), text, app.view && app.view.game);
}

function renderStatus() {
  const view = app.view;
  if (!view) return;
  let text;
  const seen = view.read_only ? ` · ${t("seen from {seat}", { seat: seatName(view, view.seat) })}` : "";
  if (view.replay) text = t("Replay: step {step} of {steps}", { step: view.replay.step, steps: view.replay.steps }) + seen;
  else if (view.over) text = t("The game is over") + seen;
  else if (view.read_only) text = t("{seat} to play · the replay ends here", { seat: seatName(view, view.current_player) }) + seen;
  else if (view.thinking != null) text = t("{seat} is thinking…", { seat: seatName(view, view.thinking) });
  else if (view.current_player === view.seat) text = t("Your turn");
  else text = t("{seat} to play", { seat: seatName(view, view.current_player) });
  if (text === t("Your turn") && $("status").textContent !== text) Site.chime();
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
    head.dataset.thinking = THINKING;   // shown after the name while this seat's AI thinks (table.css)
    s.append(head);
    const facts = el("div", "seat-facts");
    if (view.read_only && p === view.seat) facts.append(el("span", "badge seen", t("seen from here")));
    if (sizes && sizes[p] != null) facts.append(el("span", "fact", tn("{n} card", "{n} cards", sizes[p])));
    if (Array.isArray(obs.stacks)) facts.append(el("span", "fact chips", tn("{n} chip", "{n} chips", obs.stacks[p])));
    // (once over, the last street's bets are in the pot that was paid out: no seat still has one)
    if (!view.over && Array.isArray(obs.bets) && obs.bets[p]) facts.append(el("span", "fact bet", t("bet {n}", { n: obs.bets[p] })));
    for (const key of SEAT_KEYS) {
      if (obs[key] === p && obs[key] !== null) facts.append(el("span", "badge", label(key)));
    }
    if (Array.isArray(obs.finished) && obs.finished.includes(p)) {
      facts.append(el("span", "badge", t("out: place {n}", { n: obs.finished.indexOf(p) + 1 })));
    }
    if (Array.isArray(obs.signals) && obs.signals[p] && typeof obs.signals[p] === "object") {
      const sg = obs.signals[p];
      facts.append(el("span", "badge signal", t("UP {up} · DOWN {down}", { up: sg.up ?? 0, down: sg.down ?? 0 })));
    }
    if (Array.isArray(obs.eliminated) && obs.eliminated[p]) facts.append(el("span", "badge", t("eliminated")));
    if (Array.isArray(obs.in_hand) && obs.in_hand[p] === false && !(obs.eliminated || [])[p]) facts.append(el("span", "badge", t("folded")));
    s.append(facts);
    const act = el("div", "seat-play");
    const mine = trick.filter((e) => Array.isArray(e) && e[0] === p);
    if (mine.length) mine.forEach((e) => act.append(Cards.play(e[1])));
    else if (obs.last_player === p && obs.last_play) act.append(Cards.play(obs.last_play));
    // (once a trick-taking game's cards are played, a seat's last call is old news: the tricks say the rest)
    else if (last[p] != null && !(trickTaking && (obs.phase === "play" || obs.phase === "over"))) {
      const info = Cards.classify(last[p]);
      act.append(info.kind !== "plain" ? Cards.play(last[p]) : CALL_RE.test(last[p]) ? callNode(last[p])
        : el("span", "bubble", moveWords(last[p])));
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
  if (!m) {   // an auction's pass is a call, whenever the auction is shown
    s.textContent = text === "X" || text === "XX" ? text : text === "pass" ? pt("a call", "pass") : moveWords(text);
    s.classList.add("word");
    return s;
  }
  s.textContent = m[1] + STRAIN[m[2]];
  s.setAttribute("role", "img");
  s.setAttribute("aria-label", Cards.spoken(text));
  if (m[2] === "H" || m[2] === "D") s.classList.add("red");
  return s;
}

// The auction so far as a table, a column per seat, starting at the dealer.
function auctionTable(view, obs) {
  const n = view.players;
  const grid = el("table", "auction");
  const head = el("tr");
  for (let p = 0; p < n; p++) head.append(el("th", p === view.seat ? "me" : "", baseSeatName(view.game, p)));
  grid.append(head);
  let row = el("tr");
  const cells = [];
  const why = callExplanations(view, obs);
  for (let p = 0; p < obs.dealer; p++) cells.push(null);
  obs.auction.forEach((c, k) => cells.push([c, why[k]]));
  if (!view.over && obs.phase === "auction") cells.push("?");
  cells.forEach((c, i) => {
    if (i % n === 0 && i) { grid.append(row); row = el("tr"); }
    const td = el("td");
    if (c === "?") td.append(el("span", "call next", "?"));
    else if (c != null) {
      td.append(callNode(c[0]));
      if (c[1]) { td.title = c[1]; td.classList.add("explained"); }
    }
    row.append(td);
  });
  grid.append(row);
  return grid;
}

// The explanation of each call of the auction (by its index): the AI's, or how the AIs read mine.
function callExplanations(view, obs) {
  const out = [];
  const ex = view.explanations || {};
  let k = 0;
  (obs.history || []).forEach(([p, text], i) => {
    if (p < 0 || k >= obs.auction.length || text !== obs.auction[k]) return;
    out[k] = ex[i] ? explanation(ex[i]) : null;
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
  // once over (a claim ends the play mid-trick), the cards of an unfinished trick are no "current trick"
  const entries = !view.over && Array.isArray(obs.trick) ? obs.trick.filter(Array.isArray) : [];
  const toBeat = !view.over && obs.last_play && obs.last_player != null && obs.last_player !== -1;   // nothing to beat once over
  // The play to beat is drawn once: marked where the current trick shows it (Guandan), else on its own.
  const beatAt = toBeat ? entries.map((e) => e[0] === obs.last_player && e[1] === obs.last_play).lastIndexOf(true) : -1;
  if (toBeat && beatAt < 0) {
    const lp = el("div", "to-beat");
    lp.append(el("span", "label", t("to beat ({seat})", { seat: seatName(view, obs.last_player) })), Cards.play(obs.last_play));
    box.append(lp);
  }
  if (entries.length) {
    const trick = el("div", "trick");
    trick.append(el("span", "label", t("current trick")));
    entries.forEach((e, i) => {
      const beat = i === beatAt;
      const cell = el("span", beat ? "trick-card beat" : "trick-card");
      cell.append(Cards.play(e[1]), el("span", "who",
        beat ? t("to beat ({seat})", { seat: seatName(view, e[0]) }) : seatName(view, e[0])));
      trick.append(cell);
    });
    box.append(trick);
  }
}

// The pot, and when an all-in split it, the main pot and each side pot with who can win it (TH-5.2).
function potsNode(view, obs) {
  const pots = Array.isArray(obs.side_pots) ? obs.side_pots : [];
  // once over, the pot is in the winners' stacks: its size stays, said to be paid out
  const pot = el("div", "pot", view.over ? t("Pot {n}, paid out", { n: obs.pot }) : t("Pot {n}", { n: obs.pot }));
  if (pots.length < 2) return pot;
  const box = el("div", "pots");
  box.append(pot);
  const ul = el("ul", "side-pots");
  pots.forEach((p, i) => {
    const who = p.eligible.length === view.players ? t("everyone") : listText(p.eligible.map((s) => seatName(view, s)));
    const li = el("li", null);
    li.append(el("span", "pot-name", i === 0 ? t("Main pot") : t("Side pot {n}", { n: i })), el("span", "pot-amount", String(num(p.amount))),
      el("span", "pot-who", p.eligible.length === 1 ? t("{seats} (unmatched, back to him)", { seats: who }) : who));
    ul.append(li);
  });
  box.append(ul);
  return box;
}

// [seat, node] pairs as "Seat: node" parts that wrap between seats, never inside one.
function bySeat(pairs, view) {
  const s = el("span", "by-seat");
  for (const [p, node] of pairs) {
    const part = el("span", null, seatName(view, p) + ": ");
    if (node) part.append(node);
    s.append(part);
  }
  return s;
}

// One value of a record, as text (a seat, a team, a trump, yes/no, a word or a number).
function recordValue(k, y, view) {
  if (SEAT_KEYS.has(k) && typeof y === "number") return seatName(view, y);
  if (TEAM_KEYS.has(k) && typeof y === "number" && view.players === 4) return teamName(view, y);
  if (TRUMP_KEYS.has(k) && typeof y === "string" && y in STRAIN) return STRAIN[y];
  if (typeof y === "boolean") return t(y ? "yes" : "no");
  return typeof y === "object" ? JSON.stringify(y) : word(num(y));
}

// Keys holding one card for each seat, in seat order (Up/Down's revealed locked cards).
const CARD_BY_SEAT_KEYS = new Set(["showdown", "last_reveal"]);

// Dou Dizhu's bids of this round, in bidding order from the first bidder (0 is a pass): each with
// the seat that made it, a pass said as the call it is.
function bidsNode(bids, view) {
  const first = view.observation && view.observation.first_bidder;
  const text = (b) => (b ? String(num(b)) : pt("a call", "pass"));
  if (typeof first !== "number") return el("span", null, listText(bids.map(text)));
  return bySeat(bids.map((b, i) => [(first + i) % view.players, el("span", null, text(b))]), view);
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
    return el("span", null, t("us {us} · them {them}", { us: v[us], them: v[1 - us] }));
  }
  if ((key === "level" || key === "team_levels") && (typeof v === "number" || Array.isArray(v))) {
    // levels are ints 2..14: show the rank (J, Q, K, A)
    const face = (x) => (typeof x === "number" ? ({ 11: "J", 12: "Q", 13: "K", 14: "A" }[x] || String(x)) : String(x));
    if (Array.isArray(v) && v.length === 2 && view.players === 4) {
      // two teams, partners sitting opposite (seats p and p + 2): team p % 2
      const us = view.seat % 2;
      return el("span", null, t("us {us} · them {them}", { us: face(v[us]), them: face(v[1 - us]) }));
    }
    return el("span", null, Array.isArray(v) ? v.map(face).join(" : ") : face(v));
  }
  if (SEAT_KEYS.has(key) && typeof v === "number") return v < 0 ? null : el("span", null, seatName(view, v));
  if (TEAM_KEYS.has(key) && typeof v === "number" && view.players === 4) return el("span", null, teamName(view, v));
  if (TRUMP_KEYS.has(key) && typeof v === "string" && v in STRAIN) return el("span", null, STRAIN[v]);
  if (SEAT_LIST_KEYS.has(key) && Array.isArray(v) && v.every((x) => typeof x === "number")) {
    return el("span", null, listText(v.map((x) => seatName(view, x))));
  }
  if (key === "claim" && v && typeof v.seat === "number") {
    return el("span", null, tn("{seat} claimed {n} of the remaining tricks", "{seat} claimed {n} of the remaining tricks",
      v.tricks, { seat: seatName(view, v.seat) }));
  }
  if (CARD_BY_SEAT_KEYS.has(key) && Array.isArray(v) && v.length === view.players && Cards.isCardList(v)) {
    // Up/Down's two revealed cards, by seat: whose card is whose
    return bySeat(Cards.list(v).map((c, p) => [p, Cards.element(c, "span", true)]), view);
  }
  if (key === "bids" && view.game === "doudizhu" && Array.isArray(v)) return bidsNode(v, view);
  if (Cards.isCardList(v)) {
    const s = el("span", "cards-inline");
    Cards.list(v).forEach((c) => s.append(Cards.element(c, "span", true)));
    return s;
  }
  if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length
      && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    // by seat ({"0": cards, "3": cards}: the hands shown down)
    return bySeat(Object.entries(v).map(([p, x]) => [Number(p), valueNode(key, x, view)]), view);
  }
  if (Array.isArray(v) && v.every((x) => Array.isArray(x) && x.length === 2 && typeof x[0] === "number" && typeof x[1] === "string")) {
    // [player, text] pairs: a trick
    const s = el("span", "cards-inline");
    v.forEach(([p, move]) => { const c = el("span", "trick-card"); c.append(Cards.play(move), el("span", "who", seatName(view, p))); s.append(c); });
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
      ul.append(el("li", null, `${seatName(view, x.payer)} → ${seatName(view, x.payee)}: ${num(x.points)}` +
        (x.reason ? ` (${chanceText(view, x.reason)})` : "")));
    }
    return ul;
  }
  if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
    // records (e.g. each deal's result): the last few, one line each
    const ul = el("ul", "records");
    for (const x of v.slice(-3)) {
      ul.append(el("li", null, Object.entries(x).map(([k, y]) =>
        `${label(k)} ${recordValue(k, y, view)}`).join(" · ")));
    }
    return ul;
  }
  if (typeof v === "object" && !Array.isArray(v) && typeof v.player === "number") {
    // {player, cards, …}: who, then what
    const s = el("span", "cards-inline");
    s.append(el("span", null, seatName(view, v.player) + ": "));
    for (const [k, x] of Object.entries(v)) {
      if (k === "player") continue;
      s.append(Cards.isCardList(x) ? valueNode(k, x, view) : el("span", null, `${label(k)} ${typeof x === "object" ? JSON.stringify(x) : word(num(x))} `));
    }
    return s;
  }
  if (typeof v === "object") {
    const text = listText(Array.isArray(v) ? v.map((x) => (typeof x === "object" && x !== null ? JSON.stringify(x) : word(num(x))))
      : Object.entries(v).map(([a, b]) => `${label(a)}: ${typeof b === "object" ? JSON.stringify(b) : word(num(b))}`));
    return el("span", null, text.length > 300 ? text.slice(0, 300) + "…" : text);
  }
  return el("span", null, v === true ? t("yes") : String(word(num(v))));
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
    if (key === "settlement" && view.over && view.outcome) continue;   // the result box lists it
    if (key === "trick" || key === "tricks") continue;
    if (key === "auction" && obs.phase === "auction") continue;   // drawn as the auction table
    add(label(key), valueNode(key, v, view));
  }
  if (Array.isArray(obs.tricks) && obs.tricks.length) {
    const lastTrick = obs.tricks[obs.tricks.length - 1];
    if (lastTrick && Array.isArray(lastTrick.cards)) add(label("last_trick"), valueNode("last_trick", lastTrick.cards, view));
  }
  if (Array.isArray(obs.raise_range) && myTurn(view)) add(t("to call"), el("span", null, String(num(obs.to_call ?? 0))));
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
    $("dummy-label").textContent = t("Dummy · {seat}", { seat: seatName(view, obs.dummy) });
    drawHand($("dummy"), "dummy", dummy, cardMoves, turn);
  }
  const n = myHand(obs).length;
  const whose = view.read_only ? t("Hand of {seat}", { seat: seatName(view, view.seat) }) : t("Your hand");
  $("hand-label").textContent = n ? `${whose} (${num(n)})` : whose;
  $("hand").hidden = $("hand-label").hidden = n === 0 && (view.over || !!view.replay);
}

// The replay of a finished Bridge deal, where the hand to play is one I see (mine, or dummy's):
// on each of its cards the tricks its side takes from this trick on, double dummy (view.dd_cards),
// the best of them marked; the replay bar says what the numbers are.
function markDoubleDummy(view) {
  const dd = view.dd_cards;
  const legend = $("replay-dd");
  legend.hidden = !dd;
  if (!dd || !dd.tricks) return;
  const tricks = dd.tricks;   // by the engine's card text, as the hands' data-card
  const best = Math.max(...Object.values(tricks));
  const box = dd.seat === view.seat ? $("hand") : $("dummy");
  box.querySelectorAll(".card[data-card]").forEach((c) => {
    const n = tricks[c.dataset.card];
    if (n == null) return;
    c.append(el("span", "dd-tricks" + (n === best ? " best" : ""), num(n)));
    c.setAttribute("aria-label", tn("{card}: {n} trick double dummy", "{card}: {n} tricks double dummy", n,
      { card: Cards.name(c.dataset.card) }));
  });
  legend.textContent = t("Double dummy: the tricks {side} take from this trick on, after each card",
    { side: t("{a} and {b}", { a: seatName(view, dd.seat), b: seatName(view, (dd.seat + 2) % 4) }) });
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
      b.classList.add("wild"); b.title = t("wild card");
      b.setAttribute("aria-label", t("{card}, wild", { card: Cards.name(text) }));
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
  // At least 24px of each card shows (WCAG 2.2's least touch target): a big hand wraps into rows, and
  // a Bridge hand of 13 keeps one row on a 360px phone (at 26px its last card wrapped alone).
  step = Math.max(Math.min(step, w + 4), Math.min(w * 0.65, 24));
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
  $("bet-btn").classList.remove("hinted");
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
  if (sel.length && !formed.length) $("prompt").textContent = t("These cards form no legal move");
  else if (cardMoves.length) {
    const verbs = new Set(cardMoves.map((m) => m.info.verb));
    const verb = verbs.size === 1 ? [...verbs][0] : null;
    const what = verb ? t("Select a card to {verb}", { verb: word(verb) }) : t("Select cards to play");
    if (!sel.length) $("prompt").textContent = plain.length ? t("{prompt}, or choose a move", { prompt: what }) : what;
    else if (formed.length > 1) $("prompt").textContent = t("These cards can be read several ways: choose one");
    formed.forEach((m) => box.append(moveButton(m, true)));
  }
  if (view.legal_count > view.legal.length) {
    $("prompt").textContent += " " + tn("({n} legal move; the first {shown} are offered)",
      "({n} legal moves; the first {shown} are offered)", view.legal_count, { shown: view.legal.length });
  }
}

function moveButton(m, primary) {
  const shown = Cards.label(m.text, m.info);
  const b = el("button", "move" + (primary ? " primary" : ""), shown);
  b.type = "button";
  b.dataset.move = m.text;
  if (m.info.kind !== "plain" || CALL_RE.test(m.text)) b.setAttribute("aria-label", moveLabel(m, shown));
  const reading = app.view && app.view.readings && app.view.readings[m.text];
  if (reading) b.title = explanation(reading);   // what the AIs would take this call to show
  b.addEventListener("click", () => sendMove(m.text));
  return b;
}

// A card move's or a call's button said in words: a call by its name ("1 heart", its
// strain shown as a symbol); a card move by what it shows, then in words ("Play 7 7,
// that is pair of 7s"), so that the name holds the visible text (WCAG 2.5.3, label in name).
function moveLabel(m, shown) {
  if (CALL_RE.test(m.text)) return Cards.spoken(m.text, m.info);
  const said = Cards.spoken(m.text, { ...m.info, verb: null });   // the verb is in what it shows
  return t("{shown}, that is {said}", { shown, said });
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
  // A new decision starts at the smallest size (a range's own default is its middle, clamped: all in
  // when the stack is small); a redraw of the same decision (a hint) keeps what was chosen.
  const decision = `${view.id}:${view.ply}`;
  if (range.dataset.decision !== decision || !(Number(range.value) >= lo && Number(range.value) <= hi)) {
    range.dataset.decision = decision;
    range.value = lo;
  }
  amount.value = range.value;
  const betLabel = () => {
    const to = Number(amount.value);
    btn.textContent = verb === "raise" ? (to === hi ? t("Raise to {n} (all in)", { n: to }) : t("Raise to {n}", { n: to }))
      : (to === hi ? t("Bet to {n} (all in)", { n: to }) : t("Bet to {n}", { n: to }));
  };
  range.oninput = () => { amount.value = range.value; betLabel(); };
  amount.oninput = () => { range.value = amount.value; betLabel(); };
  btn.onclick = () => {
    const v = Math.round(Number(amount.value));
    if (!(v >= lo && v <= hi)) { $("move-error").textContent = t("a {move} is {lo} to {hi}", { move: word(verb), lo, hi }); return; }
    sendMove(`${verb} ${v}`);
  };
  betLabel();
  $("bet").hidden = false;
}

// Bridge: claim some of the remaining tricks (the server checks it double dummy).
function renderClaim(view) {
  if (!view.claim) return;
  const n = $("claim-tricks");
  $("claim-btn").disabled = false;
  n.max = view.claim.remaining;
  if (!(Number(n.value) >= 0 && Number(n.value) <= view.claim.remaining)) n.value = view.claim.remaining;
  $("claim-of").textContent = tn("of the {n} remaining trick", "of the {n} remaining tricks", view.claim.remaining);
  $("claim-btn").onclick = () => {
    const v = Math.round(Number(n.value));
    if (!(v >= 0 && v <= view.claim.remaining)) { $("move-error").textContent = tn("claim 0 to {n} trick", "claim 0 to {n} tricks", view.claim.remaining); return; }
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

// "A and B", "A and B and C".
const andJoin = (a, b) => t("{a} and {b}", { a, b });

function renderOutcome(view) {
  const box = $("outcome");
  box.textContent = "";
  if (!view.over || !view.outcome) { box.hidden = true; return; }
  box.hidden = false;
  const o = view.outcome;
  const won = o.winners.includes(view.seat);
  if (view.read_only) {
    const names = o.winners.map((p) => seatName(view, p));
    box.append(el("h2", null, names.length ? t("Won by {seats}", { seats: names.reduce(andJoin) }) : t("A draw")));
  } else box.append(el("h2", won ? "won" : "lost", won ? t("You won") : (o.winners.length ? t("You lost") : t("A draw"))));
  const table = el("table", "returns");
  const head = el("tr");
  head.append(el("th", null, t("seat")), el("th", null, t("result")));
  table.append(head);
  o.returns.forEach((r, p) => {
    const tr = el("tr", o.winners.includes(p) ? "winner" : "");
    tr.append(el("td", null, seatName(view, p)), el("td", null, signed(r)));   // "+3", not "3+", right to left
    table.append(tr);
  });
  box.append(table);
  const settle = valueNode("settlement", view.observation.settlement, view);
  if (settle) box.append(el("h3", null, t("Settlement")), settle);
  const score = Object.entries(o.score || {});
  const extra = view.observation.score && typeof view.observation.score === "object" ? Object.entries(view.observation.score) : [];
  if (score.length || extra.length) {
    const dl = el("dl", "score");
    for (const [k, v] of score.length ? score : extra) {
      if (k === "settlement" && settle) continue;   // drawn above as its own list
      const dd = el("dd");
      // a number for each seat (Hold'em's stacks and chips won): named by seat
      const perSeat = Array.isArray(v) && v.length === view.players && v.every((x) => typeof x === "number")
        && !SEAT_LIST_KEYS.has(k);
      const node = typeof v === "boolean" ? el("span", null, t(v ? "yes" : "no"))
        : perSeat ? bySeat(v.map((x, p) => [p, el("span", null, String(num(x)))]), view) : valueNode(k, v, view);
      if (node) dd.append(node); else dd.textContent = "–";
      dl.append(el("dt", null, label(k)), dd);
    }
    box.append(el("h3", null, t("Score")), dl);
  }
  const review = reviewNode(view);
  if (review) box.append(review);
}

// A translated template whose {name} parameters are nodes (a contract drawn with its suit) or text:
// one span (class "tpl"), read as one text where the page's strings are checked.
function tNodes(template, nodes, params) {
  const out = el("span", "tpl");
  template.split(/(\{\w+\})/).forEach((part) => {
    const key = /^\{(\w+)\}$/.exec(part);
    if (key && key[1] in nodes) out.append(nodes[key[1]]);
    else if (part) out.append(fill(part, params));
  });
  return out;
}

const DD_SEATS = [2, 3, 0, 1];   // the double-dummy table's N E S W, as the game's seats
const DD_STRAINS = ["NT", "S", "H", "D", "C"];   // its rows are C D H S NT: shown no-trump first
// A signed score: isolated left to right on a right-to-left page, so that its sign stays in front.
const signed = (x) => ltr((x > 0 ? "+" : "") + num(x));

// A contract as the score writes it ("4S", "5HX") with its result ("+1", "-2"), its suit drawn.
function contractNode(contract, result) {
  const m = /^([1-7])(C|D|H|S|NT)(X*)$/.exec(contract);
  const s = m ? callNode(m[1] + m[2]) : el("span", "call", contract);
  s.textContent += (m ? m[3] : "") + (result > 0 ? "+" + result : result < 0 ? "\u2212" + -result : "");
  return s;
}

// The four hands as dealt (view.review.hands, by seat), placed as at the table: mine at the bottom.
function handRecord(view, hands) {
  const grid = el("div", "hand-record");
  const spots = [["bottom", view.seat], ["left", (view.seat + 1) % 4], ["top", (view.seat + 2) % 4],
    ["right", (view.seat + 3) % 4]];
  for (const [spot, p] of spots) {
    const box = el("div", "hr-" + spot);
    box.append(el("div", "hr-name", seatName(view, p)));
    for (const suit of "shdc") {
      const cards = hands[p].map((c) => Cards.parse(c)).filter((c) => c && c.suit === suit);
      const row = el("div", "hr-suit");
      row.append(el("span", suit === "h" || suit === "d" ? "red" : "", STRAIN[suit.toUpperCase()]),
        " " + (cards.length ? cards.map((c) => (c.rank === "T" ? "10" : c.rank)).join(" ") : "\u2014"));
      box.append(row);
    }
    grid.append(box);
  }
  return grid;
}

// A finished Bridge deal looked back on (view.review, sent once the deal is over): the
// double-dummy table of the deal as dealt, its par, and the result against par for my side.
function reviewNode(view) {
  const r = view.review;
  if (!r || !Array.isArray(r.dd) || r.dd.length !== 5 || !r.par) return null;
  const box = el("section", "review");
  if (Array.isArray(r.hands) && r.hands.length === 4) box.append(el("h3", null, t("The deal")), handRecord(view, r.hands));
  box.append(el("h3", null, t("Double dummy")));
  const grid = el("table", "dd");
  grid.append(el("caption", null, t("Tricks each seat would take as declarer, every card seen")));
  const head = el("tr");
  head.append(el("th"));
  DD_SEATS.forEach((p) => head.append(el("th", p === view.seat ? "me" : "", baseSeatName(view.game, p))));
  grid.append(head);
  DD_STRAINS.forEach((strain) => {
    const tr = el("tr");
    tr.append(el("th", strain === "H" || strain === "D" ? "red" : "", STRAIN[strain]));
    r.dd["CDHSN".indexOf(strain[0])].forEach((n) => tr.append(el("td", n >= 7 ? "makes" : "", num(n))));
    grid.append(tr);
  });
  box.append(grid);
  const side = view.seat % 2;   // South and North are team 0 (seats 0 and 2)
  const forSide = (ns) => (side === 0 ? ns : -ns);
  const team = t("{a} and {b}", { a: seatName(view, view.seat), b: seatName(view, (view.seat + 2) % 4) });
  const seatsOf = (letters) => [...letters].map((c) => baseSeatName(view.game, DD_SEATS["NESW".indexOf(c)]));
  const par = el("p", "par");
  if (!r.par.contracts.length) par.append(t("Par: passed out"));
  else {
    const list = document.createDocumentFragment();
    r.par.contracts.forEach((c, i) => {
      if (i) list.append(", ");
      const result = c.undertricks ? -c.undertricks : c.overtricks;
      list.append(tNodes(t("{contract} by {seats}"), { contract: contractNode(c.contract, result) },
        { seats: seatsOf(c.declarers).reduce((a, b) => t("{a} or {b}", { a, b })) }));
    });
    par.append(tNodes(t("Par: {contracts}, {score} for {side}"), { contracts: list },
      { score: signed(forSide(r.par.ns_score)), side: team }));
  }
  box.append(par);
  const res = r.result;
  if (res) {
    const played = el("p", "played");
    if (res.contract == null) played.append(t("Played: passed out"));
    else {
      played.append(tNodes(tn("Played: {contract} by {seat}, {n} trick taken ({dd} double dummy)",
        "Played: {contract} by {seat}, {n} tricks taken ({dd} double dummy)", res.tricks,
        { seat: baseSeatName(view.game, res.declarer), dd: res.dd_tricks }), { contract: contractNode(res.contract, 0) }));
    }
    box.append(played);
    const imps = forSide(res.imps);
    box.append(el("p", "against-par " + (imps > 0 ? "won" : imps < 0 ? "lost" : ""),
      tn("Against par: {imps} IMP for {side}", "Against par: {imps} IMPs for {side}", imps,
        { imps: signed(imps), side: team })));
  }
  return box;
}

// A Bridge card the declarer played from dummy's hand (obs.played keeps each hand's cards played).
function fromDummy(obs, player, text) {
  return obs.dummy != null && player === obs.declarer && player !== obs.dummy && Array.isArray(obs.played) &&
    (obs.played[obs.dummy] || []).includes(text);
}

// The history indices of passes made before the deal's first card was played: calls (no bid:
// Bridge's auction, Dou Dizhu's bidding, Shengji's declaring), not a climber's "no play" (a
// declaration, a bury or a tribute is not a card played).
function passesThatAreCalls(hist) {
  const calls = new Set();
  let carded = false;
  hist.forEach(([p, text], i) => {
    if (p < 0) { carded = false; return; }
    const info = Cards.classify(text);
    if (info.kind !== "plain" && (!info.verb || info.verb === "play")) carded = true;
    else if (text === "pass" && !carded) calls.add(i);
  });
  return calls;
}

function renderLog(view, obs) {
  const ol = $("log");
  const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 8;
  ol.textContent = "";
  const hist = obs.history || [];
  const start = Math.max(0, hist.length - 400);
  if (start > 0) ol.append(el("li", "more", tn("… {n} earlier decision", "… {n} earlier decisions", start)));
  const calls = passesThatAreCalls(hist);
  for (let i = start; i < hist.length; i++) {
    const [p, text] = hist[i];
    const li = el("li", p === view.seat ? "mine" : "");
    li.append(el("span", "who", p < 0 ? t("deal") : fromDummy(obs, p, text)
      ? t("{who} from dummy", { who: seatName(view, p) }) : seatName(view, p)),
      p < 0 ? el("span", "play-word", chanceText(view, text)) : CALL_RE.test(text) ? callNode(text)
        : calls.has(i) ? el("span", "play-word", pt("a call", "pass")) : Cards.play(text));
    const why = view.explanations && view.explanations[i];
    if (why) li.append(el("span", "why", explanation(why)));
    ol.append(li);
  }
  if (view.notes) for (const n of view.notes) ol.append(el("li", "note", typeof n === "object" && n ? explanation(n) : t(n)));
  alignLogNames(ol);
  if (atEnd || hist.length < 40) ol.scrollTop = ol.scrollHeight;
}

// The names make one column as wide as the longest ("You (South) from dummy" in Bridge, a long
// language's seat names), so every move starts at the same place; a closed log is measured when
// it is opened.
function alignLogNames(ol) {
  ol.style.setProperty("--who-w", "0px");
  const widest = Math.max(0, ...[...ol.querySelectorAll(".who")].map((w) => w.getBoundingClientRect().width));
  if (widest > 0) ol.style.setProperty("--who-w", `${Math.ceil(widest)}px`);
  else ol.style.removeProperty("--who-w");
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
    // A hinted bet or raise is made with the slider: set to the hinted size, its button marked.
    const sized = /^(bet|raise) (\d+)$/.exec(h.move);
    $("bet-btn").classList.toggle("hinted", !!sized && !$("bet").hidden);
    if (sized && !$("bet").hidden) {
      $("bet-amount").value = sized[2];
      $("bet-amount").dispatchEvent(new Event("input"));
    }
    $("prompt").textContent = t("Hint: {move}", { move: Cards.label(h.move, info) });
    if (h.explanation) $("prompt").append(el("span", "why", explanation(h.explanation)));
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
  $("replay-label").textContent = `${num(v.replay.step)} / ${num(v.replay.steps)}`;
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
  $("table").setAttribute("aria-label", t("The table"));
  $("mine").setAttribute("aria-label", t("Your hand and moves"));
  $("hand-keys").textContent = t("Arrow keys move between the cards, Space or Enter selects one, Enter on a selected card makes the move it forms.");
  $("announcer").setAttribute("aria-label", t("Moves of the other players"));
  $("log").setAttribute("aria-label", t("Log of the deal"));   // focusable: a long log scrolls by keyboard
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
  $("log-box").addEventListener("toggle", () => alignLogNames($("log")));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", route);
  window.addEventListener("resize", () => document.querySelectorAll(".hand").forEach(layoutHand));
  route();
});
