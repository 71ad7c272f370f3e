#!/usr/bin/env python3
"""Interactor of Baekjoon 28489 "2048 game" for a Kattis problem package.

Kattis convention (problemtools, DOMjudge, Kattis):

    interactor.py INPUT ANSWER FEEDBACK_DIR/ [min_score N]

Its standard output goes to the submission's standard input and the submission's standard
output comes in on its standard input. INPUT names the game: one line `SEED GAME`, two
integers from 0 to 2^64 - 1. ANSWER is not read.

It plays exactly the game judge's built-in game side plays for game GAME of master seed SEED
(src/problems/boj28489/game.rs; `judge test SOL --problem boj28489 --seed SEED --game GAME`):
the same random stream (ChaCha8 keyed by (SEED, GAME, "game"), the grader's own unbiased
sampling, src/rng.rs), the same tiles, rules, end and score, and the same reading of replies
(src/interact.rs). Standard library only.

Exit codes and FEEDBACK_DIR/judgemessage.txt:
  42  the game ended by the rules (a move that changed nothing; `-1` was sent):
      `score S moves M` (S the largest tile, M the moves that changed the board);
  43  a reply other than UP, DOWN, LEFT or RIGHT (surrounding white space aside), a reply
      longer than 256 bytes, or the submission's output ended before the game was over;
      the message names the round and gives the score and moves so far;
  43  also a game that ended by the rules with a score below N when `min_score N` is given
      (Kattis has no mean-score rule; this makes every game need N instead);
  1   its own failure (an unreadable INPUT or unknown flags): a judge error.

Run as `interactor.py --check` it checks its random stream against the golden values of
judge's own tests and exits 0.
"""

import os
import sys

# ---------------------------------------------------------------------------------------------
# ChaCha8 as rand_chacha 0.3's ChaCha8Rng::from_seed(key) draws it: the 32-byte key, a 64-bit
# block counter from 0 in words 12 and 13, stream 0 in words 14 and 15, 8 rounds; each block's
# 16 words are read in order, little-endian, and next_u64 takes two of them (low word first).

MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1
CONSTANTS = (0x61707865, 0x3320646E, 0x79622D32, 0x6B206574)  # "expand 32-byte k"


