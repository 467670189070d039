"""Poker hand ranking (RULES.md §5 TH-4), proven exhaustively in the core."""
from cardavia._core import poker as core


def test_th_4_1_every_five_card_hand_exhaustive():
    """TH-4.1: all 2,598,960 five-card hands: 7,462 strengths, exact category counts."""
    total, counts, distinct = core._exhaustive(5)
    assert total == 2598960
    assert distinct == 7462
    # high card .. straight flush (royal flushes counted as straight flushes)
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert core._class_counts() == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_th_4_2_every_seven_card_hand_exhaustive():
    """TH-4.1/TH-4.2: all 133,784,560 seven-card hands rank to 4,824 strengths."""
    total, counts, distinct = core._exhaustive(7)
    assert total == 133784560
    assert distinct == 4824
    assert counts == [23294460, 58627800, 31433400, 6461620, 6180020,
                      4047644, 3473184, 224848, 41584]
