// Cards and move text: read a card's text, draw it, and tell which legal
// moves a selection of cards forms.  Everything here works on the text the
// server sends (the observation and str(move)), for every game alike.
"use strict";

const Cards = (() => {
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const RED = { d: true, h: true };
  const CARD_RE = /^(10|[2-9TJQKA])([cdhs])$/;
  const RANKS_RE = /^[3-9TJQKA2BR]+$/;   // a play written as ranks (Dou Dizhu, Zheng Shangyou)
  const VERBS = new Set(["declare", "bury", "return", "lock", "play"]);
  const SUIT_NAMES = { c: N_("clubs"), d: N_("diamonds"), h: N_("hearts"), s: N_("spades") };
  // A move's button: its verb and its cards (the card texts keep their letters).
  const VERB_LABELS = { declare: N_("Declare {cards}"), bury: N_("Bury {cards}"), return: N_("Return {cards}"),
    lock: N_("Lock {cards}"), play: N_("Play {cards}") };
  const words = (text) => (typeof moveWords === "function" ? moveWords(text) : text);

  // {text, rank, suit, joker} of a card's text, or null.
  function parse(text) {
    if (typeof text !== "string") return null;
    if (text === "BJ" || text === "RJ") return { text, rank: text[0], suit: null, joker: text };
    const m = CARD_RE.exec(text);
    if (!m) return null;
    const rank = m[1] === "10" ? "T" : m[1];
    return { text: rank + m[2], rank, suit: m[2], joker: null };
  }

  // A hand or a play as a list of card texts (the observation gives either
  // a list or one space-separated string).
  function list(value) {
    if (value == null) return [];
    if (Array.isArray(value)) return value.filter((c) => typeof c === "string");
    if (typeof value === "string") return value.split(/\s+/).filter(Boolean);
    return [];
  }

  function isCardList(value) {
    const l = list(value);
    return l.length > 0 && l.every((c) => parse(c) !== null) &&
      (Array.isArray(value) || typeof value === "string");
  }

  function rankLabel(rank) { return rank === "T" ? "10" : rank; }

  // A Guandan reading in words: its combination's name and the rank it is read at ("full house 6",
  // "run of pairs J", "joker bomb"), not the engine's token ("fullhouse:6").
  function readingWords(reading) {
    const [combo, rank] = reading.split(":");
    const named = combo in COMBOS ? t(COMBOS[combo]) : words(combo);
    return combo === "jokerbomb" || !rank ? named : `${named} ${words(rankLabel(rank))}`;
  }

  // A card's short text as drawn ("2♣", "10♥"; the jokers "BJ", "RJ"), for a button's words or a
  // log entry, kept left to right in a right-to-left language.
  function shortLabel(text) {
    const c = parse(text);
    return !c ? text : ltr(c.joker ? c.joker : rankLabel(c.rank) + SUITS[c.suit]);
  }

  // Spoken names (issue 17 part 5) as whole phrases, every msgid listed here for tools/i18n.py:
  // "Queen of hearts", "pair of 7s", "1 heart".  A rank's name, then its plural (for "pair of {ranks}").
  const RANK_NAMES = { J: N_("Jack"), Q: N_("Queen"), K: N_("King"), A: N_("Ace") };
  const RANK_PLURALS = { 2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("6s"), 7: N_("7s"), 8: N_("8s"),
    9: N_("9s"), T: N_("10s"), J: N_("Jacks"), Q: N_("Queens"), K: N_("Kings"), A: N_("Aces") };
  // Runs of one rank: 2, 3, 4 cards (no game plays five of a rank written as ranks: a bare number then).
  const SAME_RANK = { 2: N_("pair of {ranks}"), 3: N_("three {ranks}"), 4: N_("four {ranks}") };
  const MANY_OF_A_RANK = "{n} {ranks}";
  // The combination a reading names ("pair:7 7h 7s").
  const COMBOS = { single: N_("single"), pair: N_("pair"), triple: N_("triple"), fullhouse: N_("full house"),
    straight: N_("straight"), pairs: N_("run of pairs"), triples: N_("run of triples"), bomb: N_("bomb"),
    straightflush: N_("straight flush"), jokerbomb: N_("joker bomb") };
  // A bridge bid's name, a count of its level (1 to 7: Ukrainian "1 трефа", "2 трефи", "5 треф").
  // No trump is counted in no language (a name, not a noun: "5 без козиря"), so one message.
  const BIDS = { C: Nn_("{n} club", "{n} clubs"), D: Nn_("{n} diamond", "{n} diamonds"),
    H: Nn_("{n} heart", "{n} hearts"), S: Nn_("{n} spade", "{n} spades"), NT: N_("{level} no trump") };
  // Between the items of a spoken list: the locale's comma (no words to translate, so not a msgid).
  const LIST_SEPARATORS = { ar: "، ", zh: "、", th: " " };
  const listSeparator = typeof LANG === "string" && LIST_SEPARATORS[LANG] ? LIST_SEPARATORS[LANG] : ", ";

  function rankName(rank) { return rank in RANK_NAMES ? t(RANK_NAMES[rank]) : rankLabel(rank); }
  function jokerName(joker) { return joker === "RJ" || joker === "R" ? t("Red Joker") : t("Black Joker"); }
  // A card's name, one message per suit (Ukrainian names the suit in the genitive: "дама пік"), and the
  // queens whole (Hindi's "of" agrees with the card: "पान का बादशाह" but "पान की बेगम").
  const CARD_OF_SUIT = { c: N_("{rank} of clubs"), d: N_("{rank} of diamonds"), h: N_("{rank} of hearts"),
    s: N_("{rank} of spades") };
  const QUEEN_OF_SUIT = { c: N_("Queen of clubs"), d: N_("Queen of diamonds"), h: N_("Queen of hearts"),
    s: N_("Queen of spades") };
  function name(text) {
    const c = parse(text);
    if (!c) return t("a hidden card");
    if (c.joker) return jokerName(c.joker);
    if (c.rank === "Q") return t(QUEEN_OF_SUIT[c.suit]);
    return t(CARD_OF_SUIT[c.suit], { rank: rankName(c.rank) });
  }
  // A rank with no suit (plays by ranks): its name, B and R the jokers.
  function rankOnlyName(rank) {
    return rank === "B" || rank === "R" ? jokerName(rank) : rankName(rank);
  }

  // One card as an element; `tag` "button" for a card of a hand.
  function element(text, tag = "span", small = false) {
    const c = parse(text);
    const el = document.createElement(tag);
    el.className = "card" + (small ? " small" : "");
    el.dataset.card = text;
    // A drawn card is an image to a screen reader, named by its label (a button keeps its role).
    if (tag === "span") el.setAttribute("role", "img");
    el.setAttribute("aria-label", name(text));
    if (!c) { el.classList.add("back"); el.textContent = text; return el; }
    if (c.joker) {
      el.classList.add("joker", c.joker === "RJ" ? "red" : "black");
      el.innerHTML = `<span class="r" aria-hidden="true"></span><span class="s" aria-hidden="true">★</span>`;
      el.firstChild.textContent = t("JOKER");
      return el;
    }
    if (RED[c.suit]) el.classList.add("red");
    el.classList.add(`suit-${c.suit}`);
    el.innerHTML = `<span class="r" aria-hidden="true">${rankLabel(c.rank)}<i>${SUITS[c.suit]}</i></span>` +
      `<span class="s" aria-hidden="true">${SUITS[c.suit]}</span>`;
    return el;
  }

  // A rank with no suit (plays written as ranks).
  function rankChip(rank) {
    const el = document.createElement("span");
    el.className = "card small rank-only";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", rankOnlyName(rank));
    if (rank === "B" || rank === "R") {
      el.classList.add("joker", rank === "R" ? "red" : "black");
      el.innerHTML = `<span class="r">${rank}J</span><span class="s">★</span>`;
    } else {
      el.innerHTML = `<span class="r">${rankLabel(rank)}</span>`;
    }
    return el;
  }

  // What a move's text is: {kind: "cards", verb, reading, cards} (cards
  // named exactly), {kind: "ranks", ranks} (a play by ranks), or
  // {kind: "plain"} (pass, bids, bets, calls).
  function classify(text) {
    // A lone joker by its card text ("RJ", Shengji's single) is that card, not the ranks R and J.
    if (text === "BJ" || text === "RJ") return { kind: "cards", verb: null, reading: null, cards: [text] };
    if (RANKS_RE.test(text)) return { kind: "ranks", ranks: text.split("") };
    const tokens = text.split(/\s+/).filter(Boolean);
    let verb = null, reading = null;
    const cards = [];
    for (const [i, t] of tokens.entries()) {
      const c = parse(t);
      if (c) { cards.push(c.text); continue; }
      if (i === 0 && VERBS.has(t)) { verb = t; continue; }
      if (i === 0 && t.includes(":")) { reading = t; continue; }
      return { kind: "plain" };
    }
    if (!cards.length) return { kind: "plain" };
    return { kind: "cards", verb, reading, cards };
  }

  function rankOf(text) {
    const c = parse(text);
    return c ? c.rank : "?";
  }

  const exactKey = (cards) => cards.map((c) => parse(c)?.text ?? c).sort().join(" ");
  const rankKey = (ranks) => ranks.slice().sort().join("");

  // The legal moves that exactly the selected cards form.
  function matching(moves, selected) {
    if (!selected.length) return [];
    const ek = exactKey(selected), rk = rankKey(selected.map(rankOf));
    return moves.filter((m) => {
      const k = m.info;
      if (k.kind === "cards") return exactKey(k.cards) === ek;
      if (k.kind === "ranks") return rankKey(k.ranks) === rk;
      return false;
    });
  }

  // Is this card (by text) part of any legal card move?
  function usable(moves, text) {
    const c = parse(text);
    if (!c) return false;
    return moves.some((m) => (m.info.kind === "cards" && m.info.cards.includes(c.text)) ||
      (m.info.kind === "ranks" && m.info.ranks.includes(c.rank)));
  }

  // Readable label of a move for its button.
  function label(text, info) {
    if (info.kind === "ranks") {
      return t(VERB_LABELS.play, { cards: info.ranks.map((r) => (r === "B" ? "BJ" : r === "R" ? "RJ" : rankLabel(r))).join(" ") });
    }
    if (info.kind === "cards") {
      const move = t(VERB_LABELS[info.verb] || VERB_LABELS.play, { cards: info.cards.map(shortLabel).join(" ") });
      return info.reading ? t("{move} as {reading}", { move, reading: readingWords(info.reading) }) : move;
    }
    if (text === "X") return t("Double");
    if (text === "XX") return t("Redouble");
    const w = words(text);
    return w[0].toUpperCase() + w.slice(1);
  }

  // A move said in words for screen readers: "pair of 7s", "Queen of hearts",
  // "bomb: 9 of clubs, …", "1 heart".  Plain moves keep their button's label.
  function spoken(text, info = classify(text)) {
    const list = (names) => names.join(listSeparator);
    if (info.kind === "ranks") {
      // Runs of one rank said together: "three Jacks, pair of 3s".
      const groups = [];
      for (const r of info.ranks) {
        const last = groups[groups.length - 1];
        if (last && last.rank === r && r !== "B" && r !== "R") last.n++;
        else groups.push({ rank: r, n: 1 });
      }
      return list(groups.map(({ rank, n }) => (n === 1 ? rankOnlyName(rank)
        : t(SAME_RANK[n] || MANY_OF_A_RANK, { n, ranks: t(RANK_PLURALS[rank]) }))));
    }
    if (info.kind === "cards") {
      const cards = list(info.cards.map(name));
      if (info.reading) {
        const combo = info.reading.split(":")[0];
        return t("{combo}: {cards}", { combo: combo in COMBOS ? t(COMBOS[combo]) : words(combo), cards });
      }
      return info.verb && info.verb !== "play" ? t(VERB_LABELS[info.verb], { cards }) : cards;
    }
    const call = /^([1-7])(C|D|H|S|NT)$/.exec(text);
    if (call) {
      const level = Number(call[1]), bid = BIDS[call[2]];
      return Array.isArray(bid) ? tn(bid[0], bid[1], level) : t(bid, { level });
    }
    return label(text, info);
  }

  // A move's text drawn as cards where it names cards.
  function play(text) {
    const box = document.createElement("span");
    box.className = "play";
    if (text == null) return box;
    const info = classify(text);
    if (info.kind === "ranks") info.ranks.forEach((r) => box.append(rankChip(r)));
    else if (info.kind === "cards") {
      if (info.verb || info.reading) {
        const w = document.createElement("span");
        w.className = "play-word";
        w.textContent = info.verb ? words(info.verb) : readingWords(info.reading);
        box.append(w);
      }
      info.cards.forEach((c) => box.append(element(c, "span", true)));
    } else {
      const w = document.createElement("span");
      w.className = "play-word";
      w.textContent = words(text);
      box.append(w);
    }
    return box;
  }

  return { parse, list, isCardList, element, classify, matching, usable, label, shortLabel, play, rankChip, name, spoken };
})();
