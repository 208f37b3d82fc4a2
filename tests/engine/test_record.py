"""kingweb's open deal format (kingweb.record): round trips of random deals of every game
in both forms, the published JSON Schema, replays that give the game back exactly, and
import refusing every bad record whole, saying what is wrong and where."""

import json
import random
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import games, seeds  # every game with random options, as the property tests

import kingweb
from kingweb import RulesError, record
from kingweb.errors import ERRORS

from conftest import play_out

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "site" / "kingweb-record.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

NAMES = ["Ann", "Борис", None, "Dee  Q"]


def played(gid, options, seed, play_seed, deals):
    """A match with (up to) ``deals`` deals finished and one more under way."""
    g = kingweb.new_game(gid, seed=seed, options=options)
    return play_out(g, random.Random(play_seed), until=lambda g: len(g.deals) >= deals and len(g.actions) % 7 == 3)


def as_cards(g):
    """``g``'s actions with each claim replaced by the cards it played out."""
    fresh = kingweb.from_json(json.dumps({**json.loads(g.to_json()), "actions": []}))
    out = []
    for a in g.actions:
        since = fresh.event_count
        fresh.act(a)
        out += (
            [e["card"] for e in fresh.events_for(None, since) if e["type"] == "play"] if a.startswith("claim:") else [a]
        )
    return out


def with_marks(rec, rng):
    """``rec`` with a few marks on its actions, as the text form can write them."""
    rec = json.loads(json.dumps(rec))
    for d in rec["deals"]:
        steps = sorted(rng.sample(range(len(d["actions"])), min(3, len(d["actions"]))))
        d["marks"] = [{"step": s, "mark": rng.choice(["inaccuracy", "mistake", "blunder"])} for s in steps]
    return record.read(rec)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seeds, seeds, st.integers(1, 4))
def test_random_matches_round_trip_in_both_forms_and_replay_exactly(game, seed, play_seed, deals):
    gid, options = game
    g = played(gid, options, seed, play_seed, deals)
    names = NAMES[: g.players] if gid != "whist" else NAMES[:2]
    rec = with_marks(record.of_game(g, names=names), random.Random(play_seed))
    assert [d["hands"] for d in rec["deals"]] == [d["hands"] for d in g.deals]  # finished deals only
    VALIDATOR.validate(rec)
    for form in ("json", "text"):
        text = record.dumps(rec, form)
        assert record.loads(text) == rec, form
        assert record.dumps(record.loads(text), form) == text
    back = record.to_game(rec)
    assert back.deals == g.deals and back.scores == g.scores
    # a record from a seed gives back the seeded match itself, which goes on as the
    # original (a claim written as the cards it played out)
    assert (
        back.to_json()
        == kingweb.from_json(
            json.dumps({**json.loads(g.to_json()), "actions": as_cards(g)[: len(back.actions)]})
        ).to_json()
    )
    # without its seed, the record's own cards are dealt
    seedless = {k: v for k, v in rec.items() if k != "seed"}
    again = record.to_game(seedless)
    assert (
        again.deals == g.deals
        and json.loads(again.to_json())["preset"]["deals"][0]["hands"] == rec["deals"][0]["hands"]
    )
    # one deal alone, from the middle of the match: the same deal, replayed as a scenario
    k = len(g.deals) - 1
    one = record.of_game(g, deal=k)
    assert len(one["deals"]) == 1 and one["deals"][0]["deal_no"] == k
    assert ("scores" in one) == (k == 0)  # the match's scores only from its first deal on
    VALIDATOR.validate(one)
    assert record.loads(record.dumps(one, "text")) == one
    dealt = record.to_game(one).deals[0]
    for key in ("hands", "tricks", "points", "contract", "counted"):
        assert dealt[key] == g.deals[k][key], key


def test_a_deal_in_progress_is_never_recorded():
    g = kingweb.new_game("king", seed=1)
    g.act(g.legal()[0])
    with pytest.raises(RulesError) as e:
        record.of_game(g)
    assert e.value.code == "bad-record" and e.value.params["field"] == "game"
    g = play_out(g, random.Random(1), until=lambda g: len(g.deals) == 2 and len(g.actions) % 4 == 1)
    rec = record.of_game(g)
    assert [d["hands"] for d in rec["deals"]] == [d["hands"] for d in g.deals]
    back = record.to_game(rec)  # the record stops where the deal under way began
    assert back.deal_no == g.deal_no == 2 and back.actions == g.actions[: len(back.actions)] != g.actions
    with pytest.raises(RulesError):
        record.of_game(g, deal=2)


