"""The text form of a record: PBN's tag pairs and hands, kingweb's card codes and actions,
one spoken action a line, one trick a line (docs/RECORDS.md §3)."""

import json
import re
from typing import Any, cast

from . import RulesError
from .cards import INDEX, RANKS, code
from .errors import describe
from .game import Game
from .games import GAMES
from .recordjson import FORMAT, MARKS, SEAT_NAMES, SEATS, VERSION, Record, RecordDeal
from .replay import Loaded, load


def at_line(field: str, lines: dict[str, int], what: str) -> RulesError:
    probe = field
    while probe not in lines and probe:
        cut = max(probe.rfind("."), probe.rfind("["))
        probe = probe[:cut] if cut > 0 else ""
    return line_error(lines.get(probe), field, what)


def line_error(line: int | None, field: str, what: str) -> RulesError:
    where = f"line {line} ({field})" if line is not None else field
    return RulesError("bad-record", f"record: {where}: {what}", field=field, line=line)


# the text form: PBN's tag pairs and hands, kingweb's card codes and actions

_TAG = re.compile(r'\[([A-Za-z]+)\s+"([^"\\]*)"\]$')
_HEADER_TAGS = ("Game", "Options", "South", "West", "North", "East", "Seed", "KHReceiver", "Scores")
_DEAL_TAGS = ("Board", "Contract", "Dealer", "Leader", "Deal", "Stock", "Points", "Bidding", "Play")
_MARK_OF = {sym: m for m, sym in MARKS.items() if m != "good"}
_PBN_SUITS = "SHDC"  # a PBN hand lists spades, hearts, diamonds, clubs


def text_of(record: Record) -> str:
    gid = record["game"]
    cls = GAMES[gid].cls
    letters = SEATS[cls.players]
    out = [f"% kingweb record {VERSION}: docs/RECORDS.md", f'[Game "{gid}"]']
    changed = [f"{k}={_option_text(v)}" for k, v in record["options"].items() if v != cls.OPTIONS[k].default]
    if changed:
        out.append(f'[Options "{",".join(changed)}"]')
    for s, name in enumerate(record.get("names") or []):
        if name is not None:
            out.append(f'[{SEAT_NAMES[letters[s]]} "{name}"]')
    if "seed" in record:
        out.append(f'[Seed "{record["seed"]}"]')
    if "kh_receiver" in record:
        out.append(f'[KHReceiver "{letters[record["kh_receiver"]]}"]')
    if "scores" in record:
        out.append(f'[Scores "{_seat_numbers(record["scores"], letters)}"]')
    loaded = load(record)
    for k, d in enumerate(record["deals"]):
        out += ["", f'[Board "{d["deal_no"] + 1}"]', f'[Contract "{d["contract"]}"]']
        key = GAMES[gid].seat_field
        start = cast(int, d.get(key))
        out.append(f'[{key.capitalize()} "{letters[start]}"]')
        hands = " ".join(_pbn_hand(d["hands"][(start + i) % len(letters)]) for i in range(len(letters)))
        out.append(f'[Deal "{letters[start]}:{hands}"]')
        if "stock" in d:
            out.append(f'[Stock "{" ".join(d["stock"])}"]')
        if "points" in d:
            out.append(f'[Points "{_seat_numbers(d["points"], letters)}"]')
        out += _sections(loaded, k, d, letters)
    return "\n".join(out) + "\n"


def _option_text(value: object) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _seat_numbers(numbers: list[int], letters: str) -> str:
    return " ".join(f"{letters[s]} {p}" for s, p in enumerate(numbers))


def _pbn_hand(codes: list[str]) -> str:
    return ".".join(
        "".join(r for r in reversed(RANKS) if r + suit in codes) for suit in _PBN_SUITS
    )  # (ranks high to low)