def chacha8_block(key_words, counter):
    """The 16 output words of block `counter` of ChaCha8 with the 8-word key."""
    state = list(CONSTANTS) + list(key_words) + [counter & MASK32, counter >> 32, 0, 0]
    x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15 = state
    for _ in range(4):  # 4 double rounds = 8 rounds
        # Column rounds.
        x0 = (x0 + x4) & MASK32; x12 ^= x0; x12 = ((x12 << 16) | (x12 >> 16)) & MASK32
        x8 = (x8 + x12) & MASK32; x4 ^= x8; x4 = ((x4 << 12) | (x4 >> 20)) & MASK32
        x0 = (x0 + x4) & MASK32; x12 ^= x0; x12 = ((x12 << 8) | (x12 >> 24)) & MASK32
        x8 = (x8 + x12) & MASK32; x4 ^= x8; x4 = ((x4 << 7) | (x4 >> 25)) & MASK32
        x1 = (x1 + x5) & MASK32; x13 ^= x1; x13 = ((x13 << 16) | (x13 >> 16)) & MASK32
        x9 = (x9 + x13) & MASK32; x5 ^= x9; x5 = ((x5 << 12) | (x5 >> 20)) & MASK32
        x1 = (x1 + x5) & MASK32; x13 ^= x1; x13 = ((x13 << 8) | (x13 >> 24)) & MASK32
        x9 = (x9 + x13) & MASK32; x5 ^= x9; x5 = ((x5 << 7) | (x5 >> 25)) & MASK32
        x2 = (x2 + x6) & MASK32; x14 ^= x2; x14 = ((x14 << 16) | (x14 >> 16)) & MASK32
        x10 = (x10 + x14) & MASK32; x6 ^= x10; x6 = ((x6 << 12) | (x6 >> 20)) & MASK32
        x2 = (x2 + x6) & MASK32; x14 ^= x2; x14 = ((x14 << 8) | (x14 >> 24)) & MASK32
        x10 = (x10 + x14) & MASK32; x6 ^= x10; x6 = ((x6 << 7) | (x6 >> 25)) & MASK32
        x3 = (x3 + x7) & MASK32; x15 ^= x3; x15 = ((x15 << 16) | (x15 >> 16)) & MASK32
        x11 = (x11 + x15) & MASK32; x7 ^= x11; x7 = ((x7 << 12) | (x7 >> 20)) & MASK32
        x3 = (x3 + x7) & MASK32; x15 ^= x3; x15 = ((x15 << 8) | (x15 >> 24)) & MASK32
        x11 = (x11 + x15) & MASK32; x7 ^= x11; x7 = ((x7 << 7) | (x7 >> 25)) & MASK32
        # Diagonal rounds.
        x0 = (x0 + x5) & MASK32; x15 ^= x0; x15 = ((x15 << 16) | (x15 >> 16)) & MASK32
        x10 = (x10 + x15) & MASK32; x5 ^= x10; x5 = ((x5 << 12) | (x5 >> 20)) & MASK32
        x0 = (x0 + x5) & MASK32; x15 ^= x0; x15 = ((x15 << 8) | (x15 >> 24)) & MASK32
        x10 = (x10 + x15) & MASK32; x5 ^= x10; x5 = ((x5 << 7) | (x5 >> 25)) & MASK32
        x1 = (x1 + x6) & MASK32; x12 ^= x1; x12 = ((x12 << 16) | (x12 >> 16)) & MASK32
        x11 = (x11 + x12) & MASK32; x6 ^= x11; x6 = ((x6 << 12) | (x6 >> 20)) & MASK32
        x1 = (x1 + x6) & MASK32; x12 ^= x1; x12 = ((x12 << 8) | (x12 >> 24)) & MASK32
        x11 = (x11 + x12) & MASK32; x6 ^= x11; x6 = ((x6 << 7) | (x6 >> 25)) & MASK32
        x2 = (x2 + x7) & MASK32; x13 ^= x2; x13 = ((x13 << 16) | (x13 >> 16)) & MASK32
        x8 = (x8 + x13) & MASK32; x7 ^= x8; x7 = ((x7 << 12) | (x7 >> 20)) & MASK32
        x2 = (x2 + x7) & MASK32; x13 ^= x2; x13 = ((x13 << 8) | (x13 >> 24)) & MASK32
        x8 = (x8 + x13) & MASK32; x7 ^= x8; x7 = ((x7 << 7) | (x7 >> 25)) & MASK32
        x3 = (x3 + x4) & MASK32; x14 ^= x3; x14 = ((x14 << 16) | (x14 >> 16)) & MASK32
        x9 = (x9 + x14) & MASK32; x4 ^= x9; x4 = ((x4 << 12) | (x4 >> 20)) & MASK32
        x3 = (x3 + x4) & MASK32; x14 ^= x3; x14 = ((x14 << 8) | (x14 >> 24)) & MASK32
        x9 = (x9 + x14) & MASK32; x4 ^= x9; x4 = ((x4 << 7) | (x4 >> 25)) & MASK32
    mixed = (x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15)
    return [(a + b) & MASK32 for a, b in zip(mixed, state)]


# What a stream is for (src/rng.rs, Purpose::tag): "test", "hard", "game", "othr".
PURPOSE_TEST = 0x74657374
PURPOSE_GAME = 0x67616D65


class TestRng:
    """src/rng.rs's TestRng: the stream of `purpose` number `index` under master seed `seed`."""

    def __init__(self, seed, index, purpose):
        key = (
            seed.to_bytes(8, "little")
            + index.to_bytes(8, "little")
            + purpose.to_bytes(8, "little")
            + b"judge/v1"
        )
        self.key_words = [int.from_bytes(key[i : i + 4], "little") for i in range(0, 32, 4)]
        self.counter = 0
        self.words = []
        self.at = 0

    @classmethod
    def for_game(cls, seed, game):
        return cls(seed, game, PURPOSE_GAME)

    def next_u64(self):
        # Words are only ever taken in pairs, so a pair never straddles two blocks.
        if self.at >= len(self.words):
            self.words = chacha8_block(self.key_words, self.counter)
            self.counter += 1
            self.at = 0
        low, high = self.words[self.at], self.words[self.at + 1]
        self.at += 2
        return (high << 32) | low

    def below(self, bound):
        """A uniform value in 0..bound by rejection, as TestRng::below."""
        if bound <= 0:
            raise ValueError("below(0) has no value to return")
        zone = MASK64 - (MASK64 - bound + 1) % bound
        while True:
            value = self.next_u64()
            if value <= zone:
                return value % bound


# ---------------------------------------------------------------------------------------------
# The game (src/problems/boj28489/game.rs on src/problems/game2048.rs).

