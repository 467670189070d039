"""Review of what is imported or replayed: PBN, PHH, the web store's saved
rows and replay files.  Real-world inputs the formats allow are read; wrong
data is refused with a ValueError naming what is wrong; nothing is made up."""
import json
import random
import re
import sqlite3
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

import cardavia
from cardavia import pbn, phh
from cardavia.sim import replay
from cardavia.web.store import GameRow, Store

BRIDGE = cardavia.load("bridge")
HOLDEM = cardavia.load("holdem", match=False)


def _bridge_game(seed: int = 3):
    s = BRIDGE.new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s.play(s.legal_moves().sample(rng))
    return s


def _same(a, b) -> bool:
    return a.to_dict()["moves"] == b.to_dict()["moves"] and a.deal_pbn() == b.deal_pbn()


@pytest.fixture(scope="module")
def game_and_text():
    for seed in range(3, 60):   # a played deal (not passed out)
        s = _bridge_game(seed)
        if s.declarer is not None:
            return s, pbn.export_game(s)
    raise AssertionError("no played deal")


# -- PBN ------------------------------------------------------------------------------------
def test_pbn_tag_values_with_escapes_and_comments_on_tag_lines_are_read(game_and_text):
    """BR-5.7: PBN 2.1 tag values may hold \\" and \\\\; ``;`` comments and
    several tag pairs may share a line.  Before: "malformed tag"."""
    s, text = game_and_text
    edited = (text.replace('[Event "Cardavia"]', '[Event "The \\"Big\\" one \\\\ 2"] ; the club final')
              .replace('[Site ""]\n[Date ""]', '[Site ""] [Date ""]'))
    assert _same(BRIDGE.from_pbn(edited), s)
    assert dict((t, v) for t, v, _ in pbn.parse_tags(edited))["Event"] == 'The "Big" one \\ 2'


def test_pbn_comments_over_several_lines_are_not_read_as_calls(game_and_text):
    """BR-3.1: a ``{...}`` comment may span lines; its words are no calls.
    Before: call '{a' does not replay."""
    s, text = game_and_text
    edited = text.replace('[Auction "S"]\n', '[Auction "S"]\n{South thought\nfor a while; 1S was close}\n')
    assert _same(BRIDGE.from_pbn(edited), s)
    with pytest.raises(ValueError, match="never closed"):
        BRIDGE.from_pbn(text.replace('[Auction "S"]\n', '[Auction "S"]\n{no end\n'))


def test_pbn_notes_nags_and_suffix_annotations_are_skipped(game_and_text):
    """BR-3.1 / BR-4.2: ``=1=`` notes, ``$1`` NAGs and ``!``/``?`` suffixes
    annotate a call or card.  Before: '$1' / '2H!' do not replay, and a
    note in the play broke its rows of four."""
    s, text = game_and_text
    lines = text.split("\n")
    a = lines.index('[Auction "S"]') + 1
    calls = lines[a].split()
    lines[a] = " ".join([calls[0] + "!", "=1=", "$3"] + calls[1:])
    p = lines.index(next(x for x in lines if x.startswith("[Play"))) + 1
    cards = lines[p].split()
    lines[p] = " ".join([cards[0] + "?!", "=2="] + cards[1:])
    edited = "\n".join(lines).replace('[Auction "S"]', '[Note "1:strong"]\n[Auction "S"]')
    assert _same(BRIDGE.from_pbn(edited), s)


def test_pbn_lowercase_seats_and_vulnerability_crlf_and_bom_are_read(game_and_text):
    """BR-2.2: PBN values in lowercase (``none``, ``[Auction "s"]``), a CRLF
    file with a byte order mark.  Before: unknown vulnerability 'none'."""
    s, text = game_and_text
    vul = pbn.PBN_VUL[s.vulnerability]
    opener = next(x for x in text.split("\n") if x.startswith("[Play"))
    edited = (text.replace(f'[Vulnerable "{vul}"]', f'[Vulnerable "{vul.lower()}"]')
              .replace('[Auction "S"]', '[Auction "s"]').replace('[Dealer "S"]', '[Dealer "s"]')
              .replace(opener, opener.lower().replace("[play", "[Play")))
    back = BRIDGE.from_pbn("\ufeff" + edited.replace("\n", "\r\n"))
    assert _same(back, s) and back.vulnerability == s.vulnerability