def _sections(loaded: Loaded, k: int, d: RecordDeal, letters: str) -> list[str]:
    """The Bidding and Play sections of deal ``k``: one spoken action a line, one trick a
    line from its leader, marks after the action they mark."""
    marks = {m["step"]: MARKS[m["mark"]] for m in d.get("marks", []) if m["mark"] != "good"}
    turns = loaded.turns[k]
    out: list[str] = []
    tokens = [a + marks.get(i, "") for i, a in enumerate(d["actions"])]
    cards_from = next((i for i, a in enumerate(d["actions"]) if a in INDEX), len(d["actions"]))
    if cards_from:
        out.append(f'[Bidding "{letters[turns[0]]}"]')
        out += [f"{letters[turns[i]]} {tokens[i]}" for i in range(cards_from)]
    if cards_from < len(tokens):
        out.append(f'[Play "{letters[turns[cards_from]]}"]')
        g = loaded.position(k, cards_from)
        stocked = GAMES[g.id].stock
        per = len(letters)
        for t, first in enumerate(range(cards_from, len(tokens), per)):
            line = f"{letters[turns[first]]} " + " ".join(tokens[first : first + per])
            if stocked and t == 13:
                out.append("; stage 2: the tricks that score")
            if stocked and t < 13 and first + per <= len(tokens):
                after = loaded.position(k, first + per)
                draw = cast(Any, after).play.draws[-1]
                won = cast(Any, after).play.winners[draw[0]]
                line += f"  ; {letters[won]} takes {code(draw[1])}, {letters[1 - won]} draws {code(draw[2])}"
            out.append(line)
    return out


def read_text(text: str, first_line: int) -> tuple[dict[str, Any], dict[str, int], list[Any]]:
    """The JSON data of a text record, where each field was written (``lines``), and the
    seats written beside the actions (checked once the record is replayed)."""
    blocks: list[list[tuple[int, str]]] = [[]]  # the header, then a block a Board
    for n, raw in enumerate(text.split("\n"), first_line):
        line = raw.strip()
        if line.startswith(("%", ";")):
            continue
        if not line.startswith("["):
            line = line.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[Board "):
            blocks.append([])
        blocks[-1].append((n, line))
    lines: dict[str, int] = {}
    header = _tags(blocks[0], _HEADER_TAGS, "before the first Board")
    if "Game" not in header:
        raise line_error(first_line, "game", 'a text record starts with its [Game "..."] tag')
    gid = header["Game"][1]
    if gid not in GAMES:
        raise line_error(header["Game"][0], "game", f"{gid!r} is not a game here (one of {', '.join(GAMES)})")
    cls = GAMES[gid].cls
    letters = SEATS[cls.players]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": gid}
    lines["game"] = header["Game"][0]
    if "Options" in header:
        n, value = header["Options"]
        data["options"] = _options(value, n, cls)
        lines["options"] = n
    names: list[str | None] = [None] * cls.players
    for letter, tag in SEAT_NAMES.items():
        if tag not in header:
            continue
        if letter not in letters:
            raise line_error(header[tag][0], "names", f"a {cls.players}-player game has no {tag}")
        names[letters.index(letter)] = header[tag][1]
        lines[f"names[{letters.index(letter)}]"] = header[tag][0]
    if any(x is not None for x in names):
        data["names"] = names
    if "Seed" in header:
        n, value = header["Seed"]
        if not re.fullmatch(r"\d{1,39}", value):
            raise line_error(n, "seed", f"{describe(value)} is not a whole number")
        data["seed"] = value  # digits: read as any record's seed
        lines["seed"] = n
    if "KHReceiver" in header:
        n, value = header["KHReceiver"]
        data["kh_receiver"] = _seat(value, n, "kh_receiver", letters)
        lines["kh_receiver"] = n
    if "Scores" in header:
        n, value = header["Scores"]
        data["scores"] = _seat_values(value, n, "scores", letters)
        lines["scores"] = n
    deals: list[dict[str, Any]] = []
    claims: list[Any] = []
    for k, block in enumerate(blocks[1:]):
        deals.append(_text_deal(k, block, gid, letters, lines, claims))
    data["deals"] = deals
    return data, lines, claims


def _tags(block: list[tuple[int, str]], allowed: tuple[str, ...], where: str) -> dict[str, tuple[int, str]]:
    out: dict[str, tuple[int, str]] = {}
    for n, line in block:
        m = _TAG.match(line)
        if not m:
            raise line_error(n, "record", f'expected a tag [Name "value"] {where}, not {describe(line)}')
        name, value = m.groups()
        if name not in allowed:
            raise line_error(n, "record", f"[{name}] is not a tag here (tags: {', '.join(allowed)})")
        if name in out:
            raise line_error(n, "record", f"[{name}] is written twice")
        out[name] = (n, value)
    return out


def _options(value: str, n: int, cls: type[Game]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in value.split(","))):
        name, eq, v = pair.partition("=")
        if not eq or name.strip() not in cls.OPTIONS:
            raise line_error(n, "options", f"{describe(pair)}: expected option=value, options {', '.join(cls.OPTIONS)}")
        v = v.strip()
        out[name.strip()] = {"true": True, "false": False}.get(v, int(v) if re.fullmatch(r"\d{1,3}", v) else v)
    return out


