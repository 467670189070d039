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

  // Spoken names, built from t() parts so they translate: "Queen of hearts", "Red Joker".
  const SUIT_KEYS = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
  function rankName(rank) { return t(`card.rank.${rank}`); }
  function name(text) {
    const c = parse(text);
    if (!c) return t("card.unknown");
    if (c.joker) return t(c.joker === "RJ" ? "card.redJoker" : "card.blackJoker");
    return t("card.name", { rank: rankName(c.rank), suit: t(`card.suit.${SUIT_KEYS[c.suit]}`) });
  }
  // A rank with no suit (plays by ranks): its name, B and R the jokers.
  function rankOnlyName(rank) {
    return rank === "B" ? t("card.blackJoker") : rank === "R" ? t("card.redJoker") : rankName(rank);
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
      el.innerHTML = `<span class="r" aria-hidden="true">JOKER</span><span class="s" aria-hidden="true">★</span>`;
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
    if (info.kind === "ranks") return "Play " + info.ranks.map((r) => (r === "B" ? "BJ" : r === "R" ? "RJ" : rankLabel(r))).join(" ");
    if (info.kind === "cards") {
      const verb = info.verb ? info.verb[0].toUpperCase() + info.verb.slice(1) : "Play";
      const reading = info.reading ? ` as ${info.reading.replace(":", " ")}` : "";
      return `${verb} ${info.cards.join(" ")}${reading}`;
    }
    if (text === "X") return "Double";
    if (text === "XX") return "Redouble";
    return text[0].toUpperCase() + text.slice(1);
  }

  // A move said in words for screen readers: "pair of 7s", "Queen of hearts",
  // "bomb: 9 of clubs, …", "1 heart".  Plain moves keep their button's label.
  function spoken(text, info = classify(text)) {
    const list = (names) => names.join(t("list.separator"));
    if (info.kind === "ranks") {
      // Runs of one rank said together: "three Jacks, pair of 3s".
      const groups = [];
      for (const r of info.ranks) {
        const last = groups[groups.length - 1];
        if (last && last.rank === r && r !== "B" && r !== "R") last.n++;
        else groups.push({ rank: r, n: 1 });
      }
      return list(groups.map(({ rank, n }) => (n === 1 ? rankOnlyName(rank)
        : t(n <= 4 ? `play.same.${n}` : "play.same.many", { n, ranks: t(`card.ranks.${rank}`) }))));
    }
    if (info.kind === "cards") {
      const cards = list(info.cards.map(name));
      if (info.reading) {
        const combo = info.reading.split(":")[0];
        const key = `play.combo.${combo}`;
        return t("play.reading", { combo: t(key) === key ? combo : t(key), cards });
      }
      return info.verb && info.verb !== "play" ? t(`play.verb.${info.verb}`, { cards }) : cards;
    }
    const call = /^([1-7])(C|D|H|S|NT)$/.exec(text);
    if (call) return t("call.bid", { level: call[1], strain: t(`call.strain${call[1] === "1" ? "1" : "N"}.${call[2]}`) });
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
        const t = document.createElement("span");
        t.className = "play-word";
        t.textContent = info.verb || info.reading.replace(":", " ");
        box.append(t);
      }
      info.cards.forEach((c) => box.append(element(c, "span", true)));
    } else {
      const t = document.createElement("span");
      t.className = "play-word";
      t.textContent = text;
      box.append(t);
    }
    return box;
  }

  return { parse, list, isCardList, element, classify, matching, usable, label, play, rankChip, name, spoken };
})();