SIZE = 4
GAME_OVER = "-1"
# The cells of each line, nearest the side the move pushes toward first.
LINES = {
    "UP": [[step * SIZE + k for step in range(SIZE)] for k in range(SIZE)],
    "DOWN": [[(SIZE - 1 - step) * SIZE + k for step in range(SIZE)] for k in range(SIZE)],
    "LEFT": [[k * SIZE + step for step in range(SIZE)] for k in range(SIZE)],
    "RIGHT": [[k * SIZE + (SIZE - 1 - step) for step in range(SIZE)] for k in range(SIZE)],
}


def apply_move(cells, direction):
    """Slides and merges every line toward the side, in place; returns whether anything moved.
    A block made by a merge does not merge again in the same move."""
    changed = False
    for line in LINES[direction]:
        write = 0
        open_ = False
        for read in range(SIZE):
            value = cells[line[read]]
            if value == 0:
                continue
            if open_ and cells[line[write - 1]] == value:
                cells[line[read]] = 0
                cells[line[write - 1]] = value * 2
                open_ = False
                changed = True
            else:
                if write != read:
                    cells[line[read]] = 0
                    cells[line[write]] = value
                    changed = True
                write += 1
                open_ = True
    return changed


class Game:
    def __init__(self, rng):
        self.cells = [0] * (SIZE * SIZE)
        self.rng = rng
        self.moves = 0

    def spawn_tile(self):
        """Puts a 2 on a uniformly chosen empty cell; returns the line announcing it."""
        empty = [i for i, value in enumerate(self.cells) if value == 0]
        cell = empty[self.rng.below(len(empty))]
        self.cells[cell] = 2
        return str(cell + 1)

    def score(self):
        return max(self.cells)


# ---------------------------------------------------------------------------------------------
# The pipes, read and written as src/interact.rs does.

MAX_REPLY_BYTES = 256
# Rust's char::is_whitespace (Unicode White_Space), which `str::trim` strips; Python's
# str.strip would also strip U+001C to U+001F.
WHITE_SPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
# After the game is over the submission's remaining output is read and dropped, up to this
# much, so that it can end by itself as it would with judge's game side.
DRAIN_BYTES = 1 << 20


def decode(raw):
    return raw.decode("utf-8", "replace").strip(WHITE_SPACE)


class LineReader:
    """Reads reply lines from standard input with blocking reads."""

    TOO_LONG = object()
    CLOSED = object()

    def __init__(self, fd):
        self.fd = fd
        self.buffer = b""

    def _read(self):
        while True:
            try:
                return os.read(self.fd, 4096)
            except InterruptedError:
                continue
            except OSError:
                return b""

    def read_line(self):
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                # The same limit whether the line came in one read or in several.
                if end > MAX_REPLY_BYTES:
                    return LineReader.TOO_LONG
                line, self.buffer = self.buffer[: end + 1], self.buffer[end + 1 :]
                return decode(line)
            if len(self.buffer) > MAX_REPLY_BYTES:
                return LineReader.TOO_LONG
            chunk = self._read()
            if not chunk:
                # End of output: a last line without a newline still counts as a reply.
                if not self.buffer:
                    return LineReader.CLOSED
                line, self.buffer = self.buffer, b""
                return decode(line)
            self.buffer += chunk

    def drain(self, limit):
        """Reads and drops what is left, until the end or `limit` bytes."""
        total = len(self.buffer)
        self.buffer = b""
        while total < limit:
            chunk = self._read()
            if not chunk:
                return
            total += len(chunk)


def send(fd, line):
    """One write per line. A write that fails means the submission has gone: its reply (or
    the lack of one) read next says how, so the failure itself is ignored."""
    data = (line + "\n").encode()
    try:
        while data:
            written = os.write(fd, data)
            data = data[written:]
    except OSError:
        pass


def quote(text, limit=40):
    """The reply as a message quotes it: clipped to `limit` characters, in double quotes."""
    if len(text) > limit:
        text = text[:limit] + "..."
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in escaped)
    return '"' + escaped + '"'