def _number(value: str, n: int, field: str) -> int:
    if not re.fullmatch(r"\d{1,12}", value):
        raise line_error(n, field, f"{describe(value)} is not a whole number")
    return int(value)


def _seat(value: str, n: int, field: str, letters: str) -> int:
    if len(value) != 1 or value not in letters:
        raise line_error(n, field, f"{describe(value)} is not a seat ({', '.join(letters)})")
    return letters.index(value)


def _seat_values(value: str, n: int, field: str, letters: str) -> list[int]:
    parts = value.replace("−", "-").split()
    seats = parts[0::2]
    if sorted(seats) != sorted(letters) or len(parts) != 2 * len(letters):
        raise line_error(
            n, field, f"expected each seat and its points, e.g. {_seat_numbers([0] * len(letters), letters)}"
        )
    out = [0] * len(letters)
    for letter, p in zip(seats, parts[1::2], strict=True):
        if not re.fullmatch(r"-?\d{1,6}", p):
            raise line_error(n, field, f"{describe(p)} is not a whole number of points")
        out[letters.index(letter)] = int(p)
    return out


def _text_deal(
    k: int, block: list[tuple[int, str]], gid: str, letters: str, lines: dict[str, int], claims: list[Any]
) -> dict[str, Any]:
    at = f"deals[{k}]"
    tags: list[tuple[int, str]] = []
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for n, line in block:
        m = _TAG.match(line)
        if m and m.group(1) in ("Bidding", "Play"):
            if m.group(1) in sections:
                raise line_error(n, at, f"[{m.group(1)}] is written twice")
            current = sections[m.group(1)] = [(n, line)]
        elif m or current is None:
            tags.append((n, line))
            current = None
        else:
            current.append((n, line))
    t = _tags(tags, _DEAL_TAGS, "in a Board")
    n_board, board = t["Board"]
    lines[at] = n_board
    d: dict[str, Any] = {"deal_no": _number(board, n_board, f"{at}.deal_no") - 1}
    if d["deal_no"] < 0:
        raise line_error(n_board, f"{at}.deal_no", "boards are numbered from 1")
    facts = GAMES[gid]
    key = facts.seat_field
    need = ["Contract", "Deal", key.capitalize()] + (["Stock"] if facts.stock else [])
    for tag in need:
        if tag not in t:
            raise line_error(n_board, at, f'board {board} has no [{tag} "..."] tag')
    for tag in ("Leader", "Dealer", "Stock"):
        if tag in t and tag not in need:
            raise line_error(t[tag][0], at, f"a {gid} board has no [{tag}]")
    d["contract"] = t["Contract"][1]
    lines[f"{at}.contract"] = t["Contract"][0]
    n, value = t[key.capitalize()]
    d[key] = _seat(value, n, f"{at}.{key}", letters)
    lines[f"{at}.{key}"] = n
    n, value = t["Deal"]
    d["hands"] = _deal_line(value, n, at, letters, gid)
    lines[f"{at}.hands"] = n
    if "Stock" in t:
        n, value = t["Stock"]
        d["stock"] = value.split()
        lines[f"{at}.stock"] = n
    if "Points" in t:
        n, value = t["Points"]
        d["points"] = _seat_values(value, n, f"{at}.points", letters)
        lines[f"{at}.points"] = n
    actions: list[str] = []
    marks: list[dict[str, Any]] = []
    lines[f"{at}.actions"] = n_board
    for name in ("Bidding", "Play"):
        section = sections.get(name)
        if section is None:
            continue
        n, tag_line = section[0]
        first = _seat(_TAG.match(tag_line).group(2), n, f"{at}.actions", letters)  # type: ignore[union-attr]
        lines.setdefault(f"{at}.actions", n)
        for i, (n, line) in enumerate(section[1:]):
            words = line.split()
            if len(words) < 2 or words[0] not in letters:
                raise line_error(n, f"{at}.actions", f"expected a seat ({', '.join(letters)}) then its action(s)")
            seat = letters.index(words[0])
            if i == 0 and seat != first:
                raise line_error(n, f"{at}.actions", f'[{name} "{letters[first]}"] begins with {words[0]}')
            if name == "Bidding" and len(words) != 2:
                raise line_error(n, f"{at}.actions", "the bidding has one seat and its action a line")
            last = i == len(section) - 2
            if name == "Play" and (len(words) - 1 > len(letters) or (len(words) - 1 < len(letters) and not last)):
                raise line_error(n, f"{at}.actions", f"a trick a line: its leader, then {len(letters)} cards")
            claims.append(((k, len(actions)), seat, n))
            for word in words[1:]:
                action, mark = _marked(word, n, at)
                lines[f"{at}.actions[{len(actions)}]"] = n
                if mark is not None:
                    lines[f"{at}.marks[{len(marks)}]"] = n
                    marks.append({"step": len(actions), "mark": mark})
                actions.append(action)
    d["actions"] = actions
    if marks:
        d["marks"] = marks
    return d


