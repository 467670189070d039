"""The terminal game: one person's seat against AI opponents, deal after deal.

``Session(game, seat=…, level=…, seed=…).run()`` reads commands with
``input()`` and prints through a rich ``Console``.  The person sees what
``render`` draws from his own observation; the AI seats are agents of the
chosen level (``cardavia.ai.levels``), each decision seeded from the run's
seed, the seat and the ply, so an undo replays the same AI moves.
"""
from __future__ import annotations

import hashlib
import re
import time
from typing import Any, Callable

from rich.console import Console
from rich.text import Text

import cardavia
from cardavia import labels, rules
from cardavia.ai.explanations import described, readings, render_explanation, told
from cardavia.ai.levels import level_agent, make_level_agent
from cardavia.bridge import BridgeState
from cardavia.game import CHANCE, Game, State
from cardavia.play.render import (PAGE, chance_text, deal_word, filter_parts, joker_note, level_text, move_notes,
                                  render, render_moves, render_reasons, render_review, render_teams, seat_names,
                                  strain_text)

MAX_INPUT = 200
"""Characters of one command read at most (a move's text is a few dozen)."""
HELP = ("commands: a number picks a listed move ('#2' when a play is written 2 too) · a move's text plays it · "
        "part of a move ({parts}) lists the moves that match · 'more' the next page · '?' the rules · "
        "'? {rule}' one rule, '? {other}' another game's · 'hint' · 'undo' · 'log' · 'table' · 'quit'")
BETWEEN_HELP = ("between {deal}s: Enter plays the next {deal} · 'log' the {deal} just over · '?' the rules, "
                "'? {rule}' one rule · 'quit' stops the match")


def example_rule(game: str) -> str:
    """The id of one of ``game``'s rules, for the help to show how a rule is asked for."""
    section = rules.section(game)
    prefix = re.search(r"^([A-Z]+)-\d+ ", section, re.M)
    item = re.search(r"^- (\d+\.\d+) ", section, re.M)
    return f"{prefix[1]}-{item[1]}" if prefix and item else "DDZ-4.3"


def help_text(game: str) -> str:
    """``HELP`` with examples from ``game``'s own rules (not Dou Dizhu's in a game of Bridge)."""
    return HELP.format(rule=example_rule(game), other="doudizhu" if game == "bridge" else "bridge",
                       parts=filter_parts(game))


HIDDEN_BURIAL = "bury ?"
"""A Shengji burial as the other seats see it (the dealer buries eight cards one move at a time)."""
NEW_DEAL = re.compile(r"(deal|hand) \d+( at |: )")
"""The chance entry a match's engines open each deal with ("deal 2 at level 4", "hand 3: button 1, …")."""


def derive_seed(*parts: Any) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