def play(seed, game_index, infd, outfd):
    """Plays the game to its end: (ended by the rules, message, game, reader)."""
    game = Game(TestRng.for_game(seed, game_index))
    reader = LineReader(infd)
    line = game.spawn_tile()
    rounds = 0
    while True:
        send(outfd, line)
        rounds += 1
        reply = reader.read_line()
        if reply is LineReader.TOO_LONG:
            return False, f"round {rounds}: the reply is longer than {MAX_REPLY_BYTES} bytes", game, reader
        if reply is LineReader.CLOSED:
            return False, (
                f"round {rounds}: the program's output ended before the game was over"
            ), game, reader
        if reply not in LINES:
            # The round of the last 2 announced: the opening and one after each move.
            return False, (
                f"round {game.moves + 1}: reply {quote(reply)} is not UP, DOWN, LEFT or RIGHT"
            ), game, reader
        if apply_move(game.cells, reply):
            game.moves += 1
            line = game.spawn_tile()
        else:
            send(outfd, GAME_OVER)
            return True, "", game, reader


def parse_u64(word):
    if not word.isascii() or not word.isdigit():
        raise ValueError(f"{word!r} is not an integer from 0 to 2^64 - 1")
    value = int(word)
    if value > MASK64:
        raise ValueError(f"{word} is more than 2^64 - 1")
    return value


def read_game(path):
    """(seed, game) from the input file: `SEED GAME`."""
    with open(path, "rb") as file:
        words = file.read().decode("ascii").split()
    if len(words) != 2:
        raise ValueError(f"the input must be `SEED GAME`, it has {len(words)} words")
    return parse_u64(words[0]), parse_u64(words[1])


def read_flags(flags):
    min_score = None
    at = 0
    while at < len(flags):
        if flags[at] == "min_score" and at + 1 < len(flags):
            min_score = parse_u64(flags[at + 1])
            at += 2
        else:
            raise ValueError(f"unknown flag {flags[at]!r} (known: min_score N)")
    return min_score


def self_check():
    """The golden values of src/rng.rs and src/problems/boj28489/game.rs's tests."""
    rng = TestRng(20261121, 3, PURPOSE_TEST)
    raw = [rng.next_u64() for _ in range(3)]
    bounded = [rng.below(16) for _ in range(8)]
    assert raw == [17693276627025169793, 1876873989722019647, 5764845211158652394], raw
    assert bounded == [8, 10, 9, 14, 0, 0, 15, 1], bounded

    def positions(seed, index):
        game = Game(TestRng.for_game(seed, index))
        seen = [int(game.spawn_tile())]
        while len(seen) < 10:
            direction = next(
                d for d in ("LEFT", "UP", "RIGHT", "DOWN") if apply_move(game.cells[:], d)
            )
            assert apply_move(game.cells, direction)
            seen.append(int(game.spawn_tile()))
        return seen

    assert positions(20261121, 0) == [6, 11, 10, 14, 11, 16, 4, 11, 15, 11]
    assert positions(20261121, 1) == [1, 14, 3, 3, 8, 9, 14, 10, 8, 11]
    assert positions(20261121, 15) == [15, 7, 8, 10, 8, 16, 15, 1, 6, 1]
    assert positions(7, 3) == [6, 10, 7, 8, 14, 16, 11, 2, 12, 2]
    print("interactor self-check: ok")


def main(argv):
    if argv[1:] == ["--check"]:
        self_check()
        return 0
    if len(argv) < 4:
        print("usage: interactor.py INPUT ANSWER FEEDBACK_DIR/ [min_score N]", file=sys.stderr)
        return 1
    feedback = argv[3]
    try:
        seed, game_index = read_game(argv[1])
        min_score = read_flags(argv[4:])
    except (OSError, ValueError, UnicodeDecodeError) as error:
        print(f"interactor: {error}", file=sys.stderr)
        return 1

    ended, message, game, reader = play(seed, game_index, 0, 1)
    figures = f"score {game.score()} moves {game.moves}"
    if ended:
        # As judge's game side: the submission's input ends after -1 and it must end by
        # itself; what it still writes is not read as replies. Standard output becomes
        # /dev/null, which closes the pipe and keeps descriptor 1 valid for Python's exit.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        except OSError:
            try:
                os.close(1)
            except OSError:
                pass
        reader.drain(DRAIN_BYTES)
        if min_score is not None and game.score() < min_score:
            verdict, message = 43, f"{figures}: below the minimum score {min_score}"
        else:
            verdict, message = 42, figures
    else:
        verdict, message = 43, f"{message} ({figures})"
    try:
        with open(os.path.join(feedback, "judgemessage.txt"), "w") as out:
            out.write(message + "\n")
    except OSError as error:
        print(f"interactor: cannot write the judge message: {error}", file=sys.stderr)
        return 1
    return verdict


if __name__ == "__main__":
    sys.exit(main(sys.argv))
