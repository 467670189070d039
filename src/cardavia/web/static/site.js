// The site around the tables (issue 17): the string table, display settings,
// the home page's pack and game cards, and the rules panel over the table.
"use strict";

// The page's language (issue 17): the server puts its language, the names of
// the site's languages and the page's catalog (msgid -> translation, only this
// language) into #i18n-data. Every user-visible string goes through t(), whose
// msgid is the English, or tn() for a count; tools/i18n.py extracts the t() and
// tn() calls and the N_() and Nn_() marks (strings in a table, translated where
// they are shown).
const I18N = (() => {
  const fallback = { lang: "en", rtl: false, languages: { en: "English" }, messages: {}, plurals: {}, plural_index: {} };
  try { return JSON.parse(document.getElementById("i18n-data").textContent) || fallback; } catch (e) { return fallback; }
})();
const LANG = I18N.lang;
const NUMBERS = new Intl.NumberFormat(LANG);
const PLURAL_RULES = new Intl.PluralRules(LANG);

// A template's {name} parameters filled, numbers in the page's format (a name without a value stays as written).
function fill(text, params) {
  return params ? text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(num(params[k])) : m)) : text;
}

function t(msgid, params) {
  return fill(I18N.messages[msgid] || msgid, params);
}

// A message that reads otherwise in another place ("pass" as a Bridge call): keyed as gettext keys it.
function pt(context, msgid, params) {
  return fill(I18N.messages[context + "\u0004" + msgid] || msgid, params);
}

// A count: the catalog's form for n's CLDR plural category (plurals holds the forms in
// gettext's order, plural_index says which form each category takes), else the English;
// {n} is n. A category the server did not map (a fraction in Ukrainian) takes the last form.
function tn(singular, plural, n, params) {
  const forms = (I18N.plurals || {})[singular];
  let text = Math.abs(Number(n)) === 1 ? singular : plural;   // English's "one" is ±1, as CLDR's
  if (forms) text = forms[(I18N.plural_index || {})[PLURAL_RULES.select(Number(n))]] || forms[forms.length - 1];
  return fill(text, { ...params, n });
}
// Text that reads left to right (a card "4♠", a signed score "+3"), isolated on a right-to-left
// page so that the page's direction does not reorder it ("♠4").
const ltr = (text) => (I18N.rtl ? `\u2066${text}\u2069` : String(text));
const N_ = (msgid) => msgid;
// A count's message in a table: [singular, plural], given to tn() where it is shown.
const Nn_ = (singular, plural) => [singular, plural];

// A number in the page language's CLDR default format (Babel's on the server agrees: tests/test_i18n_browser.py).
function num(x) {
  return typeof x === "number" && Number.isFinite(x) ? NUMBERS.format(x) : x;
}
// A list as the page's language writes one ("A, B"; "A، B" in Arabic, "A、B" in Chinese; Intl.ListFormat
// would add "and" or, in Chinese, nothing), with "; " where an item holds the separator itself
// ("2,227; 1,773", not "2,227, 1,773").
const LIST_SEP = { ar: "، ", zh: "、" }[LANG.split("-")[0]] || ", ";
function listText(items) {
  const parts = items.map(String);
  return parts.join(parts.some((x) => x.includes(LIST_SEP.trim())) ? "; " : LIST_SEP);
}
const PERCENT = new Intl.NumberFormat(LANG, { style: "percent" });
// 0..100 as the locale writes a percentage.
const pct = (x) => PERCENT.format(Number(x) / 100);
// An AI pace's name: "no delay", "0.4 s a move".
const paceName = (v) => (Number(v) ? t("{seconds} s a move", { seconds: Number(v) }) : t("no delay"));

