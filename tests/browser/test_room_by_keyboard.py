"""A whole game by keyboard alone at 1280x800: the rack and the board one Tab stop each, arrow
keys between cells as they lie, Enter chooses, focus goes where the next choice is, and every placement is confirmed
in at most 6 presses after the tile is chosen.  The placement's preview (hexes.js) is the gain the
server's engine then records, on every placement.

The test server has no WebSocket: the page reads the room over plain HTTP, as it does while its socket is down.
The opponent plays through the room's service."""

import re
import random
import statistics

import pytest
from playwright.sync_api import expect

from rooms import services as rooms

from .room_play import (MY_TURN, QUICK_POLL, TO_END, best_placement, ended, first_time, focus_in_body, focused_cell,
                        key_path, look, my_turns, online_game, opponent_turn, rack_as_it_holds, retried, snap, to_end)

pytestmark = pytest.mark.django_db(transaction=True)


def placements(room) -> list[dict]:
    return [e for e in look(room, 0)["events"] if e["type"] == "place"]


def place_by_keyboard(page, room, presses: list[int], tiles: list[int], anywhere: list[int], turn: bool) -> None:
    """Choose the focused tile of the rack (Tab to the rack, Enter), then the placement nearest the focus, confirmed."""
    count = 0
    while not page.evaluate("document.activeElement.getAttribute('role') === 'option'"):
        page.keyboard.press("Tab")
        count += 1
        assert count < 12, "the rack is not reached by Tab"
    page.keyboard.press("Enter")
    tiles.append(count + 1)
    start = focused_cell(page)
    assert start is not None, "choosing a tile takes the focus to the board"
    seen = look(room, 0)
    pairs = [(tuple(a), tuple(b)) for a, b in seen["legal_pairs"]] + [(tuple(b), tuple(a)) for a, b in seen["legal_pairs"]]
    first = min((a for a, _ in pairs), key=lambda a: len(key_path(start, a)))
    # What a placement anywhere else would have cost (printed, not held to the target): one press a step.
    far_first, far_second = random.Random(len(presses)).choice(pairs)
    anywhere.append(len(key_path(start, far_first)) + len(key_path(far_first, far_second)) + 3)
    keys = key_path(start, first) + ["Enter"]
    for key in keys:
        page.keyboard.press(key)
    at = focused_cell(page)
    second = min((b for a, b in pairs if a == first), key=lambda b: len(key_path(at, b)))
    more = key_path(at, second) + ["Enter"]
    for key in more:
        page.keyboard.press(key)
    expect(page.locator("#confirm")).to_be_focused()
    if turn:  # T turns the tile in place: its two colours change cells
        page.keyboard.press("t")
        more.append("t")
    preview = page.locator("#confirm-bar").get_attribute("data-gain")
    before = placements(room)
    page.keyboard.press("Enter")
    presses.append(len(keys) + len(more) + 1)
    # Sent, answered and drawn: no tile left in place awaiting Confirm or on its way.
    page.wait_for_function("() => !document.querySelector('#room.sending, .cell.proposed')")
    assert len(placements(room)) == len(before) + 1
    placed = placements(room)[-1]
    assert placed["player"] == 0 and [tuple(c) for c in placed["cells"]] == [first, second]
    recorded = [placed.get("gain", {}).get(letter, 0) for letter in "ROYGBP"]
    assert preview == " ".join(map(str, recorded)), (placed, preview)


def test_a_whole_game_by_keyboard_alone_each_placement_in_at_most_six_presses(page):
    event, match, room = online_game("Keyboard Open")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text(MY_TURN, timeout=15_000)
    # The whole board fits the window.
    box = page.locator("#board").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    presses, tiles, anywhere, shots = [], [], [], set()
    for text in my_turns(page, room):
        if to_end(text):
            if first_time(shots, "swap"):
                snap(page, "swap-offered-1280")
            rack_as_it_holds(page, room)
            for _ in range(6):
                if page.evaluate("document.activeElement.id") == "end-turn":
                    break
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            ended(page)
            continue
        if "Bonus" in text and first_time(shots, "bonus"):
            snap(page, "bonus-1280")
        place_by_keyboard(page, room, presses, tiles, anywhere, turn=len(presses) == 1)
    print(f"\nkeyboard game: {len(presses)} placements; presses after the tile is chosen: median "
          f"{statistics.median(presses)}, worst {max(presses)}; to choose the tile: median {statistics.median(tiles)}, "
          f"worst {max(tiles)}; a random placement anywhere would take median {statistics.median(anywhere)}, "
          f"worst {max(anywhere)}")
    snap(page, "game-over-1280")
    assert len(presses) >= 15  # a whole game: Ann's share of the board's 85 cells
    assert max(presses) <= 6