def test_a_hand_written_record_of_a_deal_under_way_replays_to_its_position():
    g = play_out(kingweb.new_game("kingru", seed=9), random.Random(2), until=lambda g: g.deals)
    rec = json.loads(json.dumps(record.of_game(g)))
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:10]
    del rec["deals"][0]["points"], rec["scores"]
    pos = record.to_game(rec)
    same = kingweb.from_json(json.dumps({**json.loads(g.to_json()), "actions": g.actions[:10]}))
    assert not pos.deals and [pos.view(s) for s in range(4)] == [same.view(s) for s in range(4)]
    assert "points" not in record.read(rec)["deals"][0]


def test_schema_declares_the_engine_options_and_refuses_what_import_refuses():
    from kingweb import _CLASSES

    for gid, cls in _CLASSES.items():
        props = SCHEMA["$defs"][f"{gid}Options"]["properties"]
        assert set(props) == set(cls.OPTIONS)
        for name, opt in cls.OPTIONS.items():
            assert props[name]["default"] == opt.default
            if "enum" in props[name]:
                assert props[name]["enum"] == sorted(opt.allowed, key=lambda v: list(opt.allowed).index(v))
    g = play_out(kingweb.new_game("whist", seed=3, options={"target": 2}), random.Random(0))
    rec = record.of_game(g)
    for path, value in [
        (("deals", 0, "stock"), rec["deals"][0]["stock"][:-1]),
        (("deals", 0, "hands", 0, 0), "1S"),
        (("game",), "bridge"),
        (("deals", 0, "leader"), 0),
        (("names",), ["A"]),
        (("options", "target"), 0),
    ]:
        bad = json.loads(json.dumps(rec))
        here = bad
        for p in path[:-1]:
            here = here[p]
        here[path[-1]] = value
        assert not VALIDATOR.is_valid(bad), path
        with pytest.raises(RulesError):
            record.read(bad)


# -- refusals: what is wrong, and where -----------------------------------------------------------


def king_record():
    g = play_out(kingweb.new_game("king", seed=5), random.Random(5), until=lambda g: len(g.deals) == 2)
    return record.of_game(g, names=["Ann", "Bob", "Cy", "Di"])


def refused(data, field, line=None, words=""):
    with pytest.raises(RulesError) as e:
        if isinstance(data, str):
            record.loads(data)
        else:
            record.read(data)
    err = e.value
    assert err.code == "bad-record" and "bad-record" in ERRORS
    assert err.params == {"field": field, "line": line}, (err.params, str(err))
    assert words in str(err), str(err)
    return str(err)


def edited(rec, change):
    out = json.loads(json.dumps(rec))
    change(out)
    return out


def test_json_refusals_name_the_field():
    rec = king_record()
    d0 = rec["deals"][0]
    not_held = d0["hands"][(d0["dealer"] + 1) % 4][0]  # the dealer leads deal 1: a card he does not hold
    refused([], "record", words="expected a JSON object")
    refused("[]", "record", line=1, words="expected a tag")
    refused(edited(rec, lambda r: r.update(format="pbn")), "format")
    refused(edited(rec, lambda r: r.update(version=2)), "version")
    refused(edited(rec, lambda r: r.update(extra=1)), "extra")
    refused(edited(rec, lambda r: r["options"].update(max_nulls=7)), "options.max_nulls")
    refused(edited(rec, lambda r: r.update(names=["a\nb", None, None, None])), "names[0]")
    refused(edited(rec, lambda r: r["deals"][0]["hands"][1].__setitem__(0, d0["hands"][0][0])), "deals[0].hands[1]")
    refused(edited(rec, lambda r: r["deals"][1].update(dealer=d0["dealer"])), "deals[1].dealer", words="is the dealer")
    refused(edited(rec, lambda r: r["deals"][0].update(contract="hearts")), "deals[0].contract")
    refused(edited(rec, lambda r: r["deals"][0].update(points=[0, 0, 0, 0])), "deals[0].points")
    msg = refused(edited(rec, lambda r: r["deals"][0]["actions"].__setitem__(0, not_held)), "deals[0].actions[0]")
    assert "cannot be played here" in msg and "is not in your hand" in msg
    after = f"deals[0].actions[{len(d0['actions'])}]"
    refused(edited(rec, lambda r: r["deals"][0]["actions"].append("2C")), after, words="the deal is over")
    mark = {"step": 0, "mark": "brilliant"}
    refused(edited(rec, lambda r: r["deals"][0].update(marks=[mark])), "deals[0].marks[0].mark")
    mark = {"step": 0, "mark": "good", "seat": (d0["dealer"] + 1) % 4}
    refused(edited(rec, lambda r: r["deals"][0].update(marks=[mark])), "deals[0].marks[0].seat")
    refused(edited(rec, lambda r: r.update(scores=[1, 2, 3, 4])), "scores")
    refused(edited(rec, lambda r: r["deals"].append(json.loads(json.dumps(r["deals"][0])))), "deals[2].deal_no")