def test_pbn_several_games_are_refused_by_name_and_split_one_by_one():
    """A PBN file of many boards: before, the tags of later games silently
    overwrote the first's (a deal of one game with the play of another)."""
    first, second = _bridge_game(3), _bridge_game(4)
    text = "% PBN 2.1\n" + pbn.export_game(first) + "\n" + pbn.export_game(second, board=2)
    with pytest.raises(ValueError, match="holds 2 games"):
        BRIDGE.from_pbn(text)
    parts = pbn.split_games(text)
    assert len(parts) == 2 and parts[0].startswith("% PBN 2.1")
    assert _same(BRIDGE.from_pbn(parts[0]), first) and _same(BRIDGE.from_pbn(parts[1]), second)
    # no empty line between them: the repeated tags start the next game
    assert len(pbn.split_games(pbn.export_game(first) + pbn.export_game(second))) == 2


def test_pbn_hash_copies_the_previous_game_s_tag():
    """PBN 2.1: a tag value "#" is the previous game's value of that tag
    (files of many boards write Event, Vulnerable, Dealer once).  Before, a
    game split from such a file read "#" as the tag's own value."""
    first, second = _bridge_game(3), _bridge_game(4)
    one = pbn.export_game(first, event="Club night").replace('[Site ""]', '[Site "The \\"Oak\\" room"]')
    two = pbn.export_game(second, event="later", board=2)
    two = two.replace('[Event "later"]', '[Event "#"]').replace('[Site ""]', '[Site "#"]')
    if first.vulnerability == second.vulnerability:
        two = two.replace(f'[Vulnerable "{pbn.PBN_VUL[second.vulnerability]}"]', '[Vulnerable "#"]')
    parts = pbn.split_games(one + "\n" + two)
    tags = dict(t[:2] for t in pbn.parse_tags(parts[1]))
    assert tags["Event"] == "Club night" and tags["Site"] == 'The "Oak" room' and tags["Board"] == "2"
    assert _same(BRIDGE.from_pbn(parts[1]), second)
    with pytest.raises(ValueError, match=r'\[Event "#"\] copies the previous game\'s Event; .*split_games'):
        BRIDGE.from_pbn(two)
    with pytest.raises(ValueError, match="no game before it has one"):
        pbn.split_games(two)


def test_pbn_play_without_an_auction_is_refused_not_dropped(game_and_text):
    """BR-4.1: the play follows the auction.  Before: a PBN with Contract and
    Play but no Auction gave an empty auction, its play silently dropped."""
    _, text = game_and_text
    head, play = text.split("[Auction")[0], "[Play" + text.split("[Play")[1]
    with pytest.raises(ValueError, match="no \\[Auction\\] tag"):
        BRIDGE.from_pbn(head + play)


def test_pbn_result_is_a_trick_count_or_unknown(game_and_text):
    """BR-3.3: the result is declarer's tricks, 0-13; ``?`` or empty is
    unknown.  Before: "1_0" and "٨" were read as 10 and 8, "?" refused, and
    a 5000-digit result filled the message."""
    s, text = game_and_text
    res = f'[Result "{s.declarer_tricks}"]'
    assert _same(BRIDGE.from_pbn(text.replace(res, '[Result "?"]')), s)
    for bad in ("1_0", "\u0668", "9" * 5000, "14"):
        with pytest.raises(ValueError, match="bad result") as e:
            BRIDGE.from_pbn(text.replace(res, f'[Result "{bad}"]'))
        assert len(str(e.value)) < 120


_PBN_ALPHABET = hst.sampled_from(list('[]{};%"\\\n\r\t -=$!?*+:.SHDCNEWAKQJT98765432xX') + ["Pass", "AP"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=hst.lists(hst.tuples(hst.integers(0, 4000), hst.integers(0, 6),
                                  hst.lists(_PBN_ALPHABET, max_size=6).map("".join)), max_size=4))
def test_pbn_import_of_edited_text_is_a_state_or_a_value_error(game_and_text, edits):
    _, text = game_and_text
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut:]
    try:
        BRIDGE.from_pbn(text)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)


# -- PHH ------------------------------------------------------------------------------------
PHH_HEAD = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [10, 20, 0]\nmin_bet = 20\n"
            "starting_stacks = [500, 500, 500]\n")
LIMP = ["p3 cc", "p1 cc", "p2 cc", "d db 2s7hTd", "p1 cc", "p2 cc", "p3 cc", "d db 3c",
        "p1 cc", "p2 cc", "p3 cc", "d db 4s", "p1 cc", "p2 cc", "p3 cc"]


def _phh(actions: list[str], extra: str = "") -> str:
    return PHH_HEAD + "actions = " + json.dumps(actions) + "\n" + extra