def test_a_whole_game_by_keyboard_each_turn_the_best_gain_in_a_few_keys_and_focus_never_on_the_body(page):
    """Each turn plays the engine's best-gain placement through the tile's list of placements (a digit chooses the
    tile, P goes to the list, best first, Enter places it, Enter confirms); a turn that may swap swaps once (focus
    on Swap by Shift+Tab from End turn, where it lands) and otherwise ends on End turn.  Counted from "your turn"
    (or the bonus) to the placement sent, with the End turn or Swap key counted with the placement before it: median
    at most 8 keys, worst 12; after every key the focus is in the game, never on the page's body."""
    event, match, room = online_game("Best Keys Open")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text(MY_TURN, timeout=15_000)
    keys, swapped = [], False

    def press(key: str) -> None:
        page.keyboard.press(key)
        keys[-1] += 1
        assert not focus_in_body(page), f"focus on the body after {key}"

    for text in my_turns(page, room):
        if to_end(text):
            expect(page.locator("#end-turn")).to_be_focused()  # where the next choice is
            if not swapped:
                assert "your rack has no" in text.lower()  # the swap says why it is offered
                press("Shift+Tab")
                expect(page.locator("#swap")).to_be_focused()
                swapped = True
            before = look(room, 0)["seq"]
            press("Enter")
            page.wait_for_function("() => !document.querySelector('#room.sending')")
            ended(page)
            assert look(room, 0)["seq"] > before
            assert not focus_in_body(page)
            continue
        index, best = best_placement(room)
        keys.append(0)
        press(str(index + 1))
        press("p")
        first = page.locator("#placements [role=option]").first
        expect(first).to_be_focused()
        assert int(first.get_attribute("data-total")) == best  # best first: the engine's best gain of the rack
        before = len(placements(room))
        press("Enter")
        expect(page.locator("#confirm")).to_be_focused()
        expect(page.locator("#said")).to_contain_text("scores")  # the preview is said before Confirm
        press("Enter")
        page.wait_for_function("() => !document.querySelector('#room.sending, .cell.proposed')")
        assert len(placements(room)) == before + 1
        assert sum(placements(room)[-1].get("gain", {}).values()) == best
    print(f"\nbest-gain game by keyboard: {len(keys)} placements; keys from the turn: median "
          f"{statistics.median(keys)}, worst {max(keys)}; swapped: {swapped}")
    assert len(keys) >= 15
    assert statistics.median(keys) <= 8 and max(keys) <= 12


def to_a_swap(room) -> bool:
    """Both seats play through the room's service (seat 1 whole turns; seat 0 one placement at a time) until seat 0
    has placed and may swap: whether it came before the game's end."""
    while True:
        seen = look(room, 0)
        if seen["status"] != "playing":
            return False
        if seen["turn"] == 1:
            opponent_turn(room, 1)
        elif seen["stage"] == "decide":
            return True
        else:
            retried(rooms.move, room.pk, 0, "place", seq=seen["seq"], tile=seen["rack"][0],
                    cells=seen["legal_pairs"][0], client_id=f"s{seen['seq']}")


def test_swap_and_end_turn_by_keyboard_keep_the_focus_in_the_game(page):
    """Swap (the rack shown, the turn over) and End turn hide their buttons: the focus goes to the rack, never to
    the page's body; a turn that may swap takes the focus to End turn, the next choice, and says why a swap is
    offered."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(QUICK_POLL)
    for attempt in range(25):  # the bag is random: a game may end before a swap is offered
        event, match, room = online_game(f"Swap Keys Open {attempt}")
        if to_a_swap(room):
            break
    else:
        pytest.skip("no swap was offered in 25 games")
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text(re.compile("Your rack has no .* Swap your rack, or end your turn"),
                                                 timeout=10_000)
    page.locator("#swap").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text(re.compile("is playing"), timeout=10_000)
    assert not focus_in_body(page)
    assert look(room, 0)["events"][-2]["type"] == "swap"
    expect(page.locator("#rack .tile[tabindex='0']")).to_be_focused()
    snap(page, "after-swap-1280")
    if to_a_swap(room):  # and End turn, when the game offers a second swap
        expect(page.locator("#end-turn")).to_be_focused(timeout=10_000)
        page.keyboard.press("Enter")
        expect(page.locator("#status")).not_to_have_text(TO_END, timeout=10_000)
        assert not focus_in_body(page)


def test_keys_say_the_clocks_the_scores_the_last_move_and_a_cells_neighbours(page):
    event, match, room = online_game("Hearing Keys Open")
    opponent_turn(room, 0)
    opponent_turn(room, 1)
    page.add_init_script(QUICK_POLL)
    page.goto(f"{page.base}/p/{match.first.link_token}/play/")
    expect(page.locator("#status")).to_have_text("Your turn: choose a tile.", timeout=10_000)
    said = page.locator("#said")
    page.keyboard.press("c")
    expect(said).to_have_text(re.compile(rf"^Your time \d+ minutes? ?\d*, running; {match.second.name}'s time "))
    page.keyboard.press("s")
    expect(said).to_have_text(re.compile(rf"^You: red \d+, orange \d+, .*; lowest \d+\. {match.second.name}: red "))
    page.keyboard.press("m")
    expect(said).to_have_text(re.compile(rf"^{match.second.name} placed .*; scored "))
    page.keyboard.press("1")  # the first tile of the rack: the focus goes to the board, where it may go
    assert focused_cell(page) is not None
    page.keyboard.press("n")
    expect(said).to_have_text(re.compile(r"^Beside row \d+, place \d+: (right|upper right|upper left|left|lower left"
                                         r"|lower right), row \d+, place \d+: "))
    expect(said).to_contain_text("empty, you may place here")  # the other half's cell, beside the focused one