def test_text_refusals_name_the_line():
    text = record.dumps(king_record(), "text")
    lines = text.split("\n")
    play = lines.index(next(x for x in lines if x.startswith("[Play "))) + 1  # the first trick's index
    trick = lines[play].split()
    swapped = " ".join([trick[0], trick[1], trick[3], trick[2], *trick[4:]])  # a card from the wrong hand
    msg = refused("\n".join([*lines[:play], swapped, *lines[play + 1 :]]), "deals[0].actions[1]", line=play + 1)
    assert msg.startswith(f"record: line {play + 1} (deals[0].actions[1]):")
    refused(text.replace("[Game", "[Gmae"), "record", line=2, words="[Gmae] is not a tag")
    contract = lines.index('[Contract "tricks"]')
    refused(text.replace('[Contract "tricks"]', '[Contract "hearts"]'), "deals[0].contract", line=contract + 1)
    deal = next(i for i, x in enumerate(lines) if x.startswith("[Deal "))
    refused(text.replace(lines[deal], lines[deal].replace(".", "", 1)), "deals[0].hands", line=deal + 1)
    second = lines[play + 1]
    wrong = next(x for x in "SWNE" if x != second[0])
    misnamed = [*lines[: play + 1], wrong + second[1:], *lines[play + 2 :]]
    refused("\n".join(misnamed), "deals[0].actions[4]", line=play + 2, words="is to act there")
    marked = [*lines[:play], lines[play].replace(" " + trick[2], " " + trick[2] + "!!", 1), *lines[play + 1 :]]
    refused("\n".join(marked), "deals[0].marks", line=play + 1, words="is not a mark")


def test_marks_in_the_text_form():
    marks = [{"step": 1, "mark": "blunder"}, {"step": 4, "mark": "inaccuracy"}]
    rec = record.read(edited(king_record(), lambda r: r["deals"][0].update(marks=marks)))
    text = record.dumps(rec, "text")
    actions = rec["deals"][0]["actions"]
    assert f" {actions[1]}?? " in text and f" {actions[4]}?! " in text
    assert record.loads(text)["deals"][0]["marks"] == marks


# -- fuzzing: every refusal a clear RulesError, never another exception ---------------------------


def _checked(text):
    try:
        rec = record.loads(text)
    except RulesError as e:
        assert e.code == "bad-record" and str(e).startswith("record: ") and "field" in e.params
        return None
    assert record.loads(record.dumps(rec)) == rec  # what is read is whole: it writes and reads again
    return rec


SAMPLES = {}


def sample(gid):
    if gid not in SAMPLES:
        options = {"target": 2} if gid == "whist" else {}
        g = play_out(
            kingweb.new_game(gid, seed=4, options=options), random.Random(4), until=lambda g: len(g.deals) == 1
        )
        SAMPLES[gid] = record.of_game(g, names=["Ann", None, "Cy", "Di"][: g.players])
    return SAMPLES[gid]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["king", "kingru", "whist"]), st.sampled_from(["json", "text"]), st.data())
def test_import_of_an_edited_record_is_whole_or_refused(gid, form, data):
    text = record.dumps(sample(gid), form)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["delete", "insert", "replace", "swap-lines"]))
        if kind == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 8)) :]
        elif kind == "insert":
            text = text[:at] + data.draw(st.text(max_size=6)) + text[at:]
        elif kind == "replace":
            text = text[:at] + data.draw(st.sampled_from(list('{}[]":,.0123456789SNWE?!-CDH \n'))) + text[at + 1 :]
        else:
            lines = text.split("\n")
            i, j = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    _checked(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=True) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["king", "kingru", "whist"]), st.data(), json_values)
def test_import_of_a_record_with_a_field_replaced_is_refused_cleanly(gid, data, value):
    rec = json.loads(json.dumps(sample(gid)))
    here = rec
    while isinstance(here, (dict, list)) and here and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(here) if isinstance(here, dict) else range(len(here))))
        if not isinstance(here[key], (dict, list)) or not data.draw(st.booleans()):
            here[key] = value
            break
        here = here[key]
    try:
        text = json.dumps(rec, allow_nan=True)
    except ValueError:
        return
    _checked(text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_import_of_any_text_is_refused_cleanly(text):
    _checked(text)
    _checked('[Game "king"]\n' + text)