class Session:
    """A game in the terminal: ``run()`` plays it to the end (or ``quit``) and
    returns the exit code."""

    def __init__(self, game: Game, *, seat: int = 0, level: str = "normal", seed: int = 0, delay: float = 0.4,
                 console: Console | None = None, read: Callable[[str], str] = input):
        self.game = game
        self.seat = seat
        self.level = level
        self.seed = seed
        self.delay = delay
        self.console = console or Console(highlight=False, markup=False)
        self.read = read
        self.state: State = game.new_state(seed=seed)
        self.names = seat_names(game.name, game.num_players, seat)
        self.help = help_text(game.name)
        self.parts = filter_parts(game.name)
        """What filters the moves, as the lists say it."""
        self.agent_name, _ = level_agent(level, game)
        self.agents: dict[int, Any] = {}
        self.shown = 0
        """History entries already printed."""
        self.deal: Any = self.observation().get("deal")
        """The deal of a match being shown (None in a game of one deal)."""
        self.deal_start = 0
        """Where the current deal of a match starts in the history (for ``log``)."""
        self.dummy_moves: set[int] = set()
        """History indices of Bridge cards the declarer played from dummy."""
        self.explanations: dict[int, str] = {}
        """History index -> what an AI's call shows by the system (``Agent.explain``, only what
        every seat may know: ``is_public``), or how the AIs read the person's (``Agent.reads``)."""
        self.withheld: dict[int, str] = {}
        """History index -> an AI's reasons from its own cards, said once the deal is over."""

    # -- output ---------------------------------------------------------------
    def say(self, *parts: Any, style: str | None = None, wrap: bool = True) -> None:
        self.console.print(*parts, style=style, highlight=False, markup=False, soft_wrap=not wrap)

    def observation(self):
        return self.state.observation(self.seat)

    def who(self, player: int) -> str:
        return "You" if player == self.seat else self.names[player]

    def history(self) -> list[list[Any]]:
        """Every entry of the game as this seat sees it (others' hidden moves in public form), the
        observation's ``history`` from the first deal on: Shengji's observation keeps only the
        current deal, so its index would not match ``state.history``'s, which the session keys by."""
        return [[p, str(m) if p == self.seat else m.public_text()] for p, m in self.state.history]

    def show_new_moves(self) -> None:
        """Print the moves made since the last call, as this seat sees them; those of a
        deal that has begun wait until the end of the one before is said (``run``), and a
        seat's hidden burials until the last of them (to be said in one line)."""
        observation = self.observation()
        history = self.history()
        end = len(history)
        if observation.get("deal") != self.deal:
            end = self.new_deal_start(history)
        elif observation.get("phase") == "bury":
            burying = self.state.current_player
            while end > self.shown and history[end - 1] == [burying, HIDDEN_BURIAL]:
                end -= 1
        for i, player, text in self.entries(history, self.shown, end):
            if player == CHANCE:
                self.say(Text(f"  · {chance_text(text, self.names)}", style="dim"))
            else:
                line = Text(f"  {self.mover(i, player)}: ", style="bold" if player == self.seat else "cyan")
                line.append(text)
                why = self.explanations.get(i) or joker_note(self.game.name, text)
                if why:
                    line.append(f"  ({why})", style="dim")
                self.say(line)
        self.shown = max(self.shown, end)

    def mover(self, index: int, player: int) -> str:
        """Who made history entry ``index``: a card the declarer played from dummy says so."""
        who = self.who(player)
        if index in self.dummy_moves:
            dummy = (player + 2) % 4
            who += " from dummy " + ("(your hand)" if dummy == self.seat else f"({self.names[dummy].split(' ')[0]})")
        return who

    @staticmethod
    def entries(history: list[list[Any]], start: int, end: int) -> list[tuple[int, int, str]]:
        """``history[start:end]`` as (index, player, text), a seat's hidden burials in a row
        said as one entry ("buries 8 cards"), at the index of the first."""
        out: list[tuple[int, int, str]] = []
        i = start
        while i < end:
            player, text = history[i]
            run = 1
            while text == HIDDEN_BURIAL and i + run < end and history[i + run] == [player, HIDDEN_BURIAL]:
                run += 1
            out.append((i, player, f"buries {run} card{'s' if run > 1 else ''}" if text == HIDDEN_BURIAL else text))
            i += run
        return out

    def new_deal_start(self, history: list) -> int:
        """Where the deal that has just begun starts in ``history``: its opening chance entry,
        else past the last move (the entries between closed the deal before)."""
        last_move = max((i for i, (player, _) in enumerate(history) if player != CHANCE), default=-1)
        opening = (i for i in range(len(history) - 1, last_move, -1) if NEW_DEAL.match(history[i][1]))
        return max(self.shown, next(opening, last_move + 1))

    # -- the loop ---------------------------------------------------------------
    def run(self) -> int:
        g = self.game
        match = " (a match)" if g.options.get("match") else ""
        self.say(Text(f"{g.title}{match}: you are {self.names[self.seat].split(' (')[0]}; "
                      f"opponents: {self.level} ({self.agent_name}); seed {self.seed}", style="bold"))
        self.say(Text(self.help, style="dim"))
        while True:
            self.show_new_moves()
            if self.state.is_over:
                self.finish()
                return 0
            now = self.observation().get("deal")
            if now != self.deal:
                finished_start, self.deal_start = self.deal_start, self.shown  # (the new deal's entries wait)
                if not self.between_deals(self.deal, now, finished_start):
                    return 0
                self.deal = now
                continue
            player = self.state.current_player
            assert player is not None
            if player == self.seat:
                if not self.human_turn():
                    self.say_stopped()
                    return 0
            else:
                self.ai_move(player)

    def ai_move(self, player: int) -> None:
        agent = self.agents.get(player)
        if agent is None:
            agent = self.agents[player] = make_level_agent(self.level, self.game, seed=0)
        agent.reset(derive_seed(self.seed, player, len(self.state.history)))
        why = None
        try:
            move = agent.act(self.state)
            now, later = told(agent, self.state.observation(player), move)
            if now is not None:
                why = ("read as: " if now[2] else "") + render_explanation(now[0], now[1])
            if later is not None:
                self.withheld[len(self.state.history)] = render_explanation(*later)
        except Exception as e:  # an agent that fails must not end the person's game
            self.say(f"the {self.agent_name} AI failed ({type(e).__name__}); {self.names[player]} plays at random",
                     style="red")
            move = self.state.legal_moves().sample(derive_seed(self.seed, "random", len(self.state.history)))
        if why is not None:
            self.explanations[len(self.state.history)] = why
        self.apply(move)
        self.show_new_moves()
        if self.delay:
            time.sleep(self.delay)

    def show_withheld(self) -> None:
        """The reasons the AIs drew from their own cards, now that the deal is over."""
        if not self.withheld:
            return
        history = self.history()   # (moves in their public form: a burial stays hidden)
        self.say(render_reasons([(self.who(history[i][0]), history[i][1], why)
                                 for i, why in sorted(self.withheld.items())]))
        self.withheld.clear()

    def between_deals(self, finished: Any, coming: Any, finished_start: int) -> bool:
        """Between two deals of a match: the one over said, then Enter goes on (True); 'log', 'help'
        and '?' answer and ask again; 'quit' or the end of input stops the match (False)."""
        word = deal_word(self.game.name)
        self.say(Text(f"— {word} {finished} is over —", style="bold"))
        self.show_withheld()
        for standing in self.standing():
            self.say(standing)
        while True:
            try:
                answer = self.read(f"Enter for {word} {coming}, 'quit' to stop> ").strip()
            except EOFError:
                self.say("")
                self.say_stopped()
                return False
            command = answer.lower()
            if not command:
                return True
            if command in ("quit", "exit", "q"):
                self.say_stopped()
                return False
            if command in ("help", "h"):
                self.say(BETWEEN_HELP.format(deal=word, rule=example_rule(self.game.name)))
            elif command == "?" or command.startswith("? "):
                self.show_rules(answer[1:].strip())
            elif command == "log":
                self.show_log(finished_start, self.deal_start, finished)
            else:
                self.say(f"{_clip(answer)!r} is not a command between {word}s: Enter plays {word} {coming}; "
                         "'log', 'help', '?' or 'quit'", style="red")

    def standing(self) -> list[Text]:
        """The match as the deal now begun starts: the teams' levels, or each seat's chips (before
        this deal's antes and blinds are taken, as the last one left them)."""
        obs = self.observation()
        out = []
        if "team_levels" in obs:
            out.append(render_teams(obs["team_levels"], self.names))
        chips = obs.get("start_stacks") or obs.get("stacks")
        if chips is not None:
            out.append(Text("chips: " + " · ".join(f"{self.who(p)} {c}" for p, c in enumerate(chips))))
        return out

    def say_stopped(self) -> None:
        """The standing of a match stopped before its end (nothing for a single deal)."""
        deal = self.observation().get("deal")
        if not self.game.options.get("match") or deal is None or self.state.is_over:
            return
        word = deal_word(self.game.name)
        played = deal - 1
        if not played:
            self.say(Text(f"Match stopped in its first {word}.", style="bold"))
            return
        self.say(Text(f"Match stopped after {played} {word}{'s' if played > 1 else ''}:", style="bold"))
        for standing in self.standing():
            self.say(Text("  ").append(standing))

    def finish(self) -> None:
        self.say(render(self.observation()))
        outcome = self.state.outcome()
        scores = " · ".join(f"{self.who(p)} {r:+g}" for p, r in enumerate(outcome.returns))
        self.say(Text("Final score: ", style="bold").append(scores))
        for key, value in outcome.score.items():
            shown = self.score_value(key, value)
            if shown is not None:
                self.say(Text(f"  {labels.label(key)}: {shown}", style="dim"))
        if isinstance(self.state, BridgeState):  # a Bridge deal against its double-dummy par
            self.say(render_review(self.state.review(), self.names, self.seat))
        mine = outcome.returns[self.seat]
        self.say(Text("You win." if mine > 0 else ("You lose." if mine < 0 else "A draw for you."), style="bold"))
        self.show_withheld()

    def score_value(self, key: str, value: Any) -> str | None:
        """A value of the final score as the table says it (a seat or a team by name, yes or
        no), or None when there is nothing to print (no spring; a breakdown printed otherwise)."""
        seat = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.names)
        if seat and key in labels.SEAT_KEYS:
            return self.who(value)
        if seat and key in labels.TEAM_KEYS and len(self.names) == 4:
            return f"{self.who(value)} and {self.who(value + 2)}"
        if key in labels.SEAT_LIST_KEYS and isinstance(value, (list, tuple)) \
                and all(isinstance(p, int) and 0 <= p < len(self.names) for p in value):
            return ", ".join(self.who(p) for p in value)
        if key in labels.TRUMP_KEYS and isinstance(value, str):
            return strain_text(value)
        if key == "level" and isinstance(value, int) and not isinstance(value, bool):
            return level_text(value)   # (as the table says it: "A", not 14)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value) if isinstance(value, (int, float, str)) else None

    # -- the person's turn ---------------------------------------------------------
    def human_turn(self) -> bool:
        """Read commands until a move is played (True) or the person quits (False)."""
        legal = [str(m) for m in self.state.legal_moves()]
        numbered = list(enumerate(legal, 1))
        view, matching, start = numbered, None, 0
        notes = {**move_notes(self.game.name, legal), **self._readings(legal)}
        self.say(render(self.observation()))
        self.say(render_moves(view, len(legal), matching, start, notes, self.parts))
        while True:
            try:
                text = self.read("your move> ").strip()
            except EOFError:
                self.say("")
                return False
            if len(text) > MAX_INPUT:  # refused whole: a cut line could play a move other than the one typed
                self.say(f"that line is {len(text)} characters long; a move or command is at most {MAX_INPUT}",
                         style="red")
                continue
            command = text.lower()
            digits = text.isascii() and text.isdigit()
            if not text or command == "table":
                view, matching, start = numbered, None, 0
                self.say(render(self.observation()))
                self.say(render_moves(view, len(legal), notes=notes, parts=self.parts))
            elif command in ("quit", "exit") or (command == "q" and not self.parses(text)):
                return False   # ("Q" is a play in Dou Dizhu and Zheng Shangyou: a queen, not quit)
            elif command in ("help", "h"):
                self.say(self.help)
            elif command == "?" or command.startswith("? "):
                self.show_rules(text[1:].strip())
            elif command == "hint":
                self.hint()
            elif command == "log":
                self.show_log()
            elif command == "undo":
                if self.undo():
                    return True
            elif command == "more":
                if start + PAGE < len(view):
                    start += PAGE
                    self.say(render_moves(view, len(legal), matching, start, notes, self.parts))
                else:
                    self.say("that was the last page; press Enter for the whole list again")
            elif text.startswith("#") or (digits and not self.parses(text)):
                number = text.lstrip("#").strip()
                k = int(number) if number.isascii() and number.isdigit() else 0
                if 1 <= k <= len(legal):
                    self.play(legal[k - 1])
                    return True
                said = f"no move numbered {_clip(number)!r}" if number else "a number goes after '#'"
                self.say(f"{said}: the moves are numbered 1..{len(legal)}", style="red")
            elif digits and 1 <= int(text) <= len(legal):
                self.say(f"{text!r} could be move number {text} ({legal[int(text) - 1]}) or the play {text}: "
                         f"type '#{text}' for the number, '={text}' for the play", style="red")
            elif self.try_play(text.removeprefix("=").strip()):
                return True
            else:
                found = [(i, m) for i, m in numbered if _matches(m, text)]
                if found:
                    view, matching, start = found, text, 0
                    self.say(render_moves(view, len(legal), matching, notes=notes, parts=self.parts))
                if command == "q":
                    self.say("('q' is a queen in this game: 'quit' stops it)", style="dim")

    def parses(self, text: str) -> bool:
        """``text`` reads as a move of this game (legal or not)."""
        try:
            self.game.parse_move(text, self.state)
        except ValueError:
            return False
        return True

    def apply(self, move: Any) -> None:
        """Play ``move`` (refusals raise and change nothing); the person's own
        move keeps how the AIs read it."""
        index, mover = len(self.state.history), self.state.current_player
        observation = self.state.observation(self.seat)
        self.state.play(move)
        if observation.get("from_dummy"):
            self.dummy_moves.add(len(self.state.history) - 1)
        if mover == self.seat:
            reading = _described(self._reader().reads, observation, self.state.history[index].move)
            if reading is not None:
                self.explanations[index] = f"read as: {reading}"

    def _readings(self, legal: list[str]) -> dict[str, str]:
        """Each of the person's legal moves the AIs read something in (a Bridge
        call): what they would take it to show."""
        return {move: render_explanation(*r) for move, r in readings(self._reader(), self.observation(), legal).items()}

    def _reader(self) -> Any:
        """An AI of the table, to read the person's moves."""
        if not self.agents:
            self.agents[(self.seat + 1) % self.game.num_players] = make_level_agent(self.level, self.game, seed=0)
        return next(iter(self.agents.values()))

    def play(self, text: str) -> None:
        self.apply(text)
        self.show_new_moves()

    def try_play(self, text: str) -> bool:
        """Play typed text; on refusal say why in one line (naming the rule)
        unless the text is a filter that matches some moves."""
        try:
            self.apply(text)
        except ValueError as e:
            rule = getattr(e, "rule", None)
            message = str(e)
            if rule and rule not in message:
                message += f" ({rule})"
            more = f" — '? {rule}' shows the rule" if rule else ""
            legal_texts = (str(m) for m in self.state.legal_moves())
            if not any(_matches(m, text) for m in legal_texts):
                self.say(f"not played: {message}{more}", style="red")
            return False
        self.show_new_moves()
        return True

    # -- commands -----------------------------------------------------------------
    def show_rules(self, which: str) -> None:
        try:
            if not which or which.lower() in rules.games():
                self.say(rules.section(which.lower() or self.game.name), wrap=False)
            elif not rules.RULE_ID.match(which.upper()):  # (the library's message gives Dou Dizhu's ids)
                self.say(f"'? ' takes a rule id, such as {example_rule(self.game.name)}, or a game: "
                         f"{', '.join(rules.games())}; not {_clip(which, 40)!r}", style="red")
            else:
                self.say(rules.rule(which), wrap=False)
        except ValueError as e:
            self.say(str(e), style="red")

    def show_log(self, start: int | None = None, end: int | None = None, deal: Any = None) -> None:
        """A deal's moves as this seat saw them, from the entry that opened it (the current deal's
        unless ``start``, ``end`` and ``deal`` say another), numbered by entry."""
        history = self.history()
        if start is None:
            start, end, deal = self.deal_start, len(history), self.observation().get("deal")
        self.say(Text(f"log of {deal_word(self.game.name)} {deal}:" if deal is not None else "log:", style="bold"))
        for i, player, text in self.entries(history, start, len(history) if end is None else end):
            why = self.explanations.get(i)
            said = f"· {chance_text(text, self.names)}" if player == CHANCE else f"{self.mover(i, player)}: {text}"
            self.say(f"{i - start + 1:>4}  {said}" + (f"  ({why})" if why else ""))

    def hint(self) -> None:
        """What this level's agent would play for you, and why; nothing is played."""
        agent = make_level_agent(self.level, self.game, seed=derive_seed(self.seed, "hint", self.seat,
                                                                        len(self.state.history)))
        agent.advising = True
        obs, legal = self.observation(), self.state.legal_moves()
        if len(legal) == 1:
            self.say(f"hint: {legal[0]} — the only legal move")
            return
        move = agent.choose(obs, legal)   # the move itself, then the search behind it
        values: dict[str, float] = getattr(agent, "last_values", None) or {}
        worlds = getattr(agent, "last_worlds", 0)
        # (Bridge's calls are the system's, Dou Dizhu's bids the chance as landlord: neither is played out)
        if values and worlds and obs.get("phase") not in ("auction", "bidding"):
            ranked = sorted(values.items(), key=lambda kv: -kv[1])
            if str(move) not in values:   # Shengji's bury: whole burials were searched, buried a card at a time
                self.say(f"hint: {move} — {self.agent_name} played {len(values)} burials out in {worlds} worlds "
                         f"each: the best, {ranked[0][0]}, mean score {ranked[0][1]:+.2f}")
                return
            others = ", ".join([f"{m} {v:+.2f}" for m, v in ranked if m != str(move)][:3])
            kept = " (the usual play: none did clearly better)" if getattr(agent, "last_kept", False) else ""
            self.say(f"hint: {move} — {self.agent_name} played {len(values)} candidates out in {worlds} "
                     f"worlds each: mean score {values[str(move)]:+.2f}{kept}"
                     + (f"; next best {others}" if others else ""))
            return
        if getattr(agent, "last_iterations", 0):  # the tree searched (not a bid): visits and mean per move
            root: dict[Any, tuple[int, float]] = agent.last_root
            by_visits = sorted(root.items(), key=lambda kv: -kv[1][0])
            others = ", ".join(f"{m} {n} visits" for m, (n, _) in by_visits[:4] if m != move)
            visits, mean = root.get(move, (0, 0.0))
            self.say(f"hint: {move} — {self.agent_name} searched {agent.last_iterations} iterations: "
                     f"{visits} visits, mean score {mean:+.2f}" + (f"; next {others}" if others else ""))
            return
        why = _described(agent.explain, obs, move) or (
            "the game's rules of thumb (the compiled rollout policy)" if self.agent_name == "heuristic"
            else "a random legal move")
        self.say(f"hint: {move} — what the {self.agent_name} AI plays here: {why}")

    def undo(self) -> bool:
        """Take back the person's last decision and the AI moves after it."""
        entries = [e for e in self.state.history if e.player != CHANCE]
        keep = next((i for i in range(len(entries) - 1, -1, -1) if entries[i].player == self.seat), None)
        if keep is None:
            self.say("nothing to undo: you have made no decision yet", style="red")
            return False
        data = self.state.to_dict()
        data["moves"] = data["moves"][:keep]
        state = cardavia.from_json(data)
        if state.observation(self.seat).get("deal") != self.observation().get("deal"):
            self.say("undo stays within the current deal of a match", style="red")
            return False
        taken = len(entries) - keep
        self.state = state
        self.shown = len(self.history())
        self.dummy_moves = {i for i in self.dummy_moves if i < self.shown}
        self.explanations = {i: e for i, e in self.explanations.items() if i < self.shown}
        self.withheld = {i: e for i, e in self.withheld.items() if i < self.shown}
        self.say(f"undone: {taken} move{'s' if taken != 1 else ''} taken back; your move again", style="yellow")
        return True


def _described(describe: Callable[[Any, Any], Any], observation: Any, move: Any) -> str | None:
    """The English of an agent's ``explain`` or ``reads`` of ``move`` (``explanations.described``), or None."""
    got = described(describe, observation, move)
    return None if got is None else render_explanation(*got)


def _clip(text: str, most: int = 20) -> str:
    """What the person typed, quoted back: at most ``most`` characters, a cut marked with '…'
    (a number of 25 digits is not said back as another number of 20)."""
    return text if len(text) <= most else text[:most - 1] + "…"


def _matches(move: str, text: str) -> bool:
    """``text`` filters ``move``: each of its words is part of the move's text, a word typed
    twice ("Kh Kh", a pair) as often as typed."""
    words = text.lower().split()
    target = move.lower()
    return bool(words) and all(target.count(w) >= words.count(w) for w in words)