def test_phh_cards_shown_down_are_the_unknown_hole_cards():
    """TH-5.1: a PHH of a site deals the others ``????`` and shows them at the
    showdown.  Before: the shown cards were ignored and the showdown was
    settled with hole cards made up at random."""
    deal = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
    shows = ["p1 sm 7c2d", "p2 sm KsKh", "p3 sm 9c9d"]
    s = phh.loads(_phh(deal + LIMP + shows))
    assert [s.core.hole(p) for p in range(3)] == [cardavia.parse_cards(h) for h in ("7c2d", "KsKh", "9c9d")]
    assert s.is_over and s.returns()[:3] == [40, -20, -20]   # 7s and 2s up on 2s 7h Td 3c 4s


def test_phh_cards_shown_must_be_the_cards_dealt():
    deal = ["d dh p1 7c2d", "d dh p2 KsKh", "d dh p3 9c9d"]
    with pytest.raises(ValueError, match="shows other cards"):
        phh.loads(_phh(deal + LIMP + ["p1 sm AsAh"]))


def test_phh_a_player_dealt_twice_or_not_at_all_is_refused():
    """TH-2.1: two hole cards a player, dealt once.  Before: the second
    ``d dh`` replaced the first; a player never dealt got random cards."""
    with pytest.raises(ValueError, match="dealt hole cards twice"):
        phh.loads(_phh(["d dh p1 7c2d", "d dh p1 KsKh", "d dh p2 9c9d", "d dh p3 AsAh"]))
    with pytest.raises(ValueError, match="p2 is dealt no hole cards"):
        phh.loads(_phh(["d dh p1 7c2d", "d dh p3 9c9d", "p3 f"]))


@pytest.mark.parametrize("amount", ["1_00", "0x64", "1e3", "100.", "-100", "+100"])
def test_phh_amounts_are_plain_numbers(amount):
    # was: Python's number syntax (literal_eval) read 1_00 and 0x64 as 100
    deal = ["d dh p1 7c2d", "d dh p2 KsKh", "d dh p3 9c9d"]
    with pytest.raises(ValueError, match="is not an amount"):
        phh.loads(_phh(deal + [f"p3 cbr {amount}"]))
    assert phh.loads(_phh(deal + ["p3 cbr 100"])).history   # the plain number plays


@pytest.mark.parametrize("actions,needle", [
    (LIMP[:3] + ["d db 2s7h", "p1 cc"], "flop is three cards"),       # a two-card flop, padded at random
    (["d db 2s7hTd"] + LIMP[:3], "before the betting round ends"),  # the flop before the preflop betting
    (LIMP[:3] + ["p1 cc"], "not dealt"),                             # the flop never dealt: made up
    (["p3 cbr 500", "p1 cc", "p2 cc"], "deals only 0"),                # all in: a board run out from nothing
])
def test_phh_board_cards_come_when_due_and_are_never_made_up(actions, needle):
    """TH-3.4: the flop (three cards), the turn and the river (one each),
    dealt when a betting round ends.  Before: all four were accepted, the
    missing board cards dealt at random."""
    deal = ["d dh p1 7c2d", "d dh p2 KsKh", "d dh p3 9c9d"]
    with pytest.raises(ValueError, match=needle):
        phh.loads(_phh(deal + actions))


def test_phh_toml_the_format_allows_is_read():
    """PHH files are TOML: times and dates, comments inside a list, a comment
    with a quote, literal strings with a backslash, a byte order mark.
    Before: each was 'cannot read'."""
    deal = ["d dh p1 7c2d", "d dh p2 KsKh", "d dh p3 9c9d"]
    acts = "".join(json.dumps(a) + ",  # the blinds limp\n" if i == 3 else json.dumps(a) + ",\n"
                   for i, a in enumerate(deal + LIMP))
    text = (PHH_HEAD + f"actions = [\n{acts}]\n# it's a home game\ntime = 20:30:00\n"
            "day = 1\nmonth = 2\nyear = 2024\nevent = 'C:\\games'\n")
    s = phh.loads("\ufeff" + text)
    assert s.is_over and s.returns()[:3] == [40, -20, -20]
    with pytest.raises(ValueError, match="phhs"):
        phh.loads("[1]\n" + text + "\n[2]\n" + text)


# -- the web store ----------------------------------------------------------------------------
def _store_with_rows(tmp_path, n=3):
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    state = cardavia.load("doudizhu").new_state(seed=1).to_json()
    now = time.time()
    for i in range(n):
        store.insert(GameRow(f"g{i}", "me", "doudizhu", 0, "normal", 0.4, 1, state, False, now, now))
    store.close()
    return path


@pytest.mark.parametrize("column,value", [("seed", "'abc'"), ("pace", "'fast'"), ("seat", "'x'"),
                                          ("created", "x'00'"), ("state", "x'ff00'"), ("over", "'yes'")])