def _marked(word: str, n: int, at: str) -> tuple[str, str | None]:
    action = word.rstrip("?!")
    sym = word[len(action) :]
    if not sym:
        return word, None
    if sym not in _MARK_OF:
        raise line_error(n, f"{at}.marks", f"{sym!r} after {action} is not a mark (marks: ?! ? ??)")
    return action, _MARK_OF[sym]


def _deal_line(value: str, n: int, at: str, letters: str, gid: str) -> list[list[str]]:
    first, colon, rest = value.partition(":")
    if not colon or len(first) != 1 or first not in letters:
        raise line_error(n, f"{at}.hands", f'expected "{letters[0]}:" and the hands from that seat on')
    parts = rest.split()
    if len(parts) != len(letters):
        raise line_error(n, f"{at}.hands", f"expected {len(letters)} hands, not {len(parts)}")
    hands: list[list[str]] = [[] for _ in letters]
    start = letters.index(first)
    for i, part in enumerate(parts):
        suits = part.split(".")
        if len(suits) != 4:
            raise line_error(n, f"{at}.hands", f"hand {part!r}: four suits (spades.hearts.diamonds.clubs), by dots")
        seat = (start + i) % len(letters)
        for suit, ranks in zip(_PBN_SUITS, suits, strict=True):
            if ranks == "-":
                continue
            for r in ranks.upper():
                if r not in RANKS:
                    raise line_error(n, f"{at}.hands", f"hand {part!r}: {r!r} is not a rank ({RANKS[::-1]})")
                hands[seat].append(r + suit)
    return hands