const Site = (() => {
  const KEY = "cardavia.settings";
  const DEFAULTS = { contrast: 50, grain: 50, temperature: 50, fourColor: false, sound: false,
    motion: "system", pace: "0.4" };
  const SLIDERS = ["contrast", "grain", "temperature"];
  // Names of the settings and their choices, translated where they are shown.
  const SETTING_NAMES = {
    contrast: N_("Contrast"),
    grain: N_("Grain"),
    temperature: N_("Colour temperature"),
    fourColor: N_("Four-colour deck (♣ green, ♦ blue)"),
    sound: N_("Sound (a chime when it is your turn)"),
    motion: N_("Motion"),
    pace: N_("AI speed"),
  };
  const CHOICE_NAMES = {
    motion: { system: N_("as the system says"), reduce: N_("reduced"), full: N_("full") },
  };
  const PACK_USES = [
    N_("One pack (54 cards, jokers included): Dou Dizhu."),
    N_("Two packs (108 cards, four jokers): Guandan and Shengji."),
    N_("The 48-card Run Fast preset (no jokers, one 2, three Aces): Zheng Shangyou."),
    N_("Two packs without jokers (104 cards): the Up/Down duel."),
    N_("52 cards, no jokers: Texas Hold'em and Contract Bridge."),
  ];
  const RULE_ID = /\b([A-Z]{1,4})-(\d+(?:\.\d+)?)\b/g;
  let settings = load();

  const make = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  };

  function load() {
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (e) { saved = {}; }
    const out = { ...DEFAULTS };
    for (const k of Object.keys(DEFAULTS)) {
      if (typeof saved[k] === typeof DEFAULTS[k]) out[k] = saved[k];
    }
    for (const k of SLIDERS) out[k] = Math.min(100, Math.max(0, Math.round(Number(out[k]) || 0)));
    return out;
  }

  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch (e) { /* private mode: keep for this visit */ }
  }

  function reducedMotion() {
    if (settings.motion === "system") return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return settings.motion === "reduce";
  }

  // The page's look from the settings: 50 is neutral for contrast and temperature.
  function apply() {
    const root = document.documentElement;
    root.style.setProperty("--page-filter", `contrast(${(0.5 + settings.contrast / 100).toFixed(2)})`);
    const warm = Math.max(0, 50 - settings.temperature) / 50, cool = Math.max(0, settings.temperature - 50) / 50;
    const tint = overlay("tint-overlay");
    tint.style.background = warm ? "rgb(255, 138, 36)" : "rgb(70, 140, 255)";
    tint.style.opacity = String((0.22 * Math.max(warm, cool)).toFixed(3));
    overlay("grain-overlay").style.opacity = String((0.3 * settings.grain / 100).toFixed(3));
    root.classList.toggle("four-color", settings.fourColor);
    root.classList.toggle("reduce-motion", reducedMotion());
  }

  function overlay(id) {
    let o = document.getElementById(id);
    if (!o) {
      o = make("div", "overlay");
      o.id = id;
      o.setAttribute("aria-hidden", "true");
      document.documentElement.append(o);
    }
    return o;
  }

  // A sheet (settings, rules) takes the keyboard focus when it opens and gives it back when it closes.
  const openers = new Map();
  function openSheet(panel, focus) {
    if (panel.hidden) openers.set(panel.id, document.activeElement);
    panel.hidden = false;
    if (focus) focus.focus();
  }
  function closeSheet(panel) {
    panel.hidden = true;
    const back = openers.get(panel.id);
    openers.delete(panel.id);
    if (back && document.contains(back)) back.focus();
  }

  function set(key, value) {
    settings[key] = value;
    save();
    apply();
  }

  // -- the settings panel ----------------------------------------------------------
  function settingsPanel() {
    const panel = make("section", "sheet settings");
    panel.id = "settings";
    panel.hidden = true;
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", t("Display settings"));
    const inner = make("div", "sheet-inner");
    const head = make("div", "sheet-head");
    head.append(make("h2", null, t("Display settings")));
    const close = make("button", null, t("Close"));
    close.type = "button"; close.id = "settings-close";
    close.addEventListener("click", () => closeSheet(panel));
    head.append(close);
    inner.append(head);
    for (const k of SLIDERS) {
      const lab = make("label", "slider");
      const name = make("span", "slider-name", t(SETTING_NAMES[k]));
      const inp = make("input");
      inp.type = "range"; inp.min = "0"; inp.max = "100"; inp.step = "1"; inp.id = `set-${k}`;
      inp.value = String(settings[k]);
      const out = make("output", null, pct(settings[k]));
      inp.addEventListener("input", () => { out.textContent = pct(inp.value); set(k, Number(inp.value)); });
      lab.append(name, inp, out);
      if (k === "temperature") {
        const ends = make("span", "slider-ends");
        ends.append(make("span", null, t("warm")), make("span", null, t("cool")));
        lab.append(ends);
      }
      inner.append(lab);
    }
    for (const k of ["fourColor", "sound"]) {
      const lab = make("label", "check");
      const inp = make("input");
      inp.type = "checkbox"; inp.id = `set-${k}`; inp.checked = settings[k];
      inp.addEventListener("change", () => set(k, inp.checked));
      lab.append(inp, make("span", null, t(SETTING_NAMES[k])));
      inner.append(lab);
    }
    inner.append(choice("motion", ["system", "reduce", "full"]));
    inner.append(choice("pace", ["0", "0.4", "1"], (v) => {
      const pace = document.getElementById("pace");
      if (pace) pace.value = v;
    }));
    const reset = make("button", null, t("Back to defaults"));
    reset.type = "button"; reset.id = "settings-reset";
    reset.addEventListener("click", () => {
      settings = { ...DEFAULTS };
      save(); apply();
      panel.replaceWith(settingsPanel());
      document.getElementById("settings").hidden = false;
      document.getElementById("settings-reset").focus();
    });
    inner.append(reset);
    panel.append(inner);
    return panel;
  }

  function choice(key, values, after) {
    const lab = make("label", "choice");
    const sel = make("select");
    sel.id = `set-${key}`;
    for (const v of values) {
      const o = make("option", null, key === "pace" ? paceName(v) : t(CHOICE_NAMES[key][v]));
      o.value = v;
      if (settings[key] === v) o.selected = true;
      sel.append(o);
    }
    sel.addEventListener("change", () => { set(key, sel.value); if (after) after(sel.value); });
    lab.append(make("span", null, t(SETTING_NAMES[key])), sel);
    return lab;
  }

  // -- the language selector: names in their own language; the choice is a cookie
  // (the server reads it) and kept in localStorage (it comes back if the cookie goes).
  const LANG_KEY = "cardavia.lang";
  function setLanguage(lang) {
    document.cookie = `lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
    try { localStorage.setItem(LANG_KEY, lang); } catch (e) { /* private mode */ }
  }

  function languageSelector() {
    const lab = make("label", "lang-choice");
    const sel = make("select");
    sel.id = "lang-select";
    sel.setAttribute("aria-label", t("Language"));
    for (const [code, name] of Object.entries(I18N.languages || {})) {
      const o = make("option", null, name);
      o.value = code; o.lang = code;
      if (code === LANG) o.selected = true;
      sel.append(o);
    }
    sel.addEventListener("change", () => { setLanguage(sel.value); location.reload(); });
    lab.append(sel);
    return lab;
  }

  // A choice remembered in localStorage but missing from the cookies: restore it.
  function restoreLanguage() {
    let saved = null;
    try { saved = localStorage.getItem(LANG_KEY); } catch (e) { saved = null; }
    const hasCookie = document.cookie.split(";").some((c) => c.trim().startsWith("lang="));
    if (saved && !hasCookie && saved in (I18N.languages || {})) {
      setLanguage(saved);
      if (saved !== LANG) location.reload();
    } else if (hasCookie) {
      try { localStorage.setItem(LANG_KEY, LANG); } catch (e) { /* private mode */ }
    }
  }

  function installSettings() {
    const header = document.querySelector("header.top");
    if (!header || document.getElementById("settings-btn")) return;
    const btn = make("button", "settings-btn", t("Settings"));
    btn.type = "button"; btn.id = "settings-btn";
    btn.setAttribute("aria-controls", "settings");
    document.body.append(settingsPanel());
    btn.addEventListener("click", () => {
      const panel = document.getElementById("settings");
      if (panel.hidden) openSheet(panel, document.getElementById("settings-close"));
      else closeSheet(panel);
    });
    header.append(languageSelector(), btn);
    const rulesBtn = document.getElementById("rules-btn");
    if (rulesBtn) rulesBtn.textContent = t("Rules");
    const pace = document.getElementById("pace");
    if (pace) {
      for (const o of pace.options) o.textContent = paceName(o.value);
      pace.value = settings.pace;
      pace.addEventListener("change", () => {   // the home's AI pace is the same setting
        set("pace", pace.value);
        const mirror = document.getElementById("set-pace");
        if (mirror) mirror.value = pace.value;
      });
    }
    // A click on the shade around a sheet closes it.
    document.addEventListener("click", (ev) => {
      if (ev.target.classList && ev.target.classList.contains("sheet")) closeSheet(ev.target);
    });
    window.matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", apply);
  }

  // -- sound -------------------------------------------------------------------------
  let audio = null;
  function chime() {
    if (!settings.sound) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.25);
    } catch (e) { /* no audio device: stay silent */ }
  }

  // -- home --------------------------------------------------------------------------
  function renderHome(catalog, start) {
    const box = document.getElementById("game-cards");
    if (!box || box.childElementCount) return;
    const pack = document.getElementById("pack");
    pack.append(make("h2", null, t("The pack")), make("p", null, t("Every game here is played with the international standard pack: 52 French cards in four suits (♠ ♥ ♣ ♦, ranks 2 to Ace) plus the Red and Black Jokers.")));
    const link = make("a", null, t("The standard 52-card deck on Wikipedia"));
    link.href = "https://en.wikipedia.org/wiki/Standard_52-card_deck";
    link.rel = "noopener"; link.target = "_blank";
    pack.append(link);
    const uses = make("ul", "pack-uses");
    for (const k of PACK_USES) uses.append(make("li", null, t(k)));
    pack.append(uses);
    box.append(make("h2", null, t("The games")));
    const grid = make("div", "card-grid");
    for (const g of catalog.games) {
      const card = make("article", "game-card");
      card.id = `card-${g.name}`;
      card.append(make("h3", null, g.title), make("p", "game-players", g.players_line || ""),
        make("p", "game-about", g.description || ""));
      const actions = make("div", "game-actions");
      const rules = make("a", "button rules-link", t("Rules"));
      rules.href = `/rules/${encodeURIComponent(g.name)}`;
      const go = make("button", "primary start-card", t("Start game"));
      go.type = "button";
      go.addEventListener("click", () => start(g.name));
      actions.append(rules, go);
      card.append(actions);
      grid.append(card);
    }
    box.append(grid);
  }

  // -- rules over the table ------------------------------------------------------------
  async function openRules(game, anchor) {
    let panel = document.getElementById("rules-panel");
    if (!panel) {
      panel = make("section", "sheet rules-sheet");
      panel.id = "rules-panel";
      panel.hidden = true;
      panel.setAttribute("role", "dialog");
      const inner = make("div", "sheet-inner");
      const head = make("div", "sheet-head");
      head.append(make("h2", null, ""));
      const close = make("button", "primary", t("Back to the game"));
      close.type = "button"; close.id = "rules-close";
      close.addEventListener("click", closeRules);
      head.append(close);
      const body = make("div", "rules");
      body.id = "rules-body";
      // The rules' own anchors scroll the panel; they must not change the table's address.
      body.addEventListener("click", (ev) => {
        const a = ev.target.closest && ev.target.closest('a[href^="#"]');
        if (!a) return;
        ev.preventDefault();
        openRules(panel.dataset.game, a.getAttribute("href").slice(1));
      });
      inner.append(head, body);
      panel.append(inner);
      document.body.append(panel);
    }
    openSheet(panel, document.getElementById("rules-close"));
    const body = document.getElementById("rules-body");
    if (panel.dataset.game !== game) {
      body.textContent = t("Loading the rules…");
      try {
        const r = await fetch(`/api/rules/${encodeURIComponent(game)}`);
        const data = await r.json();
        if (!r.ok) throw new Error(data.error || r.statusText);
        panel.querySelector("h2").textContent = data.title;
        panel.setAttribute("aria-label", data.title);
        body.innerHTML = data.html;   // rendered and escaped by the server (web/site.py)
        panel.dataset.game = game;
      } catch (e) {
        body.textContent = t("The rules could not be loaded: {error}", { error: e.message });
        return;
      }
    }
    body.querySelectorAll(".target").forEach((n) => n.classList.remove("target"));
    const target = anchor && document.getElementById(anchor);
    if (target && body.contains(target)) {
      target.classList.add("target");
      target.scrollIntoView({ block: "center" });
    } else body.scrollTop = 0;
  }

  function closeRules() {
    const panel = document.getElementById("rules-panel");
    if (panel) closeSheet(panel);
  }

  // Text into ``node``, each rule id (DDZ-3.1) a link that opens that rule over the table.
  function showMessage(node, text, game) {
    node.textContent = "";
    let at = 0;
    for (const m of String(text).matchAll(RULE_ID)) {
      node.append(document.createTextNode(text.slice(at, m.index)));
      const a = make("a", "rule-link", m[0]);
      a.href = game ? `/rules/${encodeURIComponent(game)}#${m[0]}` : `#${m[0]}`;
      a.title = t("rule {id}", { id: m[0] });
      if (game) a.addEventListener("click", (ev) => { ev.preventDefault(); openRules(game, m[0]); });
      node.append(a);
      at = m.index + m[0].length;
    }
    node.append(document.createTextNode(String(text).slice(at)));
  }

  function onKey(ev) {
    if (ev.key !== "Escape") return;
    for (const id of ["rules-panel", "settings"]) {
      const p = document.getElementById(id);
      if (p && !p.hidden) { closeSheet(p); ev.stopPropagation(); return; }
    }
  }

  apply();
  document.addEventListener("DOMContentLoaded", () => {
    restoreLanguage();
    installSettings();
    document.addEventListener("keydown", onKey, true);
    // On a standalone rules page, the anchor of the address is marked.
    const hash = decodeURIComponent(location.hash.slice(1));
    const target = hash && document.getElementById(hash);
    if (target && document.getElementById("rules-page")) target.classList.add("target");
  });

  return { settings: () => ({ ...settings }), paceName, renderHome, openRules, closeRules, showMessage, chime };
})();