def test_store_a_damaged_row_hides_itself_not_the_session(tmp_path, column, value, caplog):
    """Before: a row edited outside the server (a text seed, a blob state)
    made ``list_session`` raise for every game of its session, and ``get``
    raise instead of answering; now the row is as gone, and the log says why."""
    path = _store_with_rows(tmp_path)
    db = sqlite3.connect(path)
    db.execute(f"UPDATE games SET {column}={value} WHERE id='g1'")
    db.commit()
    db.close()
    store = Store(path)
    try:
        assert sorted(r.id for r in store.list_session("me")) == ["g0", "g2"]
        assert store.get("g1") is None and store.get("g0").seed == 1
    finally:
        store.close()
    assert f"the column {column} holds" in caplog.text


def test_store_refuses_a_seed_it_would_give_back_changed(tmp_path):
    """Before: a seed over 2**63 - 1 was kept as a REAL and came back rounded."""
    store = Store(tmp_path / "g.sqlite3")
    row = GameRow("big", "me", "doudizhu", 0, "normal", 0.4, 2**64 - 1, "{}", False, 1.0, 1.0)
    with pytest.raises(ValueError, match="seed"):
        store.insert(row)
    assert store.get("big") is None
    store.close()


# -- replay files -----------------------------------------------------------------------------
def test_replay_file_with_a_byte_order_mark_is_read(tmp_path):
    """Before: a replay saved by an editor that writes a UTF-8 BOM was
    refused ("Unexpected UTF-8 BOM")."""
    s = _bridge_game(5)
    path = tmp_path / "deal.json"
    path.write_bytes(b"\xef\xbb\xbf" + s.to_json().encode())
    assert _same(replay.load(str(path)), s)
    # and so is state JSON with one, as text or bytes (the page's replay upload reads bytes)
    assert _same(cardavia.from_json("\ufeff" + s.to_json()), s)
    assert _same(BRIDGE.from_json(b"\xef\xbb\xbf" + s.to_json().encode()), s)


# -- PBN tags against the replayed game (BR-3.3), a claimed deal kept ------------------------------
def test_pbn_contract_and_declarer_tags_must_agree_with_the_auction(game_and_text):
    state, text = game_and_text
    letters = cardavia.bridge.SEAT_LETTERS
    contract, letter = state.contract, letters[state.declarer]
    other = "7NTXX" if contract != "7NTXX" else "1C"
    for tag, good, bad in (("Contract", contract, other), ("Declarer", letter, letters[(state.declarer + 1) % 4])):
        assert f'[{tag} "{good}"]' in text
        with pytest.raises(ValueError, match=rf"\[{tag} .*disagrees with the auction.*BR-3\.3"):
            BRIDGE.from_pbn(text.replace(f'[{tag} "{good}"]', f'[{tag} "{bad}"]'))
    lower = text.replace(f'[Contract "{contract}"]', f'[Contract "{contract.lower()}"]')
    assert _same(BRIDGE.from_pbn(lower), state)


def test_pbn_play_after_an_unfinished_or_passed_out_auction_is_refused(game_and_text):
    state, text = game_and_text
    head, _, rest = text.partition('[Auction "S"]\n')
    unfinished = head + '[Auction "S"]\n' + "1C\n" + rest[rest.index("[Play"):]
    unfinished = re.sub(r'\[(Contract|Declarer|Result|Score) "[^"]*"\]\n', "", unfinished)
    with pytest.raises(ValueError, match=r"play section.*not finished \(BR-3\.3\)"):
        BRIDGE.from_pbn(unfinished)
    passed = unfinished.replace('[Auction "S"]\n1C\n', '[Auction "S"]\nPass Pass Pass Pass\n')
    with pytest.raises(ValueError, match=r"play section.*passed out \(BR-3\.3\)"):
        BRIDGE.from_pbn(passed)


def test_pbn_claimed_deal_survives_export_and_import():
    for seed in range(3, 40):
        s = BRIDGE.new_state(seed=seed)
        rng = random.Random(seed)
        while s.phase == "auction":
            s.play(s.legal_moves().sample(rng))
        if s.declarer is not None:
            break
    for _ in range(9):   # two tricks and a card into the third
        s.play(s.legal_moves().sample(rng))
    best = max(cardavia.bridge.solve_state(s).values())
    s.claim(best)
    assert s.is_over
    back = BRIDGE.from_pbn(pbn.export_game(s))
    assert back.is_over and back.declarer_tricks == s.declarer_tricks and _same(back, s)
    text = pbn.export_game(s).replace(f'[Result "{s.declarer_tricks}"]', '[Result "13"]')
    with pytest.raises(ValueError, match="result 13"):
        BRIDGE.from_pbn(text)
